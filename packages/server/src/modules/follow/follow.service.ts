import {
  AssetSource,
  FOLLOW_AMOUNT_MAX,
  FOLLOW_AMOUNT_MIN,
  FollowStatus,
  MarketType,
  OrderDirection,
  OrderStatus,
  OrderType,
  WalletType,
  fromMinor,
  notionalMinor,
  type AdminAgency,
  type Agency,
  type AgencyInput,
  type Follow,
  type FollowHolding,
  type Page,
} from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { pageAnswer, pageOf, type PageQuery } from '../../db/paging.js';
import type { FollowRow, OrderRow, PositionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds } from '../../lib/clock.js';
import { audit } from '../audit/index.js';
import { deliverMessage } from '../inbox/index.js';
import { type AfterCommit, SystemAccount, hold as placeHold, idempotent, inTransaction, post, releaseHold, systemAccount, walletAccount as walletAccountOf } from '../ledger/index.js';
import { type Instrument, isOpenAt } from '../market/index.js';
import { type TradingDeps, closeInTransaction, followHoldings, openPosition as openTradingPosition, publish, quote as quoteOf, toPosition } from '../trading/index.js';
import * as repo from './follow.repository.js';
import { trackRecord } from './track-record.js';
import { shownMoney } from '../../i18n/shown-values.js';

/** A follow holds fractions of a share: one quantity unit is 0.0001 share (FollowTerms.multiplier). */
export const FOLLOW_MULTIPLIER = 0.0001;
const CURRENCY = 'USD';
const DAY_MS = 86_400_000;

type Deps = TradingDeps;
type PortfolioLine = { stockCode: string; weightBps: number };

/** A US stock we quote, or undefined. */
function usStock(deps: Deps, code: string): Instrument | undefined {
  const instrument = deps.market.catalog.get(AssetSource.Stock, code);
  return instrument?.marketType === MarketType.US ? instrument : undefined;
}

function toAgency(deps: Deps, row: repo.AgencyWithHoldings): Agency {
  const lines = row.holdings.flatMap((h) => {
    const instrument = usStock(deps, h.stockCode);
    return instrument ? [{ instrument, weightBps: h.weightBps }] : [];
  });
  return {
    id: row.id,
    name: row.name,
    strategy: row.strategy,
    feePercent: row.feeBps / 100,
    termDays: row.termDays,
    minAmount: FOLLOW_AMOUNT_MIN,
    maxAmount: FOLLOW_AMOUNT_MAX,
    holdings: lines.map(({ instrument, weightBps }) => {
      const state = deps.market.feed.quote(instrument);
      const change = state.previousClose > 0 ? Math.round(((state.price - state.previousClose) / state.previousClose) * 10_000) / 100 : 0;
      return { stockCode: instrument.code, name: instrument.name, market: instrument.market, weight: weightBps / 100, price: state.price, change_ratio: change };
    }),
    trackRecord: trackRecord(deps.market, lines),
  };
}

/** GET /userFollowInvest/getInvestAgencyList: the agencies taking follows, with their live track record. */
export async function listAgencies(deps: Deps): Promise<Agency[]> {
  return (await repo.agencies(deps.db)).map((row) => toAgency(deps, row));
}

// ---------------------------------------------------------------------------------------------
// A follow and its positions as the user sees them.

function toHolding(deps: Deps, position: PositionRow, orders: readonly OrderRow[]): FollowHolding {
  const opening = orders.find((o) => o.positionId === position.id && o.openClose === 0);
  const cost = opening?.margin ?? position.margin;
  const shown = toPosition(deps, position);
  // Open: what selling now would return (margin plus floating P&L); closed: what the sales returned.
  const value =
    position.status === 'open'
      ? position.margin + Math.round(shown.profit * 100)
      : orders.filter((o) => o.positionId === position.id && o.openClose === 1).reduce((sum, o) => sum + o.margin + (o.profit ?? 0), 0);
  const units = position.status === 'open' ? position.quantity : position.closedQuantity;
  return {
    positionId: position.id,
    stockCode: position.stockCode,
    name: shown.name,
    shares: Number((units * position.multiplier).toFixed(4)),
    openPrice: position.openPrice,
    nowPrice: shown.nowPrice,
    cost: fromMinor(cost),
    value: fromMinor(value),
    profit: fromMinor(value - cost),
    status: position.status,
  };
}

