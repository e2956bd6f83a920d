import type { WsServerMessage } from '@tradewind/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeWithRedis, redisTestUrl, testBusPrefix } from '../../../test/redis.js';
import { createTestContext, eventually, registerUser, type TestContext } from '../../../test/test-app.js';
import type { BusLog } from '../../bus/bus.js';
import { RedisBus } from '../../bus/redis-bus.js';
import { OtherProcessListeners, SETTLE_MS } from './other-process-listeners.js';

const quiet: BusLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeWithRedis('/ws with REDIS_URL: events of another process reach this one’s sockets', () => {
  let ctx: TestContext;
  let url: string;
  /** The bus of a second server process on the same Redis and prefix. */
  let other: RedisBus;

  beforeAll(async () => {
    const prefix = testBusPrefix();
    ctx = await createTestContext({ REDIS_URL: redisTestUrl, REDIS_PREFIX: prefix });
    url = `${(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
    other = await RedisBus.connect({ url: redisTestUrl, prefix, log: quiet });
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  async function connect() {
    const socket = new WebSocket(url);
    const received: WsServerMessage[] = [];
    socket.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString()) as WsServerMessage));
    await new Promise((resolve) => socket.once('open', resolve));
    const next = async <T extends WsServerMessage['type']>(type: T): Promise<Extract<WsServerMessage, { type: T }>> => {
      const until = Date.now() + 3000;
      for (;;) {
        const found = received.find((m) => m.type === type);
        if (found) return found as Extract<WsServerMessage, { type: T }>;
        if (Date.now() > until) throw new Error(`no ${type} message`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    return { socket, received, next, send: (message: unknown) => socket.send(JSON.stringify(message)) };
  }

  it('ticks and private events published elsewhere arrive as quotes and events', async () => {
    expect(ctx.app.bus.crossProcess).toBe(true);
    const { user, token } = await registerUser(ctx.app);
    const client = await connect();
    client.send({ type: 'auth', token });
    await client.next('authenticated');
    client.send({ type: 'subscribe', symbols: [{ source: 0, code: 'AAPL' }] });
    await client.next('subscribed');

    const ts = ctx.clock.now().getTime();
    other.publish('tick', { source: 0, code: 'AAPL', price: 187.25, volume: 10, ts });
    other.publish('user', { userId: user.id, message: { type: 'balance', wallet: { walletType: 'BALANCE', currency: 'USD', balance: 5, available: 5, frozen: 0 } } });
    other.publish('user', { userId: user.id + 1000, message: { type: 'balance', wallet: { walletType: 'BALANCE', currency: 'USD', balance: 6, available: 6, frozen: 0 } } });
    expect((await client.next('quote')).tick).toMatchObject({ source: 0, code: 'AAPL', price_nominal: 187.25, ts });
    expect((await client.next('balance')).wallet.balance).toBe(5);
    // The tick moved this process's own quote too, which orders placed here are priced from.
    const aapl = ctx.app.market.deps.catalog.get(0, 'AAPL');
    expect(aapl && ctx.app.market.feed.quote(aapl).price).toBe(187.25);
    expect(client.received.filter((m) => m.type === 'balance')).toHaveLength(1);
    client.socket.close();
  });

  it("each process learns which users hold a socket on the other: a signed-in app counts, a user with none does not", async () => {
    const { user, token } = await registerUser(ctx.app);
    const elsewhere = new OtherProcessListeners(other, () => [424_242]);
    try {
      // Past both processes' settling, when doubt no longer counts every user as listening.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 100));
      expect(ctx.app.userChannels.isListening(424_242)).toBe(true);
      expect(ctx.app.userChannels.isListening(424_243)).toBe(false);
      expect(elsewhere.has(user.id)).toBe(false);
      const client = await connect();
      client.send({ type: 'auth', token });
      await client.next('authenticated');
      await eventually(() => elsewhere.has(user.id));
      client.socket.close();
      await eventually(() => !elsewhere.has(user.id));
    } finally {
      elsewhere.close();
    }
  });
});
