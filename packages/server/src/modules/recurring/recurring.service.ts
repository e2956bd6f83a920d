import { OrderDirection, OrderType, fromMinor, type CreateRecurringBody, type Locale, type Page, type RecurringPlan, type RecurringRun } from '@tradewind/contract';
import { pageAnswer, pageOf } from '../../db/paging.js';
import { translate, type MessageKey } from '../../i18n/messages.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds } from '../../lib/clock.js';
import { inTransaction, userAccounts } from '../ledger/index.js';
import { isOpenAt } from '../market/index.js';
import { affordableQuantity, placeOrder, quote, tradableInstrument, tradePermission as tradePermissionOf, type TradingDeps, walletFor } from '../trading/index.js';
import * as repo from './recurring.repository.js';
import { minuteOf, nextRunAfter, runDateOf, timeText } from './schedule.js';

export interface RecurringDeps {
  trading: TradingDeps;
}

/** Why a run was skipped: the message keys stored on the run, shown in the reader's language. */
export const SkipReason = {
  insufficientFunds: 'recurring.skip.insufficientFunds',
  marketClosed: 'recurring.skip.marketClosed',
  noPermission: 'recurring.skip.noPermission',
  amountTooSmall: 'recurring.skip.amountTooSmall',
  unavailable: 'recurring.skip.unavailable',
} as const satisfies Record<string, MessageKey>;
type SkipReason = (typeof SkipReason)[keyof typeof SkipReason];

/** A refusal of the trading service, as the reason the run was skipped. */
const refusals: Partial<Record<MessageKey, SkipReason>> = {
  'ledger.insufficientFunds': SkipReason.insufficientFunds,
  'market.closed': SkipReason.marketClosed,
  'order.permissionRequired': SkipReason.noPermission,
  'order.quantityTooSmall': SkipReason.amountTooSmall,
};
const reasonOf = (error: AppError): SkipReason => refusals[error.key] ?? SkipReason.unavailable;

export function toPlan(deps: RecurringDeps, row: repo.RecurringPlanRow): RecurringPlan {
  const instrument = deps.trading.market.catalog.get(row.source, row.stockCode);
  return {
    id: row.id,
    stockCode: row.stockCode,
    name: instrument?.name ?? row.stockCode,
    source: row.source,
    market: instrument?.market ?? '',
    amount: fromMinor(row.amount),
    currency: row.currency,
    walletType: row.walletType,
    frequency: row.frequency,
    time: timeText(row.minuteOfDay),
    weekday: row.weekday,
    dayOfMonth: row.dayOfMonth,
    status: row.status,
    nextRunTimestamp: row.nextRunAt ? toSeconds(row.nextRunAt) : null,
    createTimestamp: toSeconds(row.createdAt),
  };
}

export async function createPlan(deps: RecurringDeps, userId: number, body: CreateRecurringBody): Promise<RecurringPlan> {
  const now = deps.trading.clock.now();
  const instrument = tradableInstrument(deps.trading, body);
  const wallet = walletFor(instrument.source);
  const schedule = { frequency: body.frequency, minuteOfDay: minuteOf(body.time), weekday: body.weekday ?? null, dayOfMonth: body.dayOfMonth ?? null };
  const row = await repo.insertPlan(deps.trading.db, {
    userId,
    source: instrument.source,
    stockCode: instrument.code,
    amount: body.amount,
    currency: wallet.currency,
    walletType: wallet.walletType,
    ...schedule,
    status: 'active',
    nextRunAt: nextRunAfter(schedule, now),
    createdAt: now,
    updatedAt: now,
  });
  return toPlan(deps, row);
}

export async function listPlans(deps: RecurringDeps, userId: number): Promise<RecurringPlan[]> {
  return (await repo.userPlans(deps.trading.db, userId)).map((row) => toPlan(deps, row));
}

/** Pause, resume or cancel the caller's plan; another user's (or none) is 404, a move its status does not allow 409. */
export async function changePlan(deps: RecurringDeps, userId: number, id: number, to: 'paused' | 'active' | 'cancelled'): Promise<RecurringPlan> {
  const now = deps.trading.clock.now();
  const row = await inTransaction(deps.trading.db, async (tx) => {
    const plan = await repo.lockPlan(tx, id);
    if (!plan || plan.userId !== userId) throw AppError.notFound('recurring.notFound');
    if (plan.status === 'cancelled') throw AppError.conflict('recurring.cancelled');
    if (to === 'paused' && plan.status !== 'active') throw AppError.conflict('recurring.notActive');
    if (to === 'active' && plan.status !== 'paused') throw AppError.conflict('recurring.notPaused');
    // Resuming does not catch up on the runs a pause missed: the next run is the next one from now.
    const nextRunAt = to === 'active' ? nextRunAfter(plan, now) : null;
    return repo.updatePlan(tx, plan.id, { status: to, nextRunAt, updatedAt: now });
  });
  return toPlan(deps, row);
}

