import { performance } from 'node:perf_hooks';
import { LatencyHistogram, type HistogramSnapshot } from '../fanout/histogram.js';
import { seededRandom } from '../fanout/plan.js';
import { KeepAliveClient } from './keep-alive-client.js';
import type { BenchUser } from './protocol.js';

export interface LoadPlan {
  port: number;
  users: readonly BenchUser[];
  symbols: ReadonlyArray<{ code: string; source: number }>;
  clients: number;
  /** Every n-th request of a client closes the oldest open position instead of buying; 0 = never. */
  closeEvery: number;
  seed: string;
  /** Unique per run: the Idempotency-Keys start with it. */
  runId: string;
}

export interface LoadResult {
  /** Successful market buys, closes, and both, completed inside the window: latency in ms. */
  opens: HistogramSnapshot;
  closes: HistogramSnapshot;
  all: HistogramSnapshot;
  /** Failed requests completed inside the window. */
  windowErrors: number;
  /** Every failure of the whole run (warm-up included), by status and message. */
  errors: Map<string, number>;
  /** Requests completed over the whole run. */
  requests: number;
}

export interface Answer {
  status: number;
  body: { code?: number; msg?: string; data?: { positionId?: number | null } | null } | undefined;
}

/** The position ids orders opened, oldest first, for closes to take. */
class OpenPositions {
  private readonly items: Array<{ id: number; token: string }> = [];
  private head = 0;

  push(id: number, token: string): void {
    this.items.push({ id, token });
  }

  take(): { id: number; token: string } | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head++];
    if (this.head > 4096 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    return item;
  }
}

/**
 * `clients` HTTP clients, each on its own keep-alive connection with one request in flight at a time: a
 * market buy of 1 share of a random symbol for the next user round-robin, or (every
 * `closeEvery`-th request) the close of the oldest open position; each with a fresh Idempotency-Key.
 */
export class OrderLoad {
  private readonly connections: KeepAliveClient[];
  private readonly random: () => number;
  private readonly positions = new OpenPositions();
  private readonly histograms = { opens: new LatencyHistogram(), closes: new LatencyHistogram(), all: new LatencyHistogram() };
  private readonly errors = new Map<string, number>();
  private windowErrors = 0;
  private requests = 0;
  private nextUser = 0;
  private startAt = Infinity;
  private endAt = -Infinity;
  private stopping = false;
  private readonly loops: Array<Promise<void>>;

  constructor(private readonly plan: LoadPlan) {
    if (plan.users.length === 0) throw new Error('no users to trade for');
    if (plan.symbols.length === 0) throw new Error('no symbols to trade');
    this.connections = Array.from({ length: plan.clients }, () => new KeepAliveClient(plan.port));
    this.random = seededRandom(plan.seed);
    this.loops = Array.from({ length: plan.clients }, (_, client) => this.loop(client));
  }

  /** Counts what completes in [startAt, endAt) (performance.now() ms) from now on. */
  measure(startAt: number, endAt: number): void {
    this.startAt = startAt;
    this.endAt = endAt;
  }

  /** Lets every client finish its request in flight, then reports. */
  async stop(): Promise<LoadResult> {
    this.stopping = true;
    await Promise.all(this.loops);
    for (const connection of this.connections) connection.close();
    return {
      opens: this.histograms.opens.snapshot(),
      closes: this.histograms.closes.snapshot(),
      all: this.histograms.all.snapshot(),
      windowErrors: this.windowErrors,
      errors: this.errors,
      requests: this.requests,
    };
  }

  private async loop(client: number): Promise<void> {
    for (let n = 0; !this.stopping; n++) {
      const close = this.plan.closeEvery > 0 && n % this.plan.closeEvery === this.plan.closeEvery - 1 ? this.positions.take() : undefined;
      const started = performance.now();
      let failure: string | undefined;
      try {
        if (close) {
          const answer = await this.post(client, '/position/flatPosition', close.token, { id: close.id }, `${this.plan.runId}-${client}-${n}`);
          failure = failureOf(answer);
        } else {
          const user = this.plan.users[this.nextUser++ % this.plan.users.length]!;
          const symbol = this.plan.symbols[Math.floor(this.random() * this.plan.symbols.length)]!;
          const body = { stockCode: symbol.code, source: symbol.source, direction: 0, orderType: 0, quantity: 1 };
          const answer = await this.post(client, '/stock/create', user.token, body, `${this.plan.runId}-${client}-${n}`);
          failure = failureOf(answer);
          const positionId = answer.body?.data?.positionId;
          if (!failure && typeof positionId === 'number') this.positions.push(positionId, user.token);
        }
      } catch (error) {
        failure = `network: ${error instanceof Error ? error.message : String(error)}`;
      }
      const ended = performance.now();
      this.requests++;
      const inWindow = ended >= this.startAt && ended < this.endAt;
      if (failure) {
        this.errors.set(failure, (this.errors.get(failure) ?? 0) + 1);
        if (inWindow) this.windowErrors++;
        // A refused connection would otherwise spin: give the server a moment.
        if (failure.startsWith('network:')) await new Promise((resolve) => setTimeout(resolve, 50));
      } else if (inWindow) {
        const ms = ended - started;
        (close ? this.histograms.closes : this.histograms.opens).record(ms);
        this.histograms.all.record(ms);
      }
    }
  }

  private post(client: number, path: string, token: string, body: unknown, idempotencyKey: string): Promise<Answer> {
    return postRaw(this.connections[client]!, path, token, body, idempotencyKey);
  }
}

/** One POST with a JSON body on `connection` (one keep-alive connection, one request at a time). */
export async function postRaw(connection: KeepAliveClient, path: string, token: string, body: unknown, idempotencyKey: string): Promise<Answer> {
  const answer = await connection.post(path, { authorization: token, 'idempotency-key': idempotencyKey }, JSON.stringify(body));
  return { status: answer.status, body: parseEnvelope(answer.text) };
}

function parseEnvelope(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return { msg: `not JSON: ${text.slice(0, 80)}` };
  }
}

/** Undefined for a success (HTTP 200 with envelope code 200), else "status message". */
export function failureOf(answer: Answer): string | undefined {
  if (answer.status === 200 && answer.body?.code === 200) return undefined;
  return `${answer.status} ${answer.body?.msg ?? '(no message)'}`;
}
