import type { WsServerMessage } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
import { QuoteHub } from './quote-hub.js';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestContext();
  url = `${(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
});
afterAll(() => ctx.close());

/** A client that records what it receives and can wait for a message of a type. */
async function connect() {
  const socket = new WebSocket(url);
  const received: WsServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw: Buffer) => {
    received.push(JSON.parse(raw.toString()) as WsServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const next = async <T extends WsServerMessage['type']>(type: T, from = received.length): Promise<Extract<WsServerMessage, { type: T }>> => {
    for (;;) {
      const found = received.slice(from).find((m) => m.type === type);
      if (found) return found as Extract<WsServerMessage, { type: T }>;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} message`)), 2000);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  const send = (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return { socket, received, next, send };
}

function tick(source: 0 | 2, code: string, price: number) {
  ctx.app.market.feed.apply({ source, code, price, volume: 10, ts: ctx.clock.now().getTime() });
}

describe('/ws quotes', () => {
  it('delivers ticks only for subscribed symbols, and stops after unsubscribe', async () => {
    const a = await connect();
    const b = await connect();
    a.send({ type: 'subscribe', symbols: [{ source: 0, code: 'aapl' }] });
    b.send({ type: 'subscribe', symbols: [{ source: 2, code: 'EURUSD' }] });
    expect((await a.next('subscribed')).total).toBe(1);
    await b.next('subscribed');

    tick(0, 'AAPL', 201.5);
    tick(2, 'EURUSD', 1.1);
    const quoteA = await a.next('quote');
    expect(quoteA.tick).toMatchObject({ source: 0, code: 'AAPL', price_nominal: 201.5 });
    expect((await b.next('quote')).tick.code).toBe('EURUSD');
    expect(a.received.filter((m) => m.type === 'quote').map((m) => m.type === 'quote' && m.tick.code)).toEqual(['AAPL']);

    const mark = a.received.length;
    a.send({ type: 'unsubscribe', symbols: [{ source: 0, code: 'AAPL' }] });
    expect((await a.next('unsubscribed', mark)).total).toBe(0);
    tick(0, 'AAPL', 202);
    a.send({ type: 'ping', ts: 1 });
    await a.next('pong', mark);
    expect(a.received.slice(mark).some((m) => m.type === 'quote')).toBe(false);
    a.socket.close();
    b.socket.close();
  });

  it('answers malformed messages with an error naming the problem, and keeps the connection', async () => {
    const c = await connect();
    c.send('not json');
    expect((await c.next('error')).msg).toContain('not valid JSON');
    let mark = c.received.length;
    c.send({ type: 'subscribe', symbols: 'AAPL' });
    expect((await c.next('error', mark)).msg).toContain('symbols');
    mark = c.received.length;
    c.send({ type: 'subscribe', symbols: [{ source: 0, code: 'NOPE' }] });
    expect((await c.next('error', mark)).msg).toContain('NOPE');
    mark = c.received.length;
    c.send({ type: 'subscribe', symbols: [{ source: 0, code: 'MSFT' }, { source: 0, code: 'NOPE2' }] });
    const partial = await c.next('subscribed', mark);
    expect(partial.symbols).toEqual([{ source: 0, code: 'MSFT' }]);
    expect(partial.rejected).toEqual([{ source: 0, code: 'NOPE2' }]);
    mark = c.received.length;
    c.send({ type: 'launch', target: 'moon' });
    expect((await c.next('error', mark)).msg).toContain('invalid message');
    mark = c.received.length;
    c.send({ type: 'ping' });
    await c.next('pong', mark);
    c.socket.close();
  });
});

describe('/ws private channel', () => {
  it('joins with a valid session token and receives only its own user events', async () => {
    const { token, user } = await registerUser(ctx.app);
    const mine = await connect();
    const stranger = await connect();
    mine.send({ type: 'auth', token });
    expect((await mine.next('authenticated')).userId).toBe(user.id);
    stranger.send({ type: 'auth', token: 'not-a-real-token' });
    expect((await stranger.next('error')).msg).toBe('Login Expired');
    ctx.app.userChannels.send(user.id, { type: 'balance', wallet: { walletType: 'BALANCE', currency: 'USD', balance: 1, available: 1, frozen: 0 } });
    expect((await mine.next('balance')).wallet.balance).toBe(1);
    stranger.send({ type: 'ping' });
    await stranger.next('pong');
    expect(stranger.received.some((m) => m.type === 'balance')).toBe(false);
    mine.socket.close();
    stranger.socket.close();
  });
});

describe('QuoteHub', () => {
  const fakeSocket = (bufferedAmount: number) => {
    const sent: string[] = [];
    return {
      OPEN: 1,
      readyState: 1,
      bufferedAmount,
      terminated: false,
      sent,
      send: (data: string) => sent.push(data),
      terminate() {
        this.terminated = true;
      },
    };
  };
  const tickOf = (code: string) => ({ source: 0, code, price_nominal: 1, bid: 0.99, ask: 1.01, change: 0, change_ratio: 0, volume: 0, fall: false, ts: 0 });

  it('drops a client whose backlog passes the limit instead of buffering for it', () => {
    const hub = new QuoteHub(1000, 200);
    const fast = fakeSocket(0);
    const slow = fakeSocket(5000);
    for (const socket of [fast, slow]) {
      hub.add(socket as never);
      hub.subscribe(socket as never, [{ source: 0, code: 'AAPL' }]);
    }
    hub.publish(tickOf('AAPL'));
    expect(fast.sent).toHaveLength(1);
    expect(slow.terminated).toBe(true);
    expect(hub.dropped).toBe(1);
    expect(hub.connections).toBe(1);
  });

  it('refuses subscriptions past the per-connection limit without changing any', () => {
    const hub = new QuoteHub(1000, 2);
    const socket = fakeSocket(0);
    hub.add(socket as never);
    expect(hub.subscribe(socket as never, [{ source: 0, code: 'A' }, { source: 0, code: 'B' }])).toBe(2);
    expect(hub.subscribe(socket as never, [{ source: 0, code: 'C' }])).toBeNull();
    hub.publish(tickOf('C'));
    expect(socket.sent).toHaveLength(0);
  });
});
