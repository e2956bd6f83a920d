import { inArray, sql } from 'drizzle-orm';
import { runFixed, type Database, type FixedQuery } from '../../db/client.js';
import { orders, type OrderRow } from '../../db/schema.js';
import type { RowVersion } from './order-batch.repository.js';

// The batched fill path's statements (issue 22): the resting orders read ahead of the batch with their row versions,
// ids taken ahead, and every fill of a batch written in one statement that applies each fill only if its order's row
// is still the version it was decided on.

/** A resting order's row as read, and its row version (`xmin`), which any later update changes. */
export interface VersionedOrder {
  row: OrderRow;
  version: RowVersion;
}

export async function readOrders(db: Database, ids: readonly number[]): Promise<Map<number, VersionedOrder>> {
  const rows = await db
    .select({ row: orders, version: sql<string>`${orders}.xmin::text` })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((read) => [read.row.id, read]));
}

export interface FillIds {
  position: number;
  entry: number;
}

const allocateQuery: FixedQuery = {
  name: 'fill_batch_ids',
  text: `SELECT nextval('positions_id_seq')::text AS position, nextval('journal_entries_id_seq')::text AS entry FROM generate_series(1, $1::int)`,
};

/** `count` sets of ids (one round trip for many batches; ids a fill that was not applied took are skipped). */
export async function allocateFillIds(db: Database, count: number): Promise<FillIds[]> {
  const rows = await runFixed<Record<keyof FillIds, string>>(db, allocateQuery, [count]);
  return rows.map((row) => ({ position: Number(row.position), entry: Number(row.entry) }));
}

/** One fill's rows, in the statement's column names, each tagged with the order it belongs to. */
export interface FillRows {
  orderId: number;
  order: Record<string, unknown> & { id: number; version: string; wallet_account: number };
  position: Record<string, unknown> & { order_id: number };
  entry: Record<string, unknown> & { reference_id: number };
  postings: ReadonlyArray<Record<string, unknown> & { order_id: number }>;
}

/**
 * Every fill of a batch in one statement (the function of migration 0044): a fill's rows are written only if its order
 * still has the row version it was decided on, so each fill is all or nothing on its own.
 */
const writeQuery: FixedQuery = {
  name: 'fill_batch_write',
  text: 'SELECT id::text AS id, pg_current_xact_id()::xid::text AS version FROM fill_batch_write($1::jsonb, $2::jsonb, $3::jsonb, $4::jsonb) AS id',
};

/** Writes the fills whose orders are unchanged, in one statement; answers those orders' ids and the version the statement left on its rows. */
export async function writeFills(db: Database, fills: readonly FillRows[]): Promise<{ applied: Set<number>; version: RowVersion | null }> {
  const json = (rows: readonly unknown[]) => JSON.stringify(rows);
  const rows = await runFixed<{ id: string; version: RowVersion }>(db, writeQuery, [
    json(fills.map((f) => f.order)),
    json(fills.map((f) => f.position)),
    json(fills.map((f) => f.entry)),
    json(fills.flatMap((f) => f.postings)),
  ]);
  return { applied: new Set(rows.map((row) => Number(row.id))), version: rows[0]?.version ?? null };
}
