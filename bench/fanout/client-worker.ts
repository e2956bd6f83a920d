import { parentPort } from 'node:worker_threads';
import type { WsServerMessage, WsSymbol } from '@tradewind/contract';
import { WebSocket } from 'ws';
import { LatencyHistogram } from './histogram.js';
import { wallNow, type FromWorker, type ToWorker } from './protocol.js';

/**
 * A worker thread holding a share of the bench's websocket clients. Each client parses every
 * message as a browser would (JSON.parse) and, inside the measured window, records how long the
 * quote took from its tick time to here.
 */
const port = parentPort;
if (!port) throw new Error('client-worker must run in a worker thread');
const reply = (message: FromWorker) => port.postMessage(message);

const CONNECT_TIMEOUT_MS = 30_000;
const sockets = new Set<WebSocket>();
const histogram = new LatencyHistogram();
let startAt = Infinity;
let endAt = -Infinity;
let received = 0;
let bytes = 0;
let dropped = 0;
let errors = 0;
let disconnecting = false;

function onMessage(data: Buffer): void {
  const at = wallNow();
  const message = JSON.parse(data.toString('utf8')) as WsServerMessage;
  if (message.type === 'quote') {
    if (at >= startAt && at < endAt) {
      received++;
      bytes += data.length;
      histogram.record(at - message.tick.ts);
    }
  } else if (message.type === 'error') {
    errors++;
  }
}

/** Opens one client and subscribes; resolves once the server confirmed the subscription. */
function open(url: string, symbols: WsSymbol[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let refusal = '';
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no subscription confirmation within ${CONNECT_TIMEOUT_MS} ms${refusal ? ` (server said: ${refusal})` : ''}`));
    }, CONNECT_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const closedEarly = () => fail(new Error('closed while subscribing'));
    socket.once('error', fail);
    socket.once('close', closedEarly);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', symbols })));
    const handshake = (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as WsServerMessage;
      if (message.type === 'error') {
        refusal = message.msg;
      } else if (message.type === 'subscribed' && message.rejected.length > 0) {
        socket.terminate();
        fail(new Error(`server refused the subscription: ${refusal || message.rejected.map((s) => s.code).join(', ')}`));
      } else if (message.type === 'subscribed') {
        clearTimeout(timer);
        socket.off('message', handshake);
        socket.off('error', fail);
        socket.off('close', closedEarly);
        sockets.add(socket);
        socket.on('message', onMessage);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          sockets.delete(socket);
          if (!disconnecting) dropped++;
        });
        resolve();
      }
    };
    socket.on('message', handshake);
  });
}

async function connect(url: string, clients: WsSymbol[][], batch: number): Promise<FromWorker> {
  disconnecting = false;
  dropped = 0;
  errors = 0;
  let opened = 0;
  let failed = 0;
  let firstError: string | null = null;
  for (let i = 0; i < clients.length; i += batch) {
    const results = await Promise.allSettled(clients.slice(i, i + batch).map((symbols) => open(url, symbols)));
    for (const result of results) {
      if (result.status === 'fulfilled') opened++;
      else {
        failed++;
        firstError ??= result.reason instanceof Error ? result.reason.message : String(result.reason);
      }
    }
  }
  return { type: 'connected', opened, failed, firstError };
}

async function disconnect(): Promise<FromWorker> {
  disconnecting = true;
  const closed = [...sockets].map(
    (socket) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          socket.terminate();
          resolve();
        }, 5000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        socket.close(1000, 'bench done');
      }),
  );
  await Promise.all(closed);
  sockets.clear();
  return { type: 'disconnected' };
}

async function handle(request: ToWorker): Promise<FromWorker> {
  switch (request.type) {
    case 'connect':
      return connect(request.url, request.clients, request.batch);
    case 'measure':
      startAt = request.startAt;
      endAt = request.endAt;
      received = 0;
      bytes = 0;
      histogram.reset();
      return { type: 'measuring' };
    case 'report':
      return { type: 'report', received, bytes, latency: histogram.snapshot(), dropped, errors };
    case 'disconnect':
      return disconnect();
  }
}

port.on('message', (request: ToWorker) => {
  handle(request).then(reply, (error: unknown) => reply({ type: 'fatal', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});