function toFollow(deps: Deps, row: FollowRow, agencyName: string, holdings: FollowHolding[]): Follow {
  let value = 0;
  if (row.status === FollowStatus.WaitingConfirmation || row.status === FollowStatus.WaitingSubscription) value = row.amount;
  else if (row.status === FollowStatus.Subscribed) value = holdings.reduce((sum, h) => sum + Math.round(h.value * 100), 0);
  else if (row.status === FollowStatus.Ended) value = row.proceeds ?? 0;
  const bought = row.status === FollowStatus.Subscribed || row.status === FollowStatus.Ended;
  const profit = bought ? value - row.invested - row.fee : 0;
  return {
    id: row.id,
    agencyId: row.agencyId,
    agencyName,
    status: row.status,
    amount: fromMinor(row.amount),
    feePercent: row.feeBps / 100,
    fee: fromMinor(row.fee),
    termDays: row.termDays,
    invested: fromMinor(row.invested),
    value: fromMinor(value),
    profit: fromMinor(profit),
    profitRatio: Math.round((profit / row.amount) * 10_000) / 100,
    currency: CURRENCY,
    holdings,
    reason: row.reason,
    createTimeTimestamp: toSeconds(row.createdAt),
    subscribeTimeTimestamp: row.subscribedAt ? toSeconds(row.subscribedAt) : null,
    endTimeTimestamp: row.endsAt ? toSeconds(row.endsAt) : null,
    settleTimeTimestamp: row.settledAt ? toSeconds(row.settledAt) : null,
  };
}

async function toFollows(deps: Deps, rows: readonly FollowRow[]): Promise<Follow[]> {
  const names = new Map((await repo.agencies(deps.db, { all: true })).map((a) => [a.id, a.name]));
  const { positions, orders } = await followHoldings(deps.db, rows.map((r) => r.id));
  return rows.map((row) =>
    toFollow(
      deps,
      row,
      names.get(row.agencyId) ?? '',
      positions.filter((p) => p.followId === row.id).map((p) => toHolding(deps, p, orders)),
    ),
  );
}

/** The user's follows, newest first, with value and P&L from their positions. */
export async function myFollows(deps: Deps, userId: number, query: PageQuery): Promise<Page<Follow>> {
  const { rows, total } = await repo.userFollows(deps.db, userId, pageOf(query));
  return pageAnswer(await toFollows(deps, rows), total, query);
}

// ---------------------------------------------------------------------------------------------
// Placing a follow, and the sweep that confirms, buys and ends it.

/**
 * POST /userFollowInvest/add: freezes the amount in the FOLLOW wallet and records the follow,
 * waiting for confirmation, with the agency's terms and portfolio as they are now. The sweep
 * (`onPlaced`, then every second) confirms and buys it.
 */
export async function addFollow(
  deps: Deps,
  userId: number,
  body: { agencyId: number; amount: number },
  idempotencyKey: string | undefined,
  onPlaced: () => void,
): Promise<Follow> {
  const now = deps.clock.now();
  const [agency] = await repo.agencies(deps.db, { id: body.agencyId });
  if (!agency || agency.holdings.length === 0) throw AppError.notFound('follow.agencyUnavailable');
  const wallet = await walletAccountOf(deps.db, userId, WalletType.FOLLOW, CURRENCY, now);
  return idempotent(deps.db, { userId, key: idempotencyKey, route: '/userFollowInvest/add', body, now }, async (tx, afterCommit) => {
    const hold = await placeHold(tx, { accountId: wallet, amount: body.amount, referenceType: 'follow', referenceId: null }, now);
    const row = await repo.insertFollow(tx, {
      userId,
      agencyId: agency.id,
      status: FollowStatus.WaitingConfirmation,
      amount: body.amount,
      feeBps: agency.feeBps,
      termDays: agency.termDays,
      portfolio: agency.holdings.map((h) => ({ stockCode: h.stockCode, weightBps: h.weightBps })),
      holdId: hold.id,
      createdAt: now,
    });
    afterCommit(onPlaced);
    return toFollow(deps, row, agency.name, []);
  });
}

