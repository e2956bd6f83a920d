import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { LatencyHistogram, type HistogramSnapshot } from '../fanout/histogram.js';
import { seededRandom } from '../fanout/plan.js';
import { failureOf } from '../orders/load.js';
import type { BenchUser } from '../orders/protocol.js';

export type CallKind = 'quote' | 'wallet' | 'positions' | 'order' | 'close' | 'transfer';

/**
 * A trader's day in shares of calls: mostly reads, as many closes as buys (so each user's open
 * positions, and with them the size of every positions answer, stay level as in a steady state
 * rather than growing all run), some transfers.
 */
export const MIX: ReadonlyArray<readonly [CallKind, number]> = [
  ['quote', 0.3],
  ['wallet', 0.15],
  ['positions', 0.15],
  ['order', 0.15],
  ['close', 0.15],
  ['transfer', 0.1],
];

/** A request not answered within this is counted as a timeout. */
const TIMEOUT_MS = 10_000;
/** The open-loop schedule's tick; requests due within a tick start together. */
const TICK_MS = 5;

export interface MixedLoadPlan {
  port: number;
  users: readonly BenchUser[];
  symbols: ReadonlyArray<{ code: string; source: number }>;
  seed: string;
  /** Unique per run: the Idempotency-Keys start with it. */
  runId: string;
  /** Beyond this many requests in flight, a due request is not sent and counted as "shed". */
  maxInFlight: number;
}

/** What completed since the previous `take()`. */
export interface Interval {
  requests: number;
  latency: HistogramSnapshot;
  /** Failures by kind: "timeout", "network", "shed", "<status> <message>". */
  errors: Map<string, number>;
  quotesReceived: number;
  socketsOpen: number;
  socketsDropped: number;
}

interface Answer {
  status: number;
  body: { code?: number; msg?: string; data?: { positionId?: number | null } | null } | undefined;
}

/**
 * The soak's mix over HTTP on one keep-alive agent, driven either closed-loop (`workers` each with
 * one call in flight, to find the maximum) or open-loop (`rate` calls a second started on the clock
 * whether or not earlier ones have finished, so a slow server meets a growing queue, as it would in
 * production); plus websocket subscribers counting the quote ticks they receive.
 */
export class MixedLoad {
  private readonly agent: Agent;
  private readonly random: () => number;
  /** Per user, the positions its market buys opened, oldest first, for closes to take. */
  private readonly positions: number[][];
  private latency = new LatencyHistogram();
  private errors = new Map<string, number>();
  private requests = 0;
  private inFlight = 0;
  private sequence = 0;
  private stopping = false;
  private readonly running: Array<Promise<void>> = [];
  private readonly sockets = new Set<WebSocket>();
  private quotesReceived = 0;
  private socketsDropped = 0;

