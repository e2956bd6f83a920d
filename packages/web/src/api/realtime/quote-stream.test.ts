import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeWebSocket } from '../../test/fake-websocket';
import { QuoteStream, defaultStreamUrl } from './quote-stream';
import { toWsSymbol } from './ws-symbol';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const aapl = { source: 0, code: 'AAPL' } as const;
const gold = { source: 3, code: 'GC' } as const;
const order = { id: 1, stockCode: 'AAPL', status: 1 };

let stream: QuoteStream | undefined;
function createStream(options: ConstructorParameters<typeof QuoteStream>[0] = {}) {
  stream = new QuoteStream({ url: () => 'ws://app.test/ws', random: () => 1, ...options });
  return stream;
}

afterEach(() => {
  stream?.dispose();
  stream = undefined;
});

describe('quote stream: subscriptions', () => {
  it('connects on the first subscription and subscribes every symbol in one message', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    expect(ws.sockets).toHaveLength(0);

    quotes.subscribe([aapl, gold]);
    await flush();

    expect(ws.sockets).toHaveLength(1);
    expect(ws.latest()?.url).toBe('ws://app.test/ws');
    expect(ws.sent()).toEqual([{ type: 'subscribe', symbols: [aapl, gold] }]);
  });

  it('counts references: one server subscription however many components watch a symbol', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    const releaseRow = quotes.subscribe([aapl]);
    const releaseHeader = quotes.subscribe([aapl]);
    await flush();
    expect(ws.sent()).toEqual([{ type: 'subscribe', symbols: [aapl] }]);

    releaseRow();
    releaseRow(); // releasing twice counts once
    await flush();
    expect(ws.sent()).toHaveLength(1);

    releaseHeader();
    await flush();
    expect(ws.sent()).toEqual([
      { type: 'subscribe', symbols: [aapl] },
      { type: 'unsubscribe', symbols: [aapl] },
    ]);
  });

  it('keeps at most 200 symbols on the server, the most recently requested ones', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    const symbols = Array.from({ length: 205 }, (_, i) => ({ source: 0, code: `S${i}` }) as const);
    const release = quotes.subscribe(symbols);
    await flush();

    expect(quotes.serverSymbols()).toHaveLength(200);
    expect(quotes.serverSymbols()).not.toContain('0:S0');
    expect(quotes.serverSymbols()).toContain('0:S204');

    // A symbol that is released makes room for one that was left out.
    release();
    quotes.subscribe([aapl]);
    await flush();
    expect(quotes.serverSymbols()).toEqual(['0:AAPL']);
    const last = ws.sent().at(-1) as { type: string; symbols: unknown[] };
    expect(last).toEqual({ type: 'subscribe', symbols: [aapl] });
  });

  it('hands ticks to the listeners of that symbol and remembers the latest', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    const onAapl = vi.fn();
    const onGold = vi.fn();
    quotes.subscribe([aapl], onAapl);
    quotes.subscribe([gold], onGold);
    await flush();

    ws.tick({ ...aapl, price_nominal: 190.5, change: 1.5, change_ratio: 0.79, ts: 2000 });
    ws.tick({ ...aapl, price_nominal: 189, change: 0, change_ratio: 0, ts: 1000 }); // older: ignored

    expect(onAapl).toHaveBeenCalledTimes(1);
    expect(onGold).not.toHaveBeenCalled();
    expect(quotes.latestTick(aapl)?.price_nominal).toBe(190.5);
  });
});