export async function planRuns(
  deps: RecurringDeps,
  userId: number,
  query: { id: number; pageNum: number; pageSize: number },
  locale: Locale,
): Promise<Page<RecurringRun>> {
  const plan = await repo.findPlan(deps.trading.db, query.id);
  if (!plan || plan.userId !== userId) throw AppError.notFound('recurring.notFound');
  const { rows, total } = await repo.planRuns(deps.trading.db, plan.id, pageOf(query));
  const orders = new Map((await repo.ordersByIds(deps.trading.db, rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])))).map((o) => [o.id, o]));
  const params = { code: plan.stockCode, wallet: plan.walletType };
  return pageAnswer(
    rows.map((run) => {
      const order = run.orderId === null ? undefined : orders.get(run.orderId);
      return {
        id: run.id,
        planId: run.planId,
        scheduledTimestamp: toSeconds(run.scheduledAt),
        status: run.status,
        quantity: run.quantity,
        reason: run.reason === null ? null : translate(locale, run.reason as MessageKey, params),
        orderId: run.orderId,
        fillPrice: order?.fillPrice ?? null,
        spent: order ? fromMinor(order.margin + order.fee) : null,
        createTimestamp: toSeconds(run.createdAt),
      };
    }),
    total,
    query,
  );
}

/** Every plan whose run is due, one after the other (the sweep on the leader calls this every second). */
export async function runDuePlans(deps: RecurringDeps): Promise<void> {
  for (const id of await repo.duePlanIds(deps.trading.db, deps.trading.clock.now())) await runPlan(deps, id);
}

/** Moves an active plan to its next run after the one just done (runs missed while down are not caught up). */
async function advance(tx: Parameters<Parameters<typeof inTransaction>[1]>[0], plan: repo.RecurringPlanRow, scheduledAt: Date, now: Date) {
  if (plan.status !== 'active' || plan.nextRunAt?.getTime() !== scheduledAt.getTime()) return;
  const after = new Date(Math.max(scheduledAt.getTime(), now.getTime()));
  await repo.updatePlan(tx, plan.id, { nextRunAt: nextRunAfter(plan, after), updatedAt: now });
}

/**
 * One scheduled run of a plan, in three steps so that it happens once whatever the runner does:
 * 1. under the plan's row lock, claim the run (UNIQUE plan + run date) with the quantity decided now,
 *    or record it skipped and why; 2. place the market buy through the trading service under the key
 *    `recurring-<planId>-<runDate>`; 3. under the lock again, record the order and move the plan on.
 * A crash after 1 or 2 leaves the run pending and the plan due: the next pass finds the claimed run
 * and places it again with the same key and quantity, which the trading service answers with the
 * order already placed. Two passes at once: the second waits on the lock, then finds the claim.
 */
export async function runPlan(deps: RecurringDeps, planId: number): Promise<void> {
  const db = deps.trading.db;
  const now = deps.trading.clock.now();
  const claimed = await inTransaction(db, async (tx) => {
    const plan = await repo.lockPlan(tx, planId);
    if (!plan || plan.status !== 'active' || !plan.nextRunAt || plan.nextRunAt > now) return null;
    const scheduledAt = plan.nextRunAt;
    const runDate = runDateOf(scheduledAt);
    const existing = await repo.findRun(tx, plan.id, runDate);
    if (existing && existing.status === 'pending') return { plan, run: existing };
    if (existing) {
      await advance(tx, plan, scheduledAt, now);
      return null;
    }
    const base = { planId: plan.id, runDate, scheduledAt, createdAt: now, updatedAt: now };
    const skip = async (reason: SkipReason) => {
      await repo.insertRun(tx, { ...base, status: 'skipped', reason });
      await advance(tx, plan, scheduledAt, now);
      return null;
    };
    const instrument = deps.trading.market.catalog.get(plan.source, plan.stockCode);
    if (!instrument) return skip(SkipReason.unavailable);
    if (!isOpenAt(instrument.calendar, now.getTime())) return skip(SkipReason.marketClosed);
    const account = (await userAccounts(tx, plan.userId)).find((a) => a.walletType === plan.walletType && a.currency === plan.currency);
    if (!account || account.balance - account.frozen < plan.amount) return skip(SkipReason.insufficientFunds);
    const q = quote(deps.trading, instrument);
    const quantity = affordableQuantity(q, q.ask, 1, plan.amount);
    if (quantity < q.rules.minCount) return skip(SkipReason.amountTooSmall);
    const run = await repo.insertRun(tx, { ...base, status: 'pending', quantity });
    return run ? { plan, run } : null;
  });
  if (!claimed) return;
  const { plan, run } = claimed;

  let outcome: { orderId: number } | { reason: SkipReason };
  try {
    const user = { id: plan.userId, tradePermission: await tradePermissionOf(db, plan.userId) };
    const input = { stockCode: plan.stockCode, source: plan.source, direction: OrderDirection.Buy, orderType: OrderType.Market, quantity: run.quantity } as const;
    const order = await placeOrder(deps.trading, user, input, `recurring-${plan.id}-${run.runDate}`);
    outcome = { orderId: order.id };
  } catch (error) {
    if (!(error instanceof AppError) || error.code >= 500) throw error;
    outcome = { reason: reasonOf(error) };
  }

  await inTransaction(db, async (tx) => {
    const locked = await repo.lockPlan(tx, plan.id);
    const current = await repo.lockRun(tx, run.id);
    if (!locked || !current || current.status !== 'pending') return;
    await repo.updateRun(
      tx,
      run.id,
      'orderId' in outcome ? { status: 'filled', orderId: outcome.orderId, updatedAt: now } : { status: 'skipped', reason: outcome.reason, updatedAt: now },
    );
    await advance(tx, locked, run.scheduledAt, now);
  });
}
