import { inArray, sql } from 'drizzle-orm';
import { runFixed, type Database, type FixedQuery } from '../../db/client.js';
import { positions, type PositionRow } from '../../db/schema.js';
import type { RowVersion } from './order-batch.repository.js';

// The batched close path's statements (issue 22): the positions read ahead of the batch with their
// row versions, ids taken ahead, and every close of a batch written in one statement that applies
// each close only if its position's row is still the version it was decided on.

/** A position's row as read, and its row version (`xmin`), which any later update changes. */
export interface VersionedPosition {
  row: PositionRow;
  version: RowVersion;
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
  /** For the owner's inbox message, which the engine's closes write (user closes leave it unused). */
  message: number;
}

const allocateQuery: FixedQuery = {
  name: 'close_batch_ids',
  text: `SELECT nextval('orders_id_seq')::text AS "order", nextval('journal_entries_id_seq')::text AS entry,
         nextval('user_messages_id_seq')::text AS message FROM generate_series(1, $1::int)`,
};

/** `count` sets of ids (one round trip for many batches; ids a close that was not applied took are skipped). */
export async function allocateCloseIds(db: Database, count: number): Promise<CloseIds[]> {
  const rows = await runFixed<Record<keyof CloseIds, string>>(db, allocateQuery, [count]);
  return rows.map((row) => ({ order: Number(row.order), entry: Number(row.entry), message: Number(row.message) }));
}

/** One close's rows, in the statement's column names, each tagged with the position it belongs to. */
export interface CloseRows {
  positionId: number;
  position: Record<string, unknown> & { id: number; version: string };
  order: Record<string, unknown>;
  entry: Record<string, unknown>;
  postings: ReadonlyArray<Record<string, unknown>>;
  idempotency: Record<string, unknown> | null;
  /** The owner's inbox message (an engine's close), or null. */
  message: Record<string, unknown> | null;
}

/**
 * Every close of a batch in one statement (the function of migration 0043): a close's rows are written only if its
 * position still has the row version it was decided on, so each close is all or nothing on its own.
 */
const writeQuery: FixedQuery = {
  name: 'close_batch_write',
  text: 'SELECT id::text AS id, pg_current_xact_id()::xid::text AS version FROM close_batch_write($1::jsonb, $2::jsonb, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb) AS id',
};

/** Writes the closes whose positions are unchanged, in one statement; answers those positions' ids and the version the statement left on them. */
export async function writeCloses(db: Database, closes: readonly CloseRows[]): Promise<{ applied: Set<number>; version: RowVersion | null }> {
  const json = (rows: readonly unknown[]) => JSON.stringify(rows);
  const rows = await runFixed<{ id: string; version: RowVersion }>(db, writeQuery, [
    json(closes.map((c) => c.position)),
    json(closes.map((c) => c.order)),
    json(closes.map((c) => c.entry)),
    json(closes.flatMap((c) => c.postings)),
    json(closes.flatMap((c) => (c.idempotency ? [c.idempotency] : []))),
    json(closes.flatMap((c) => (c.message ? [c.message] : []))),
  ]);
  return { applied: new Set(rows.map((row) => Number(row.id))), version: rows[0]?.version ?? null };
}