describe('quote stream: symbols the server refuses', () => {

  it('keeps the other symbols of a batch the server refused for one unknown symbol', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    const onTick = vi.fn();
    quotes.subscribe([aapl, { source: 0, code: 'GONE' }, gold], onTick);
    await flush();
    const socket = ws.latest();
    expect(socket?.sent).toEqual([{ type: 'subscribe', symbols: [aapl, { source: 0, code: 'GONE' }, gold] }]);

    // The server refuses the whole batch naming the culprit: the stream asks for the others again.
    socket?.receive({ type: 'error', msg: 'unknown symbol GONE (source 0)' });
    expect(socket?.sent.slice(1)).toEqual([{ type: 'subscribe', symbols: [aapl, gold] }]);
    socket?.receive({ type: 'subscribed', symbols: [aapl, gold], total: 2 });
    expect(quotes.serverSymbols().sort()).toEqual(['0:AAPL', '3:GC']);

    // Nothing more is sent for the refused one, and the others tick.
    quotes.subscribe([aapl]);
    await flush();
    expect(socket?.sent).toHaveLength(2);
    ws.tick({ ...gold, price_nominal: 2700, change: 10, change_ratio: 0.4 });
    expect(onTick).toHaveBeenCalledTimes(1);
  });

  it('finds the culprit one symbol at a time when the refusal names none', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    quotes.subscribe([aapl, { source: 0, code: 'GONE' }]);
    await flush();
    const socket = ws.latest();
    socket?.receive({ type: 'error', msg: 'unknown symbol' });
    expect(socket?.sent.slice(1)).toEqual([
      { type: 'subscribe', symbols: [aapl] },
      { type: 'subscribe', symbols: [{ source: 0, code: 'GONE' }] },
    ]);
    socket?.receive({ type: 'subscribed', symbols: [aapl], total: 1 });
    socket?.receive({ type: 'error', msg: 'unknown symbol' });
    expect(quotes.serverSymbols()).toEqual(['0:AAPL']);
  });

  it('understands a server that subscribes the known symbols and names the rejected ones', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    quotes.subscribe([aapl, { source: 0, code: 'GONE' }, gold]);
    await flush();
    const socket = ws.latest();
    socket?.receive({ type: 'error', msg: 'unknown symbol GONE (source 0)' });
    socket?.receive({ type: 'subscribed', symbols: [aapl, gold], rejected: [{ source: 0, code: 'GONE' }], total: 2 });
    socket?.receive({ type: 'subscribed', symbols: [aapl, gold], rejected: [], total: 2 });
    expect(quotes.serverSymbols().sort()).toEqual(['0:AAPL', '3:GC']);

    // Later batches are matched to their own answers.
    const msft = { source: 0, code: 'MSFT' } as const;
    quotes.subscribe([msft, { source: 0, code: 'NOPE' }]);
    await flush();
    socket?.receive({ type: 'subscribed', symbols: [msft], rejected: [{ source: 0, code: 'NOPE' }], total: 3 });
    expect(quotes.serverSymbols().sort()).toEqual(['0:AAPL', '0:MSFT', '3:GC']);
  });
});

describe('quote stream: connection', () => {

  it('answers nothing to a heartbeat', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    quotes.subscribe([aapl]);
    await flush();
    ws.latest()?.receive({ type: 'heartbeat', serverTime: Date.now() });
    expect(ws.sent()).toHaveLength(1);
  });

  it('reconnects with a growing delay and subscribes again', async () => {
    vi.useFakeTimers();
    const ws = installFakeWebSocket({ autoOpen: false });
    const quotes = createStream({ reconnectDelayMs: { initial: 1000, max: 8000 } });
    quotes.subscribe([aapl, gold]);
    ws.latest()?.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(ws.latest()?.sent).toHaveLength(1);

    ws.latest()?.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(ws.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.sockets).toHaveLength(2);

    // It fails again before opening: the next wait is twice as long.
    ws.latest()?.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(ws.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.sockets).toHaveLength(3);

    ws.latest()?.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(ws.latest()?.sent).toEqual([{ type: 'subscribe', symbols: [aapl, gold] }]);
    expect(quotes.isConnected()).toBe(true);
  });

  it('treats a silent connection as dead after three missed heartbeats', async () => {
    vi.useFakeTimers();
    const ws = installFakeWebSocket({ autoOpen: false });
    const quotes = createStream();
    quotes.subscribe([aapl]);
    ws.latest()?.open(); // hello: heartbeat every 30 s
    await vi.advanceTimersByTimeAsync(89_000);
    expect(ws.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000 + 1000);
    expect(ws.sockets).toHaveLength(2);
    expect(quotes.isConnected()).toBe(false);
  });

  it('closes the socket a while after the last subscriber leaves', async () => {
    vi.useFakeTimers();
    const ws = installFakeWebSocket({ autoOpen: false });
    const quotes = createStream({ idleCloseMs: 5000 });
    const release = quotes.subscribe([aapl]);
    ws.latest()?.open();
    release();
    await vi.advanceTimersByTimeAsync(4999);
    expect(ws.latest()?.readyState).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.latest()?.readyState).toBe(3);
  });
});