type Step = (deps: Deps, tx: Database, afterCommit: AfterCommit, follow: FollowRow, now: Date) => Promise<void>;

/** Confirmation: the agency still takes follows and every instrument is still quoted; otherwise the money is released. */
const confirm: Step = async (deps, tx, afterCommit, follow, now) => {
  const [agency] = await repo.agencies(tx, { id: follow.agencyId });
  const quoted = follow.portfolio.every((line) => usStock(deps, line.stockCode) !== undefined);
  if (agency && quoted) {
    await repo.updateFollow(tx, follow.id, { status: FollowStatus.WaitingSubscription, confirmedAt: now });
    return;
  }
  const reason = agency ? 'An instrument of the portfolio is no longer quoted' : 'The agency no longer takes follows';
  await releaseHold(tx, follow.holdId, 'voided', now);
  await repo.updateFollow(tx, follow.id, { status: FollowStatus.Rejected, reason });
  await deliverMessage(tx, afterCommit, deps.notify, {
    userId: follow.userId,
    notice: {
      title: 'notice.followRejectedTitle',
      body: agency ? 'notice.followRejectedDelistedBody' : 'notice.followRejectedAgencyBody',
      params: { amount: shownMoney(follow.amount, CURRENCY) },
    },
    createdAt: now,
  });
};

/**
 * Share subscription: the fee is charged and the rest bought at the ask across the portfolio, in
 * units of 0.0001 share; what rounds below a unit stays in the FOLLOW wallet. Only while the market
 * is open (the sweep checks before it starts).
 */
const subscribe: Step = async (deps, tx, afterCommit, follow, now) => {
  const wallet = await walletAccountOf(tx, follow.userId, WalletType.FOLLOW, CURRENCY, now);
  const accounts = {
    walletAccount: wallet,
    marginAccount: await systemAccount(tx, SystemAccount.Margin, CURRENCY, now),
    feesAccount: await systemAccount(tx, SystemAccount.Fees, CURRENCY, now),
  };
  await releaseHold(tx, follow.holdId, 'posted', now);
  const fee = Math.round((follow.amount * follow.feeBps) / 10_000);
  await post(
    tx,
    {
      kind: 'follow-fee',
      userId: follow.userId,
      referenceType: 'follow',
      referenceId: follow.id,
      memo: { key: 'memo.followFee', params: { percent: follow.feeBps / 100 } },
      lines: [
        { accountId: wallet, currency: CURRENCY, amount: -fee },
        { accountId: accounts.feesAccount, currency: CURRENCY, amount: fee },
      ],
    },
    now,
  );
  const budget = follow.amount - fee;
  let invested = 0;
  const opened: Array<{ order: OrderRow; position: PositionRow }> = [];
  for (const line of follow.portfolio) {
    const instrument = usStock(deps, line.stockCode)!;
    const q = quoteOf(deps, instrument);
    const share = Math.floor((budget * line.weightBps) / 10_000);
    // The margin openPosition books for a follow (unlevered, no commission): the contract's notional.
    const costOf = (units: number) => notionalMinor({ price: q.ask, quantity: units, multiplier: FOLLOW_MULTIPLIER, rate: q.rate });
    let units = Math.floor(share / (q.ask * FOLLOW_MULTIPLIER * q.rate * 100));
    while (units > 0 && costOf(units) > share) units--;
    if (units === 0) continue;
    const order = {
      userId: follow.userId,
      source: AssetSource.Stock,
      stockCode: instrument.code,
      direction: OrderDirection.Buy,
      orderType: OrderType.Market,
      openClose: 0,
      status: OrderStatus.InProgress,
      price: null,
      quantity: units,
      leverage: 1,
      currency: CURRENCY,
      walletType: WalletType.FOLLOW,
      createdAt: now,
      updatedAt: now,
    };
    const done = await openTradingPosition(deps, tx, order, instrument, q.ask, q.rate, accounts, now, { followId: follow.id, multiplier: FOLLOW_MULTIPLIER });
    invested += done.position.margin;
    opened.push(done);
  }
  const endsAt = new Date(now.getTime() + follow.termDays * DAY_MS);
  await repo.updateFollow(tx, follow.id, { status: FollowStatus.Subscribed, fee, invested, subscribedAt: now, endsAt });
  await deliverMessage(tx, afterCommit, deps.notify, {
    userId: follow.userId,
    notice: {
      title: 'notice.followSubscribedTitle',
      body: 'notice.followSubscribedBody',
      params: {
        amount: shownMoney(follow.amount, CURRENCY),
        count: opened.length,
        invested: shownMoney(invested, CURRENCY),
        fee: shownMoney(fee, CURRENCY),
        date: endsAt.toISOString().slice(0, 10),
      },
    },
    createdAt: now,
  });
  afterCommit(() => opened.forEach((done) => publish(deps, done)));
};

