import { inArray, sql } from 'drizzle-orm';
import { runFixed, type Database, type FixedQuery } from '../../db/client.js';
import { positions, type PositionRow } from '../../db/schema.js';

// The batched close path's statements (issue 22): the positions read ahead of the batch with their
// row versions, ids taken ahead, and every close of a batch written in one statement that applies
// each close only if its position's row is still the version it was decided on.

/** A position's row as read, and its row version (`xmin`), which any later update changes. */
export interface VersionedPosition {
  row: PositionRow;
  version: string;
}

export async function readPositions(db: Database, ids: readonly number[]): Promise<Map<number, VersionedPosition>> {
  const rows = await db
    .select({ row: positions, version: sql<string>`${positions}.xmin::text` })
    .from(positions)
    .where(inArray(positions.id, [...ids]));
  return new Map(rows.map((read) => [read.row.id, read]));
}

export interface CloseIds {
  order: number;
  entry: number;
}

const allocateQuery: FixedQuery = {
  name: 'close_batch_ids',
  text: `SELECT nextval('orders_id_seq')::text AS "order", nextval('journal_entries_id_seq')::text AS entry FROM generate_series(1, $1::int)`,
};

/** `count` pairs of ids (one round trip for many batches; ids a close that was not applied took are skipped). */
export async function allocateCloseIds(db: Database, count: number): Promise<CloseIds[]> {
  const rows = await runFixed<Record<keyof CloseIds, string>>(db, allocateQuery, [count]);
  return rows.map((row) => ({ order: Number(row.order), entry: Number(row.entry) }));
}

/** One close's rows, in the statement's column names, each tagged with the position it belongs to. */
export interface CloseRows {
  positionId: number;
  position: Record<string, unknown> & { id: number; version: string };
  order: Record<string, unknown>;
  entry: Record<string, unknown>;
  postings: ReadonlyArray<Record<string, unknown>>;
  idempotency: Record<string, unknown> | null;
}

/*
 * Every row of a close is written only if its position's update matched (`position_id IN u`), so
 * each close in the statement is all or nothing on its own: a position another close or the engine
 * changed since it was read is left alone, and that close is then made by itself under the row's
 * lock. The ledger's triggers and CHECKs run as for a single close; postings go in account-id order.
 */
const writeQuery: FixedQuery = {
  name: 'close_batch_write',
  text: `WITH
  u AS (
    UPDATE positions AS p
    SET quantity = x.quantity, closed_quantity = x.closed_quantity, close_price = x.close_price, margin = x.margin,
        realized_pnl = x.realized_pnl, status = x.status, updated_at = x.updated_at
    FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, version text, quantity bigint, closed_quantity bigint, close_price numeric,
      margin bigint, realized_pnl bigint, status text, updated_at timestamptz)
    WHERE p.id = x.id AND p.xmin = x.version::xid
    RETURNING p.id),
  o AS (
    INSERT INTO orders (id, user_id, source, stock_code, direction, order_type, open_close, status, quantity, leverage, fill_price,
                        fee, margin, profit, currency, wallet_type, position_id, follow_id, reason, created_at, updated_at)
    SELECT id, user_id, source, stock_code, direction, order_type, open_close, status, quantity, leverage, fill_price,
           fee, margin, profit, currency, wallet_type, position_id, follow_id, reason, created_at, created_at
    FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, user_id bigint, source smallint, stock_code text, direction smallint,
      order_type smallint, open_close smallint, status smallint, quantity bigint, leverage integer, fill_price numeric, fee bigint,
      margin bigint, profit bigint, currency text, wallet_type text, position_id bigint, follow_id bigint, reason text,
      created_at timestamptz)
    WHERE x.position_id IN (SELECT id FROM u)
    RETURNING 1),
  e AS (
    INSERT INTO journal_entries (id, kind, user_id, reference_type, reference_id, memo, memo_key, memo_params, created_at)
    SELECT id, kind, user_id, 'order', reference_id, memo, memo_key, memo_params::jsonb, created_at
    FROM jsonb_to_recordset($3::jsonb) AS x(id bigint, kind text, user_id bigint, reference_id bigint, memo text, memo_key text,
      memo_params text, created_at timestamptz, position_id bigint)
    WHERE x.position_id IN (SELECT id FROM u)
    RETURNING 1),
  t AS (
    INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
    SELECT entry_id, account_id, currency, amount, created_at
    FROM jsonb_to_recordset($4::jsonb) AS x(entry_id bigint, account_id bigint, currency text, amount bigint, created_at timestamptz,
      position_id bigint)
    WHERE x.position_id IN (SELECT id FROM u)
    ORDER BY account_id, entry_id
    RETURNING 1),
  k AS (
    INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
    SELECT user_id, key, request_hash, response, created_at
    FROM jsonb_to_recordset($5::jsonb) AS x(user_id bigint, key text, request_hash text, response jsonb, created_at timestamptz,
      position_id bigint)
    WHERE x.position_id IN (SELECT id FROM u)
    RETURNING 1)
SELECT id::text AS id FROM u`,
};

/** Writes the closes whose positions are unchanged, in one statement; answers those positions' ids. */
export async function writeCloses(db: Database, closes: readonly CloseRows[]): Promise<Set<number>> {
  const json = (rows: readonly unknown[]) => JSON.stringify(rows);
  const rows = await runFixed<{ id: string }>(db, writeQuery, [
    json(closes.map((c) => c.position)),
    json(closes.map((c) => c.order)),
    json(closes.map((c) => c.entry)),
    json(closes.flatMap((c) => c.postings)),
    json(closes.flatMap((c) => (c.idempotency ? [c.idempotency] : []))),
  ]);
  return new Set(rows.map((row) => Number(row.id)));
}