describe('private channel: opening', () => {

  it('authenticates with the session token right after connecting, before subscribing', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    quotes.setAuthToken('tok-1');
    const events = vi.fn();
    quotes.subscribePrivate(events);
    quotes.subscribe([aapl]);
    await flush();

    expect(ws.sockets).toHaveLength(1);
    expect(ws.sent()).toEqual([
      { type: 'auth', token: 'tok-1' },
      { type: 'subscribe', symbols: [aapl] },
    ]);
    ws.latest()?.receive({ type: 'subscribed', symbols: [aapl], total: 1 });
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });
    expect(quotes.isAuthenticated()).toBe(true);
    ws.latest()?.receive({ type: 'order', order });
    ws.latest()?.receive({ type: 'balance', wallet: { walletType: 'STOCK' } });
    ws.latest()?.receive({ type: 'message', message: { id: 1, title: 'Deposit credited' } });
    ws.latest()?.receive({ type: 'message' });
    expect(events.mock.calls.map(([event]) => (event as { type: string }).type)).toEqual(['authenticated', 'order', 'balance', 'message']);
    expect(events).toHaveBeenNthCalledWith(1, { type: 'authenticated', reconnected: false });
  });

  it('keeps the socket open for the private channel alone, and only with a token', async () => {
    vi.useFakeTimers();
    const ws = installFakeWebSocket();
    const quotes = createStream({ idleCloseMs: 1000 });
    const release = quotes.subscribePrivate(vi.fn());
    await vi.advanceTimersByTimeAsync(5000);
    expect(ws.sockets).toHaveLength(0);

    quotes.setAuthToken('tok-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(ws.sockets).toHaveLength(1);
    expect(ws.sent()).toEqual([{ type: 'auth', token: 'tok-1' }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ws.latest()?.readyState).toBe(1);

    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ws.latest()?.readyState).toBe(3);
  });
});

describe('private channel: reconnects and refusals', () => {

  it('authenticates again after a reconnect and says events may have been missed', async () => {
    vi.useFakeTimers();
    const ws = installFakeWebSocket({ autoOpen: false });
    const quotes = createStream({ reconnectDelayMs: { initial: 1000, max: 1000 } });
    quotes.setAuthToken('tok-1');
    const events = vi.fn();
    quotes.subscribePrivate(events);
    ws.latest()?.open();
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });

    ws.latest()?.drop();
    expect(events).toHaveBeenLastCalledWith({ type: 'closed' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(ws.sockets).toHaveLength(2);
    ws.latest()?.open();
    expect(ws.latest()?.sent).toEqual([{ type: 'auth', token: 'tok-1' }]);
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });
    expect(events).toHaveBeenLastCalledWith({ type: 'authenticated', reconnected: true });
  });

  it('a refused token leaves the quotes alone and no private events pass', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    quotes.setAuthToken('expired');
    const events = vi.fn();
    quotes.subscribePrivate(events);
    quotes.subscribe([aapl, gold]);
    await flush();
    const socket = ws.latest();
    socket?.receive({ type: 'subscribed', symbols: [aapl, gold], total: 2 });
    socket?.receive({ type: 'error', msg: 'Login Expired' });

    expect(quotes.isAuthenticated()).toBe(false);
    expect(quotes.serverSymbols().sort()).toEqual(['0:AAPL', '3:GC']);
    expect(socket?.sent).toHaveLength(2);
    socket?.receive({ type: 'order', order });
    expect(events).not.toHaveBeenCalled();
  });
});