/** Term end: every position still open is sold at the bid; the sales' proceeds are in the FOLLOW wallet. */
const settle: Step = async (deps, tx, afterCommit, follow, now) => {
  const before = await followHoldings(tx, [follow.id]);
  const closes: OrderRow[] = [];
  for (const position of before.positions.filter((p) => p.status === 'open')) {
    const done = await closeInTransaction(deps, tx, afterCommit, { userId: null, positionId: position.id, quantity: undefined, reason: 'expiry' }, now);
    closes.push(done.order);
  }
  // Positions the engine liquidated earlier returned their money then; they count as proceeds too.
  const proceeds = [...before.orders, ...closes].filter((o) => o.openClose === 1).reduce((sum, o) => sum + o.margin + (o.profit ?? 0), 0);
  await repo.updateFollow(tx, follow.id, { status: FollowStatus.Ended, proceeds, settledAt: now });
  const result = proceeds - follow.invested - follow.fee;
  await deliverMessage(tx, afterCommit, deps.notify, {
    userId: follow.userId,
    notice: {
      title: 'notice.followEndedTitle',
      body: 'notice.followEndedBody',
      params: { amount: shownMoney(follow.amount, CURRENCY), proceeds: shownMoney(proceeds, CURRENCY), result: shownMoney(result, CURRENCY, { signed: true }) },
    },
    createdAt: now,
  });
};

/** The step a follow is due for now, if any (subscription and term end wait for the market to be open). */
function dueStep(deps: Deps, follow: FollowRow, now: Date): Step | undefined {
  const marketOpen = () => follow.portfolio.every((line) => {
    const instrument = usStock(deps, line.stockCode);
    return instrument !== undefined && isOpenAt(instrument.calendar, now.getTime());
  });
  if (follow.status === FollowStatus.WaitingConfirmation) return confirm;
  if (follow.status === FollowStatus.WaitingSubscription) return marketOpen() ? subscribe : undefined;
  if (follow.status === FollowStatus.Subscribed && follow.endsAt !== null && follow.endsAt <= now) return marketOpen() ? settle : undefined;
  return undefined;
}

/**
 * Moves every due follow one or more steps on: confirm, subscribe, end. Each step runs in its own
 * transaction under the follow's row lock and re-checks the status, so overlapping sweeps (or
 * several servers) act once. Returns how many steps were taken.
 */
