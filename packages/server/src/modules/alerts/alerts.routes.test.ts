import type { InboxMessage, PriceAlert } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateMessage } from '../../bus/bus.js';
import { call, createTestContext, eventually, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import * as alerts from './alerts.service.js';

let ctx: TestContext;
const pushed: Array<{ userId: number; message: PrivateMessage }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.app.bus.subscribe('user', (event) => pushed.push(event));
});
afterAll(() => ctx.close());

const lastPrice = (source: number, code: string) => ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(source, code)!).price;
const create = (token: string, body: Record<string, unknown>) => call<PriceAlert>(ctx.app, 'POST', '/alert/create', { token, body });
const list = async (token: string) => (await call<PriceAlert[]>(ctx.app, 'POST', '/alert/list', { token, body: {} })).data;
const inbox = async (token: string, language = 'en') =>
  (await call<{ list: InboxMessage[] }>(ctx.app, 'GET', '/userMessage/getMessage', { token, headers: { languages: language } })).data.list;
const alertPushes = (userId: number) => pushed.filter((p) => p.userId === userId && p.message.type === 'alert');
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const deps = (): alerts.AlertDeps => ({
  db: ctx.app.database.db,
  clock: ctx.clock,
  market: ctx.app.market.deps,
  notify: ctx.app.inboxNotifier,
  events: { alertChanged: () => undefined, alertFired: () => undefined },
});