describe('private channel: session end and token changes', () => {

  it('a socket closed because the session ended says so once and never sends that token again', async () => {
    vi.useFakeTimers();
    const ws = installFakeWebSocket();
    const quotes = createStream({ reconnectDelayMs: { initial: 1000, max: 1000 } });
    quotes.setAuthToken('tok-dead');
    const events = vi.fn();
    quotes.subscribePrivate(events);
    quotes.subscribe([aapl]);
    await vi.advanceTimersByTimeAsync(0);
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });

    ws.latest()?.closeByServer(4401);
    expect(events).toHaveBeenNthCalledWith(2, { type: 'closed' });
    expect(events).toHaveBeenLastCalledWith({ type: 'sessionEnded' });
    expect(quotes.isAuthenticated()).toBe(false);
    // The quotes come back on a new socket, without the dead token.
    await vi.advanceTimersByTimeAsync(1000);
    expect(ws.sockets).toHaveLength(2);
    expect(ws.latest()?.sent).toEqual([{ type: 'subscribe', symbols: [aapl] }]);
    expect(events).toHaveBeenCalledTimes(3);
  });

  it('an ordinary drop is not a session end', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    quotes.setAuthToken('tok-1');
    const events = vi.fn();
    quotes.subscribePrivate(events);
    await flush();
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });
    expect(events).toHaveBeenLastCalledWith({ type: 'authenticated', reconnected: false });
    ws.latest()?.closeByServer(1001);
    expect(events).toHaveBeenLastCalledWith({ type: 'closed' });
    expect(events).not.toHaveBeenCalledWith({ type: 'sessionEnded' });
  });

  it('a new or no token closes the authenticated socket: the server only leaves a channel on close', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    quotes.setAuthToken('tok-1');
    const events = vi.fn();
    quotes.subscribePrivate(events);
    quotes.subscribe([aapl]);
    await flush();
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });

    quotes.setAuthToken('tok-2');
    expect(ws.sockets[0]?.readyState).toBe(3);
    expect(events).toHaveBeenLastCalledWith({ type: 'closed' });
    await flush();
    expect(ws.sockets).toHaveLength(2);
    expect(ws.latest()?.sent).toEqual([
      { type: 'auth', token: 'tok-2' },
      { type: 'subscribe', symbols: [aapl] },
    ]);

    // Logged out: quotes go on, on a socket that never authenticates.
    ws.latest()?.receive({ type: 'authenticated', userId: 43 });
    quotes.setAuthToken(null);
    await flush();
    expect(ws.sockets).toHaveLength(3);
    expect(ws.latest()?.sent).toEqual([{ type: 'subscribe', symbols: [aapl] }]);
  });
});

describe('stream address and symbols', () => {
  it('uses ws on http pages and the same host', () => {
    expect(defaultStreamUrl()).toBe(`ws://${window.location.host}/ws`);
  });

  it('upper-cases codes and skips sources without live quotes', () => {
    expect(toWsSymbol(0, 'aapl')).toEqual({ source: 0, code: 'AAPL' });
    expect(toWsSymbol(5, 'NEWCO')).toBeNull();
    expect(toWsSymbol(0, 'bad code!')).toBeNull();
  });
});

describe('chat channels', () => {
  const visitorToken = 'v'.repeat(43);
  const line = { id: 7, conversationId: 3, sender: 'agent', text: 'Hello', imageUrl: null, createTimestamp: 1 };

  it('joins a visitor conversation while nobody is signed in, and hears only its chat events', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    const events = vi.fn();
    quotes.subscribeVisitor(visitorToken, events);
    await flush();
    expect(ws.sent()).toEqual([{ type: 'visitor', visitorToken }]);

    // Nothing is handed on before the server confirms the join.
    ws.latest()?.receive({ type: 'chat', message: line, unread: 1 });
    ws.latest()?.receive({ type: 'visitorJoined', serverTime: 1 });
    ws.latest()?.receive({ type: 'chat', message: line, unread: 1 });
    ws.latest()?.receive({ type: 'chat', unread: 1 });
    ws.latest()?.receive({ type: 'agentChat', conversation: { id: 3 }, message: null });
    ws.latest()?.receive({ type: 'chatClosed', conversationId: 3 });
    expect(events.mock.calls.map((call) => call[0] as unknown)).toEqual([
      { type: 'joined' },
      { type: 'chat', message: line, unread: 1 },
      { type: 'chatClosed', conversationId: 3 },
    ]);
  });

  it('moves to the private channel on login and back to the visitor channel on logout', async () => {
    const ws = installFakeWebSocket();
    const quotes = createStream();
    const visitorEvents = vi.fn();
    const privateEvents = vi.fn();
    quotes.subscribeVisitor(visitorToken, visitorEvents);
    quotes.subscribePrivate(privateEvents);
    await flush();
    ws.latest()?.receive({ type: 'visitorJoined', serverTime: 1 });

    quotes.setAuthToken('tok-1');
    await flush();
    expect(ws.sent().at(-1)).toEqual({ type: 'auth', token: 'tok-1' });
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });
    ws.latest()?.receive({ type: 'chat', message: line, unread: 2 });
    ws.latest()?.receive({ type: 'agentChat', conversation: { id: 3 }, message: line });
    expect(privateEvents.mock.calls.map(([event]) => (event as { type: string }).type)).toEqual(['authenticated', 'chat', 'agentChat']);
    expect(visitorEvents.mock.calls.map(([event]) => (event as { type: string }).type)).toEqual(['joined']);

    // Logging out needs a fresh socket (the server keeps the user's channel until it closes).
    quotes.setAuthToken(null);
    await flush();
    expect(ws.sockets).toHaveLength(2);
    expect(ws.latest()?.sent).toEqual([{ type: 'visitor', visitorToken }]);
  });
});