export async function sweepFollows(deps: Deps): Promise<number> {
  let steps = 0;
  for (const candidate of await repo.dueFollows(deps.db, deps.clock.now())) {
    for (;;) {
      const now = deps.clock.now();
      const acted = await inTransaction(deps.db, async (tx, afterCommit) => {
        const follow = await repo.lockFollow(tx, candidate.id);
        const step = follow && dueStep(deps, follow, now);
        if (!follow || !step) return false;
        await step(deps, tx, afterCommit, follow, now);
        return true;
      });
      if (!acted) break;
      steps++;
    }
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------
// The back office.

/** Checks and converts a model portfolio: US stocks we quote, each once, weights adding up to 100 %. */
function portfolioOf(deps: Deps, holdings: AgencyInput['holdings']): PortfolioLine[] {
  const seen = new Set<string>();
  const lines = holdings.map((h) => {
    const instrument = usStock(deps, h.stockCode);
    if (!instrument) throw AppError.badRequest('agency.unknownInstrument', { code: h.stockCode });
    if (seen.has(instrument.code)) throw AppError.badRequest('agency.duplicateInstrument', { code: instrument.code });
    seen.add(instrument.code);
    return { stockCode: instrument.code, weightBps: Math.round(h.weight * 100) };
  });
  const sum = lines.reduce((total, line) => total + line.weightBps, 0);
  if (sum !== 10_000) throw AppError.badRequest('agency.weightsSum', { sum: sum / 100 });
  return lines;
}

function agencyFields(input: AgencyInput, now: Date) {
  return {
    name: input.name,
    strategy: input.strategy,
    feeBps: Math.round(input.feePercent * 100),
    termDays: input.termDays,
    active: input.active ?? true,
    updatedAt: now,
  };
}

export async function adminAgencies(deps: Deps): Promise<AdminAgency[]> {
  const rows = await repo.agencies(deps.db, { all: true });
  const open = await repo.openFollowCounts(deps.db);
  return rows.map((row) => ({
    ...toAgency(deps, row),
    active: row.active,
    openFollows: open.get(row.id) ?? 0,
    createTimeTimestamp: toSeconds(row.createdAt),
    modifyTimeTimestamp: toSeconds(row.updatedAt),
  }));
}

async function adminAgency(deps: Deps, id: number): Promise<AdminAgency> {
  const found = (await adminAgencies(deps)).find((a) => a.id === id);
  if (!found) throw AppError.notFound();
  return found;
}

/** Creates an agency or, with `id`, replaces its terms and portfolio (follows already placed keep theirs); audited. */
export async function saveAgency(deps: Deps, admin: { id: number; ip: string }, input: AgencyInput, id?: number): Promise<AdminAgency> {
  const now = deps.clock.now();
  const portfolio = portfolioOf(deps, input.holdings);
  const savedId = await inTransaction(deps.db, async (tx) => {
    let before: repo.AgencyWithHoldings | undefined;
    let agencyId: number;
    if (id === undefined) {
      agencyId = (await repo.insertAgency(tx, { ...agencyFields(input, now), createdAt: now }))!.id;
    } else {
      if (!(await repo.lockAgency(tx, id))) throw AppError.notFound();
      [before] = await repo.agencies(tx, { all: true, id });
      await repo.updateAgency(tx, id, agencyFields(input, now));
      agencyId = id;
    }
    await repo.replaceHoldings(tx, agencyId, portfolio);
    const snapshot = (a: { name: string; feeBps: number; termDays: number; active: boolean }, lines: readonly PortfolioLine[]) => ({
      name: a.name,
      feePercent: a.feeBps / 100,
      termDays: a.termDays,
      active: a.active,
      holdings: lines.map((l) => `${l.stockCode} ${l.weightBps / 100} %`),
    });
    await audit(
      tx,
      {
        actorUserId: admin.id,
        action: id === undefined ? 'agency.create' : 'agency.update',
        subject: `agency:${agencyId}`,
        detail: { ...(before && { before: snapshot(before, before.holdings) }), after: snapshot(agencyFields(input, now), portfolio) },
        ip: admin.ip,
      },
      now,
    );
    return agencyId;
  });
  return adminAgency(deps, savedId);
}
