import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { AssetSource } from '@tradewind/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { FinnhubProvider, finnhubSymbol, reconnectDelayMs, type FinnhubProviderOptions } from './finnhub.provider.js';
import type { ProviderTick } from './market-data-provider.js';

const session = readFileSync(new URL('./fixtures/finnhub-session.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

const AAPL = { source: AssetSource.Stock, code: 'AAPL' } as const;
const MSFT = { source: AssetSource.Stock, code: 'MSFT' } as const;
const EURUSD = { source: AssetSource.Forex, code: 'EURUSD' } as const;
const SUBSCRIBES = [
  '{"type":"subscribe","symbol":"AAPL"}',
  '{"type":"subscribe","symbol":"MSFT"}',
  '{"type":"subscribe","symbol":"OANDA:EUR_USD"}',
];

interface Connection {
  socket: WebSocket;
  path: string;
  received: string[];
}

interface TestServer {
  url: string;
  connections: Connection[];
  close(): Promise<void>;
}

const text = (data: RawData) => (Buffer.isBuffer(data) ? data.toString('utf8') : '');

/** A stand-in for ws.finnhub.io that records what each client sends. */
async function startServer(port = 0): Promise<TestServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  await once(server, 'listening');
  const connections: Connection[] = [];
  server.on('connection', (socket, request) => {
    const connection: Connection = { socket, path: request.url ?? '', received: [] };
    socket.on('message', (data) => connection.received.push(text(data)));
    connections.push(connection);
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(): Promise<TestServer> {
  const server = await startServer();
  cleanups.push(() => server.close());
  return server;
}

function makeLog() {
  return { info: vi.fn<(message: string) => void>(), warn: vi.fn<(message: string) => void>(), error: vi.fn<(message: string) => void>() };
}

function makeProvider(options: Partial<FinnhubProviderOptions> & Pick<FinnhubProviderOptions, 'url'>) {
  const log = makeLog();
  const provider = new FinnhubProvider({
    token: 'test-token',
    symbols: [AAPL, MSFT, EURUSD],
    log,
    reconnectBaseMs: 10,
    reconnectMaxMs: 80,
    ...options,
  });
  cleanups.push(() => provider.stop());
  const ticks: ProviderTick[] = [];
  return { provider, log, ticks, start: () => provider.start((tick) => ticks.push(tick)) };
}

/** Waits for the n-th connection to arrive and send its subscriptions. */
const subscribed = (server: TestServer, index: number, count = SUBSCRIBES.length) =>
  vi.waitFor(() => {
    const connection = server.connections[index];
    if (connection?.received.length !== count) throw new Error(`connection ${index} has not subscribed yet`);
    return connection;
  });

describe('finnhubSymbol', () => {
  it.each([
    [AAPL, 'AAPL'],
    [{ source: AssetSource.Stock, code: 'BRK.B' }, 'BRK.B'],
    [EURUSD, 'OANDA:EUR_USD'],
    [{ source: AssetSource.Forex, code: 'USDJPY' }, 'OANDA:USD_JPY'],
    [{ source: AssetSource.Forex, code: 'XAU' }, null],
    [{ source: AssetSource.Future, code: 'GC' }, null],
    [{ source: AssetSource.TwStock, code: '2330' }, null],
    [{ source: AssetSource.GlobalIndex, code: '^DJI' }, null],
  ] as const)('maps %j to %j', (instrument, symbol) => {
    expect(finnhubSymbol(instrument)).toBe(symbol);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from the base up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelayMs(attempt, 1_000, 30_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('FinnhubProvider', () => {
  it('subscribes to each mapped symbol and turns the recorded session into ticks', async () => {
    const server = await serve();
    const { log, ticks, start } = makeProvider({
      url: server.url,
      symbols: [AAPL, MSFT, EURUSD, { source: AssetSource.Future, code: 'GC' }, { source: AssetSource.GlobalIndex, code: '^DJI' }],
    });
    await start();

    const connection = await subscribed(server, 0);
    expect(connection.path).toBe('/?token=test-token');
    expect(connection.received).toEqual(SUBSCRIBES);
    expect(log.info).toHaveBeenCalledWith(
      'Finnhub: skipped 2 symbols the free plan does not stream (futures, Taiwan stocks, indices)',
    );

    for (const line of session) connection.socket.send(line);
    await vi.waitFor(() => expect(ticks).toHaveLength(8));
    expect(ticks).toEqual([
      { source: 0, code: 'AAPL', price: 262.5, volume: 100, ts: 1761312600123 },
      { source: 0, code: 'MSFT', price: 522.1, volume: 25, ts: 1761312600342 },
      { source: 2, code: 'EURUSD', price: 1.16254, volume: 0, ts: 1761312600500 },
      { source: 0, code: 'AAPL', price: 262.52, volume: 3, ts: 1761312601017 },
      { source: 0, code: 'AAPL', price: 262.53, volume: 200, ts: 1761312601018 },
      { source: 0, code: 'MSFT', price: 522.14, volume: 10, ts: 1761312601020 },
      { source: 2, code: 'EURUSD', price: 1.16258, volume: 0, ts: 1761312602250 },
      { source: 0, code: 'AAPL', price: 262.49, volume: 150, ts: 1761312602904 },
    ]);
    expect(log.error.mock.calls).toEqual([['Finnhub: server error: Subscribing to too many symbols']]);
    expect(log.warn.mock.calls).toEqual([
      ['Finnhub: skipped 1 malformed trade(s): {"type":"trade","data":[{"s":"AAPL"}]}'],
    ]);
  });

  it('skips frames that are not JSON or not a known message and keeps going', async () => {
    const server = await serve();
    const { log, ticks, start } = makeProvider({ url: server.url });
    await start();
    const connection = await subscribed(server, 0);

    connection.socket.send('<html>502 Bad Gateway</html>');
    connection.socket.send('{"type":"news","data":[]}');
    connection.socket.send('{"data":[{"p":262.5,"s":"NVDA","t":1761312600123,"v":1}],"type":"trade"}');
    connection.socket.send('{"data":[{"p":262.5,"s":"AAPL","t":1761312600123,"v":1}],"type":"trade"}');

    await vi.waitFor(() => expect(ticks).toHaveLength(1));
    expect(ticks[0]).toMatchObject({ code: 'AAPL', price: 262.5 });
    expect(log.warn.mock.calls).toEqual([
      ['Finnhub: skipped a message that is not JSON: <html>502 Bad Gateway</html>'],
      ['Finnhub: skipped an unexpected message: {"type":"news","data":[]}'],
    ]);
  });

  it('subscribes to at most maxSymbols and says how many were left out', async () => {
    const server = await serve();
    const { log, start } = makeProvider({ url: server.url, maxSymbols: 2 });
    await start();

    const connection = await subscribed(server, 0, 2);
    await sleep(20);
    expect(connection.received).toEqual(SUBSCRIBES.slice(0, 2));
    expect(log.info).toHaveBeenCalledWith('Finnhub: subscribing to the first 2 symbols; skipped 1 over the limit');
  });
});

describe('FinnhubProvider reconnecting and failing', () => {
  it('reconnects and subscribes again when the server drops the connection, and stop ends it for good', async () => {
    const server = await serve();
    const { provider, log, ticks, start } = makeProvider({ url: server.url });
    await start();
    const first = await subscribed(server, 0);

    first.socket.terminate();
    const second = await subscribed(server, 1);
    expect(second.received).toEqual(SUBSCRIBES);
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/^Finnhub: connection lost \(.+\); reconnecting in 10 ms$/));

    second.socket.send(session[1] ?? '');
    await vi.waitFor(() => expect(ticks).toHaveLength(1));

    await provider.stop();
    await vi.waitFor(() => expect(second.socket.readyState).toBe(second.socket.CLOSED));
    await sleep(100);
    expect(server.connections).toHaveLength(2);
  });

  it('stop cancels a reconnect that is waiting', async () => {
    const server = await serve();
    const { provider, log, start } = makeProvider({ url: server.url, reconnectBaseMs: 50 });
    await start();
    const first = await subscribed(server, 0);

    first.socket.terminate();
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('reconnecting in 50 ms')));
    await provider.stop();
    await sleep(150);
    expect(server.connections).toHaveLength(1);
  });

  it('backs off exponentially while the server is away and resubscribes when it is back', async () => {
    const server = await startServer();
    const port = Number(new URL(server.url).port);
    const { log, start } = makeProvider({ url: server.url });
    await start();
    await subscribed(server, 0);

    await server.close();
    await vi.waitFor(() => expect(log.warn.mock.calls.length).toBeGreaterThanOrEqual(5));
    const delays = log.warn.mock.calls.slice(0, 5).map(([message]) => /reconnecting in (\d+) ms/.exec(message)?.[1]);
    expect(delays).toEqual(['10', '20', '40', '80', '80']);

    const revived = await startServer(port);
    cleanups.push(() => revived.close());
    const again = await subscribed(revived, 0);
    expect(again.received).toEqual(SUBSCRIBES);
  });

  it('start rejects with the reason when the first connection fails', async () => {
    const server = await startServer();
    await server.close();
    await expect(makeProvider({ url: server.url }).start()).rejects.toThrow(
      new RegExp(`^Finnhub: could not connect to ${server.url}: .*ECONNREFUSED`),
    );
  });

  it.each(['https://ws.finnhub.io', 'not a url'])('start rejects the url %j', async (url) => {
    await expect(makeProvider({ url }).start()).rejects.toThrow(`Finnhub: url must be a ws:// or wss:// URL (got "${url}")`);
  });
});
