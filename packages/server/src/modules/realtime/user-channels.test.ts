import type { WsServerMessage } from '@tradewind/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { describeWithRedis, redisTestUrl, testBusPrefix } from '../../../test/redis.js';
import type { BusLog } from '../../bus/bus.js';
import { InProcessBus } from '../../bus/in-process-bus.js';
import { RedisBus } from '../../bus/redis-bus.js';
import { UserChannels } from './user-channels.js';

/** A session that does not expire during the test. */
let sessionSeq = 0;
const session = (userId: number) => ({ id: userId * 1000 + (sessionSeq += 1), expiresAt: new Date(Date.now() + 3_600_000) });

const quiet: BusLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A real websocket: the server side is what the channels hold, the client side records what arrives. */
interface Connection {
  server: WebSocket;
  received: WsServerMessage[];
}

let wss: WebSocketServer;
const clients: WebSocket[] = [];
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const close of closers.splice(0)) await close();
});
afterAll(() => new Promise<void>((resolve) => wss.close(() => resolve())));

async function connect(): Promise<Connection> {
  const address = wss.address();
  if (!address || typeof address === 'string') throw new Error('expected a TCP address');
  const server = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${address.port}`);
  clients.push(client);
  const received: WsServerMessage[] = [];
  client.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8')) as WsServerMessage));
  await new Promise((resolve) => client.once('open', resolve));
  return { server: await server, received };
}

/** Two server processes' worth of user channels, each on its own Redis bus. */
async function twoProcesses(): Promise<[UserChannels, UserChannels]> {
  const prefix = testBusPrefix();
  const a = await RedisBus.connect({ url: redisTestUrl, prefix, log: quiet });
  const b = await RedisBus.connect({ url: redisTestUrl, prefix, log: quiet });
  closers.push(() => a.close(), () => b.close());
  return [new UserChannels(a), new UserChannels(b)];
}

async function settle(check: () => void): Promise<void> {
  const until = Date.now() + 3000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

const balance = (amount: number): Extract<WsServerMessage, { type: 'balance' }> => ({
  type: 'balance',
  wallet: { walletType: 'BALANCE', currency: 'USD', balance: amount, available: amount, frozen: 0 },
});

describe('user channels in one process', () => {
  it('knows who is listening, so a balance push is skipped for a user with no app open', async () => {
    const channels = new UserChannels(new InProcessBus(quiet));
    const socket = await connect();
    expect(channels.isListening(7)).toBe(false);
    channels.join(7, socket.server, session(7));
    expect(channels.isListening(7)).toBe(true);
    channels.send(7, balance(3));
    await settle(() => expect(socket.received).toEqual([balance(3)]));
    channels.leave(socket.server);
    expect(channels.isListening(7)).toBe(false);
  });
});

describeWithRedis('user channels across processes (Redis bus)', () => {
  it('an event sent on process A reaches the user’s sockets on A and on B, and no other user’s', async () => {
    const [a, b] = await twoProcesses();
    const onB = await connect();
    const onA = await connect();
    const otherOnB = await connect();
    const otherOnA = await connect();
    b.join(7, onB.server, session(7));
    a.join(7, onA.server, session(7));
    b.join(8, otherOnB.server, session(8));
    a.join(8, otherOnA.server, session(8));

    a.send(7, balance(1));
    a.send(7, balance(2));
    b.send(8, balance(99));
    await settle(() => {
      expect(onB.received).toEqual([balance(1), balance(2)]);
      expect(onA.received).toEqual([balance(1), balance(2)]);
      expect(otherOnB.received).toEqual([balance(99)]);
    });
    expect(otherOnA.received).toEqual([balance(99)]);
  });

  it('visitor and agent chat events cross too; a socket that left hears nothing more', async () => {
    const [a, b] = await twoProcesses();
    const visitor = await connect();
    const agent = await connect();
    const otherVisitor = await connect();
    b.joinVisitor('hash-of-token', visitor.server);
    b.joinVisitor('hash-of-other-token', otherVisitor.server);
    b.joinAgents(agent.server);
    const message = { id: 1, conversationId: 3, sender: 'agent' as const, text: 'Hello', imageUrl: null, createTimestamp: 1_700_000_000_000 };
    a.sendVisitor('hash-of-token', { type: 'chat', message, unread: 1 });
    a.sendAgents({ type: 'agentChat', conversation: { id: 3, status: 'open', userId: null, email: null, name: 'Ann', phone: '', unread: 0, lastMessage: message, createTimestamp: 1_700_000_000_000 }, message });
    await settle(() => {
      expect(visitor.received).toEqual([{ type: 'chat', message, unread: 1 }]);
      expect(agent.received).toMatchObject([{ type: 'agentChat', message }]);
    });

    b.leave(visitor.server);
    a.sendVisitor('hash-of-token', { type: 'chatClosed', conversationId: 3 });
    a.sendVisitor('hash-of-other-token', { type: 'chatClosed', conversationId: 4 });
    await settle(() => expect(otherVisitor.received).toEqual([{ type: 'chatClosed', conversationId: 4 }]));
    expect(visitor.received).toHaveLength(1);
  });

  it('with Redis every user may be listening elsewhere, so balance pushes are always read', async () => {
    const [a] = await twoProcesses();
    expect(a.isListening(12345)).toBe(true);
  });
});
