import type { CreateAlertBody, Locale, PriceAlert } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { deliverMessage, type MessageNotifier } from '../inbox/index.js';
import { inTransaction } from '../ledger/index.js';
import { type Instrument, type MarketDeps, resolveInstrument } from '../market/index.js';
import * as repo from './alerts.repository.js';
import { shownNumber, shownPrice } from '../../i18n/shown-values.js';

/** At most this many active alerts per user: enough for a watchlist, not a way to load the engine. */
export const MAX_ACTIVE_ALERTS = 50;

export interface AlertEvents {
  /** An alert was created or deleted here: the runner (re)indexes it. */
  alertChanged(row: repo.PriceAlertRow, active: boolean): void;
  /** An alert fired: its owner's apps hear of it (after the commit). */
  alertFired(row: repo.PriceAlertRow, alert: PriceAlert): void;
}

export interface AlertDeps {
  db: Database;
  clock: Clock;
  market: MarketDeps;
  notify: MessageNotifier;
  events: AlertEvents;
}

export function toAlert(deps: Pick<AlertDeps, 'market'>, row: repo.PriceAlertRow): PriceAlert {
  const instrument = deps.market.catalog.get(row.source, row.stockCode);
  return {
    id: row.id,
    stockCode: row.stockCode,
    name: instrument?.name ?? row.stockCode,
    source: row.source,
    market: instrument?.market ?? '',
    kind: row.kind,
    direction: row.direction,
    targetPrice: row.targetPrice,
    basePrice: row.basePrice,
    percent: row.percent,
    status: row.status,
    triggeredPrice: row.triggeredPrice,
    triggeredTimestamp: row.triggeredAt ? toSeconds(row.triggeredAt) : null,
    createTimestamp: toSeconds(row.createdAt),
  };
}

/** The alert's target price, rounded to the instrument's precision (a percent move from `base`). */
function targetOf(instrument: Instrument, body: CreateAlertBody, base: number): number {
  if (body.kind === 'price') return body.price ?? 0;
  const factor = 1 + ((body.direction === 'above' ? 1 : -1) * (body.percent ?? 0)) / 100;
  return Number((base * factor).toFixed(Math.max(instrument.precision, 2)));
}

/** True when `price` has reached the alert's target on its side. */
export function reached(alert: Pick<repo.PriceAlertRow, 'direction' | 'targetPrice'>, price: number): boolean {
  return alert.direction === 'above' ? price >= alert.targetPrice : price <= alert.targetPrice;
}

export async function createAlert(deps: AlertDeps, userId: number, body: CreateAlertBody, locale: Locale): Promise<PriceAlert> {
  const instrument = resolveInstrument(deps.market, body);
  const base = deps.market.feed.quote(instrument).price;
  const target = targetOf(instrument, body, base);
  // A price alert already reached would fire at once: refused, naming the field (a percent is always away from the price).
  if (body.kind === 'price' && reached({ direction: body.direction, targetPrice: target }, base)) {
    throw AppError.badRequest(body.direction === 'above' ? 'alert.priceAbove' : 'alert.priceBelow', { price: base });
  }
  if ((await repo.countActive(deps.db, userId)) >= MAX_ACTIVE_ALERTS) throw AppError.conflict('alert.tooMany', { max: MAX_ACTIVE_ALERTS });
  const row = await repo.insertAlert(deps.db, {
    userId,
    source: instrument.source,
    stockCode: instrument.code,
    kind: body.kind,
    direction: body.direction,
    targetPrice: target,
    basePrice: base,
    percent: body.kind === 'percent' ? (body.percent ?? null) : null,
    locale,
    status: 'active',
    createdAt: deps.clock.now(),
  });
  deps.events.alertChanged(row, true);
  return toAlert(deps, row);
}

export async function listAlerts(deps: AlertDeps, userId: number): Promise<PriceAlert[]> {
  return (await repo.userAlerts(deps.db, userId)).map((row) => toAlert(deps, row));
}

export async function deleteAlert(deps: AlertDeps, userId: number, id: number): Promise<null> {
  const rows = await repo.userAlerts(deps.db, userId);
  const row = rows.find((r) => r.id === id);
  if (!row || !(await repo.deleteAlert(deps.db, userId, id))) throw AppError.notFound('alert.notFound');
  deps.events.alertChanged(row, false);
  return null;
}

/**
 * Fires an alert at `price` if it is still active: turned off, an inbox notice (rendered in the
 * reader's language) and a live `alert` event, all or nothing. Answers whether this call fired it.
 */
export async function fireAlert(deps: AlertDeps, id: number, price: number): Promise<boolean> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await repo.markTriggered(tx, id, price, now);
    if (!row) return false;
    const alert = toAlert(deps, row);
    const percent = row.percent === null ? undefined : row.percent;
    // Prices at the instrument's precision (4 when it is no longer listed, SPEC §9's default).
    const digits = deps.market.catalog.get(row.source, row.stockCode)?.precision ?? 4;
    const shown = (value: number) => shownPrice(value, digits);
    const body =
      row.kind === 'price'
        ? row.direction === 'above'
          ? 'notice.alertAboveBody'
          : 'notice.alertBelowBody'
        : row.direction === 'above'
          ? 'notice.alertUpBody'
          : 'notice.alertDownBody';
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId: row.userId,
      notice: {
        title: 'notice.alertTitle',
        body,
        params: { name: alert.name, code: row.stockCode, price: shown(price), target: shown(row.targetPrice), base: shown(row.basePrice), ...(percent !== undefined && { percent: shownNumber(percent, decimalsOf(percent)) }) },
      },
      createdAt: now,
    });
    afterCommit(() => deps.events.alertFired(row, alert));
    return true;
  });
}

/** Decimals a user-entered percent was written with (5 → 0, 2.5 → 1), at most 2. */
function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(text.length - dot - 1, 2);
}