describe('price alerts', () => {
  it('an alert above a price fires exactly once when the price crosses it, not before; the inbox says so in the reader’s language and /ws hears it', async () => {
    const { token, user } = await registerUser(ctx.app);
    const p = lastPrice(0, 'AAPL');
    const target = Math.round(p * 1.03 * 100) / 100;
    const created = await create(token, { stockCode: 'AAPL', kind: 'price', direction: 'above', price: target });
    expect(created.data).toMatchObject({ stockCode: 'AAPL', kind: 'price', direction: 'above', targetPrice: target, status: 'active', triggeredPrice: null });
    expect(created.data.basePrice).toBeCloseTo(p, 6);

    for (const below of [p * 1.01, p * 1.029, p * 0.9]) tick(ctx, 0, 'AAPL', below);
    await settle();
    expect((await list(token))[0]?.status).toBe('active');
    expect(await inbox(token)).toEqual([]);

    tick(ctx, 0, 'AAPL', p * 1.05);
    await eventually(async () => (await list(token))[0]?.status === 'triggered');
    // Crossing again (and again) does nothing: the alert is off.
    tick(ctx, 0, 'AAPL', p * 0.95);
    tick(ctx, 0, 'AAPL', p * 1.06);
    await settle();
    const [fired] = await list(token);
    expect(fired).toMatchObject({ status: 'triggered' });
    expect(fired!.triggeredPrice).toBeCloseTo(p * 1.05, 1);
    const messages = await inbox(token);
    expect(messages.length).toBe(1);
    expect(messages[0]!.title).toBe(`Price alert: ${fired!.name}`);
    // Prices are written at the instrument's precision, the reader's way (AAPL: 2 decimals).
    const shownIn = (tag: string) => target.toLocaleString(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(messages[0]!.content).toContain(`at or above your alert price of ${shownIn('en-US')}`);
    const german = await inbox(token, 'de');
    expect(german[0]!.title).toBe(`Kursalarm: ${fired!.name}`);
    expect(german[0]!.content).toContain(`auf oder über Ihrem Alarmkurs von ${shownIn('de-DE')}`);
    expect(alertPushes(user.id).map((p) => (p.message.type === 'alert' ? p.message.alert.id : 0))).toEqual([created.data.id]);
  });

  it('an alert below a price fires when the price falls to it', async () => {
    const { token } = await registerUser(ctx.app);
    const p = lastPrice(3, 'GC');
    const target = Math.round(p * 0.98 * 100) / 100;
    await create(token, { stockCode: 'GC', source: 3, kind: 'price', direction: 'below', price: target });
    tick(ctx, 3, 'GC', p * 1.2);
    tick(ctx, 3, 'GC', p * 0.99);
    await settle();
    expect((await list(token))[0]?.status).toBe('active');
    tick(ctx, 3, 'GC', p * 0.97);
    await eventually(async () => (await list(token))[0]?.status === 'triggered');
  });

  it('a percent move fires from the price at creation, up and down, for any asset class (an index, forex)', async () => {
    const { token } = await registerUser(ctx.app);
    const index = lastPrice(99, 'SPX');
    const up = await create(token, { stockCode: 'SPX', source: 99, kind: 'percent', direction: 'above', percent: 5 });
    expect(up.data.targetPrice).toBeCloseTo(index * 1.05, 1);
    const fx = lastPrice(2, 'EURUSD');
    const down = await create(token, { stockCode: 'EURUSD', source: 2, kind: 'percent', direction: 'below', percent: 2 });
    expect(down.data.targetPrice).toBeCloseTo(fx * 0.98, 4);

    tick(ctx, 99, 'SPX', index * 1.04);
    tick(ctx, 2, 'EURUSD', fx * 0.985);
    tick(ctx, 2, 'EURUSD', fx * 1.3);
    await settle();
    expect((await list(token)).map((a) => a.status)).toEqual(['active', 'active']);

    tick(ctx, 99, 'SPX', index * 1.051);
    await eventually(async () => (await list(token)).find((a) => a.id === up.data.id)?.status === 'triggered');
    expect((await list(token)).find((a) => a.id === down.data.id)?.status).toBe('active');
    tick(ctx, 2, 'EURUSD', fx * 0.97);
    await eventually(async () => (await list(token)).every((a) => a.status === 'triggered'));
    const messages = await inbox(token);
    expect(messages.map((m) => m.content).sort()).toEqual([expect.stringContaining('down 2 % or more'), expect.stringContaining('up 5 % or more')].sort());
  });
});

describe('price alerts: races, ownership and input', () => {
  it('simultaneous evaluations of one crossing fire it once', async () => {
    const { token } = await registerUser(ctx.app);
    const p = lastPrice(0, 'MSFT');
    const created = await create(token, { stockCode: 'MSFT', kind: 'price', direction: 'below', price: Math.round(p * 0.5 * 100) / 100 });
    const results = await Promise.all(Array.from({ length: 10 }, () => alerts.fireAlert(deps(), created.data.id, p * 0.4)));
    expect(results.filter(Boolean).length).toBe(1);
    expect((await inbox(token)).length).toBe(1);
    expect((await list(token))[0]?.status).toBe('triggered');
    expect(await alerts.fireAlert(deps(), created.data.id, p * 0.3)).toBe(false);
  });

  it('lists only the caller’s alerts; another user’s alert is 404 to delete; deleting stops it', async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const p = lastPrice(0, 'TSLA');
    const created = await create(owner.token, { stockCode: 'TSLA', kind: 'price', direction: 'above', price: Math.round(p * 1.1 * 100) / 100 });
    expect(await list(other.token)).toEqual([]);
    const refused = await call(ctx.app, 'POST', '/alert/delete', { token: other.token, body: { id: created.data.id } });
    expect(refused.code).toBe(404);
    expect((await list(owner.token)).length).toBe(1);
    expect((await call(ctx.app, 'POST', '/alert/delete', { token: owner.token, body: { id: created.data.id } })).code).toBe(200);
    expect(await list(owner.token)).toEqual([]);
    tick(ctx, 0, 'TSLA', p * 1.2);
    await settle();
    expect(await inbox(owner.token)).toEqual([]);
  });

  it('bad input is a 400 naming the field', async () => {
    const { token } = await registerUser(ctx.app);
    const p = lastPrice(0, 'NVDA');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stockCode: 'NVDA', kind: 'price', direction: 'above' }, 'Price'],
      [{ stockCode: 'NVDA', kind: 'percent', direction: 'above' }, 'percent'],
      [{ stockCode: 'NVDA', kind: 'percent', direction: 'below', percent: 150 }, 'percent'],
      [{ stockCode: 'NVDA', kind: 'price', direction: 'sideways', price: 1 }, 'Direction'],
      [{ stockCode: 'NVDA', kind: 'price', direction: 'above', price: -3 }, 'Price'],
      [{ stockCode: 'NVDA', kind: 'price', direction: 'above', price: Math.round(p * 0.9 * 100) / 100 }, 'price must be above the current price'],
      [{ stockCode: 'NVDA', kind: 'price', direction: 'below', price: Math.round(p * 1.1 * 100) / 100 }, 'price must be below the current price'],
      [{ stockCode: 'NOPE', kind: 'price', direction: 'above', price: 1 }, 'NOPE'],
      [{ stockCode: 'NVDA', kind: 'price', direction: 'above', price: 1, userId: 1 }, 'userId'],
    ];
    for (const [body, expected] of cases) {
      const answer = await create(token, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(expected);
    }
    expect((await call(ctx.app, 'POST', '/alert/delete', { token, body: { id: 'x' } })).msg).toContain('ID');
    expect(await list(token)).toEqual([]);
  });
});
