import { runFixed, type Database, type FixedQuery, type FixedRunner } from '../../db/client.js';
import type { OrderRow, PositionRow } from '../../db/schema.js';

// The batched order path's two statements (issue 22): ids taken ahead from the sequences, and every
// row of many orders written in one statement. Both texts are fixed, so PostgreSQL prepares them
// once per connection.

/** The ids one order may need, taken from the sequences before its rows are built so they can link up. */
export interface OrderIds {
  position: number;
  order: number;
  entry: number;
  hold: number;
}

const allocateQuery: FixedQuery = {
  name: 'order_batch_ids',
  text: `SELECT nextval('positions_id_seq')::text AS position, nextval('orders_id_seq')::text AS "order",
                nextval('journal_entries_id_seq')::text AS entry, nextval('holds_id_seq')::text AS hold
         FROM generate_series(1, $1::int)`,
};

/** `count` sets of ids (one round trip for many batches; ids a failed batch took are simply skipped). */
export async function allocateIds(db: Database, count: number): Promise<OrderIds[]> {
  const rows = await runFixed<Record<keyof OrderIds, string>>(db, allocateQuery, [count]);
  return rows.map((row) => ({ position: Number(row.position), order: Number(row.order), entry: Number(row.entry), hold: Number(row.hold) }));
}

/** Everything one order writes: its rows with their ids, built in memory before the batch goes out. */
export interface OrderWrite {
  order: OrderRow;
  position: PositionRow | null;
  entry: { id: number; kind: string; userId: number; referenceType: string; referenceId: number; memo: string; memoKey: string | null; memoParams: string | null; createdAt: Date } | null;
  postings: ReadonlyArray<{ entryId: number; accountId: number; currency: string; amount: number; createdAt: Date }>;
  hold: { id: number; accountId: number; amount: number; referenceType: string; createdAt: Date } | null;
  idempotency: { userId: number; key: string; requestHash: string; response: unknown; createdAt: Date } | null;
}

/**
 * Every row of many orders in one statement: the function of migration 0035, planned once per connection. The
 * parameters are JSON text cast to jsonb in the statement, so every driver sends the text as it is.
 */
const writeQuery: FixedQuery = {
  name: 'order_batch_write',
  text: `SELECT order_batch_write($1::text::jsonb, $2::text::jsonb, $3::text::jsonb, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb) AS orders,
                pg_current_xact_id()::xid::text AS version`,
};

let lastTime = Number.NaN;
let lastIso = '';
/**
 * A date as JSON writes it. An order's rows share one instant, and `toISOString` for each of its ~10 dates was two
 * thirds of serialising the order (19 of 28 µs), so the last instant's text is kept.
 */
function iso(date: Date): string;
function iso(date: Date | null): string | null;
function iso(date: Date | null): string | null {
  if (date === null) return null;
  const time = date.getTime();
  if (time !== lastTime) {
    lastIso = date.toISOString();
    lastTime = time;
  }
  return lastIso;
}

// Each table's rows as the statement's recordsets read them: explicit literals of exactly the listed
// columns (a generic camel-to-snake copy made each row a dictionary-mode object, and serialising
// those was a tenth of the order path's CPU).
const positionJson = (p: PositionRow) => ({
  id: p.id, user_id: p.userId, source: p.source, stock_code: p.stockCode, contract: p.contract, direction: p.direction, quantity: p.quantity,
  open_price: p.openPrice, multiplier: p.multiplier, leverage: p.leverage, wallet_type: p.walletType, currency: p.currency, margin: p.margin,
  expires_at: iso(p.expiresAt), take_profit: p.takeProfit, stop_loss: p.stopLoss, created_at: iso(p.createdAt),
});
const holdJson = (h: NonNullable<OrderWrite['hold']>) => ({ id: h.id, account_id: h.accountId, amount: h.amount, reference_type: h.referenceType, created_at: iso(h.createdAt) });
const orderJson = (o: OrderRow) => ({
  id: o.id, user_id: o.userId, source: o.source, stock_code: o.stockCode, direction: o.direction, order_type: o.orderType, open_close: o.openClose,
  status: o.status, price: o.price, quantity: o.quantity, leverage: o.leverage, fill_price: o.fillPrice, fee: o.fee, margin: o.margin,
  currency: o.currency, wallet_type: o.walletType, position_id: o.positionId, hold_id: o.holdId, trigger_price: o.triggerPrice,
  take_profit: o.takeProfit, stop_loss: o.stopLoss, contract: o.contract, time_in_force: o.timeInForce, expires_at: iso(o.expiresAt), created_at: iso(o.createdAt),
});
const entryJson = (e: NonNullable<OrderWrite['entry']>) => ({
  id: e.id, kind: e.kind, user_id: e.userId, reference_type: e.referenceType, reference_id: e.referenceId, memo: e.memo, memo_key: e.memoKey,
  memo_params: e.memoParams, created_at: iso(e.createdAt),
});
const postingJson = (p: OrderWrite['postings'][number]) => ({ entry_id: p.entryId, account_id: p.accountId, currency: p.currency, amount: p.amount, created_at: iso(p.createdAt) });
const keyJson = (k: NonNullable<OrderWrite['idempotency']>) => ({
  user_id: k.userId, key: k.key, request_hash: k.requestHash, response: k.response ?? null, created_at: iso(k.createdAt),
});

/** The statement's transaction id: the row version (`xmin`) of every row it wrote. */
export type RowVersion = string;

/**
 * One order's rows as the JSON of its elements in the statement's six recordsets, made when the order is built (as its
 * request is handled) so that a batch is only joined and sent once the statement before it commits.
 */
export interface OrderWriteJson {
  position: string | null;
  hold: string | null;
  order: string;
  entry: string | null;
  /** The order's postings, comma-separated; empty when it has none. */
  postings: string;
  key: string | null;
}

export function orderWriteJson(w: OrderWrite): OrderWriteJson {
  const json = JSON.stringify;
  return {
    position: w.position && json(positionJson(w.position)),
    hold: w.hold && json(holdJson(w.hold)),
    order: json(orderJson(w.order)),
    entry: w.entry && json(entryJson(w.entry)),
    postings: w.postings.map((p) => json(postingJson(p))).join(','),
    key: w.idempotency && json(keyJson(w.idempotency)),
  };
}

/** Writes the rows of all `writes` in one statement, through `run`: all of them or, on any error, none. */
export async function writeOrders(run: FixedRunner, writes: readonly OrderWriteJson[]): Promise<{ orders: number; version: RowVersion }> {
  const positions: string[] = [];
  const holds: string[] = [];
  const orders: string[] = [];
  const entries: string[] = [];
  const postings: string[] = [];
  const keys: string[] = [];
  for (const w of writes) {
    if (w.position) positions.push(w.position);
    if (w.hold) holds.push(w.hold);
    orders.push(w.order);
    if (w.entry) entries.push(w.entry);
    if (w.postings) postings.push(w.postings);
    if (w.key) keys.push(w.key);
  }
  const values = [positions, holds, orders, entries, postings, keys].map((list) => `[${list.join(',')}]`);
  const [row] = await run<{ orders: number; version: RowVersion }>(writeQuery, values);
  return { orders: row!.orders, version: row!.version };
}