  constructor(private readonly plan: MixedLoadPlan) {
    if (plan.users.length === 0) throw new Error('no users to trade for');
    this.agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });
    this.random = seededRandom(plan.seed);
    this.positions = plan.users.map(() => []);
  }

  /** Opens `count` websocket subscribers to the traded symbols; resolves when all are subscribed. */
  async subscribe(count: number): Promise<void> {
    const symbols = this.plan.symbols.map((s) => ({ code: s.code, source: s.source }));
    const openOne = () =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${this.plan.port}/ws`, { perMessageDeflate: false });
        const timer = setTimeout(() => reject(new Error('websocket: no subscription confirmation within 10 s')), 10_000);
        socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', symbols })));
        socket.once('error', reject);
        socket.on('message', (data: Buffer) => {
          const type = (JSON.parse(data.toString('utf8')) as { type?: string }).type;
          if (type === 'quote') this.quotesReceived++;
          else if (type === 'subscribed') {
            clearTimeout(timer);
            this.sockets.add(socket);
            resolve();
          }
        });
        socket.on('close', () => {
          if (this.sockets.delete(socket) && !this.stopping) this.socketsDropped++;
        });
      });
    for (let i = 0; i < count; i++) await openOne();
  }

  /** Closed loop: `workers` callers, each starting its next call when the last one answered. */
  closedLoop(workers: number): void {
    for (let w = 0; w < workers; w++) {
      this.running.push(
        (async () => {
          while (!this.stopping) await this.one(performance.now());
        })(),
      );
    }
  }

  /** Open loop: `rate` calls a second, each started at its scheduled time; latency counts from that time. */
  openLoop(rate: number): void {
    const begin = performance.now();
    let started = 0;
    this.running.push(
      (async () => {
        while (!this.stopping) {
          const due = Math.floor(((performance.now() - begin) / 1000) * rate);
          for (; started < due; started++) {
            const scheduled = begin + (started / rate) * 1000;
            if (this.inFlight >= this.plan.maxInFlight) this.count('shed');
            else void this.one(scheduled);
          }
          await new Promise((resolve) => setTimeout(resolve, TICK_MS));
        }
      })(),
    );
  }

  /** What completed since the last call, and starts a new interval. */
  take(): Interval {
    const interval: Interval = {
      requests: this.requests,
      latency: this.latency.snapshot(),
      errors: this.errors,
      quotesReceived: this.quotesReceived,
      socketsOpen: this.sockets.size,
      socketsDropped: this.socketsDropped,
    };
    this.latency = new LatencyHistogram();
    this.errors = new Map();
    this.requests = 0;
    this.quotesReceived = 0;
    this.socketsDropped = 0;
    return interval;
  }

  /** Stops starting calls, waits for those in flight, closes the subscribers. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const socket of this.sockets) socket.close();
    this.agent.destroy();
  }

  private count(failure: string): void {
    this.errors.set(failure, (this.errors.get(failure) ?? 0) + 1);
  }

  private pick(): CallKind {
    let roll = this.random();
    for (const [kind, share] of MIX) {
      if (roll < share) return kind;
      roll -= share;
    }
    return 'quote';
  }

  /** One call of the mix; `scheduled` is when it was due (performance.now() ms). */
  private async one(scheduled: number): Promise<void> {
    const index = Math.floor(this.random() * this.plan.users.length);
    const user = this.plan.users[index]!;
    const symbol = this.plan.symbols[Math.floor(this.random() * this.plan.symbols.length)]!;
    const key = `${this.plan.runId}-${this.sequence++}`;
    let kind = this.pick();
    const open = this.positions[index]!;
    if (kind === 'close' && open.length === 0) kind = 'order';
    this.inFlight++;
    let failure: string | undefined;
    try {
      let answer: Answer;
      switch (kind) {
        case 'quote':
          answer = await this.call('GET', `/quotes/getStock?stockCode=${symbol.code}`, undefined);
          break;
        case 'wallet':
          answer = await this.call('POST', '/wallet/getWalletBalance', user.token, { walletType: 'STOCK' });
          break;
        case 'positions':
          answer = await this.call('POST', '/position/me', user.token, {});
          break;
        case 'order':
          answer = await this.call('POST', '/stock/create', user.token, { stockCode: symbol.code, source: symbol.source, direction: 0, orderType: 0, quantity: 1 }, key);
          if (typeof answer.body?.data?.positionId === 'number' && failureOf(answer) === undefined) open.push(answer.body.data.positionId);
          break;
        case 'close':
          answer = await this.call('POST', '/position/flatPosition', user.token, { id: open.shift() }, key);
          break;
        case 'transfer':
          // Always out of STOCK, where the funds are: a transfer into it would wait for one to settle first.
          answer = await this.call('POST', '/wallet/transfer', user.token, { fromWallet: 'STOCK', toWallet: 'BALANCE', amount: '1.00' }, key);
          break;
      }
      failure = failureOf(answer);
    } catch (error) {
      failure = error instanceof Error && error.message === 'timeout' ? 'timeout' : `network ${error instanceof Error ? error.message : String(error)}`;
    }
    this.inFlight--;
    this.requests++;
    if (failure) this.count(`${kind}: ${failure}`);
    else this.latency.record(performance.now() - scheduled);
  }

  private call(method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          agent: this.agent,
          host: '127.0.0.1',
          port: this.plan.port,
          method,
          path,
          timeout: TIMEOUT_MS,
          headers: {
            ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(token && { authorization: token }),
            ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: Answer['body'];
            try {
              parsed = JSON.parse(text) as Answer['body'];
            } catch {
              parsed = { msg: `not JSON: ${text.slice(0, 80)}` };
            }
            resolve({ status: response.statusCode ?? 0, body: parsed });
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
}
