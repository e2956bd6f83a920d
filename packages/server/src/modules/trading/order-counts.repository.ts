import { OrderStatus } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

/** Orders in the database (all processes) by status, for the `tradewind_orders` gauge. */
export async function countOrdersByStatus(db: Database): Promise<{ status: number; count: number }[]> {
  const rows = await queryRows<{ status: number; count: string | number }>(db, sql`SELECT status, count(*) AS count FROM orders GROUP BY status`);
  return rows.map((row) => ({ status: Number(row.status), count: Number(row.count) }));
}

/** Filled orders in the database (all processes), for the `tradewind_fills` gauge. */
export async function countFilledOrders(db: Database): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(db, sql`SELECT count(*) AS count FROM orders WHERE status = ${OrderStatus.Success}`);
  return Number(row?.count ?? 0);
}
