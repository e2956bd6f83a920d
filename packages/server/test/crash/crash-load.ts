import { ADMIN_EMAIL, ADMIN_PASSWORD, SYMBOLS } from './crash-server.js';

/** What the client learnt from one call: success, a refusal (4xx), or nothing (the connection died). */
export type Outcome = 'ok' | 'refused' | 'unknown';

export type OpKind = 'transfer' | 'order' | 'close' | 'deposit' | 'deposit-review' | 'withdrawal' | 'withdrawal-review';

export interface Op {
  seq: number;
  kind: OpKind;
  user: CrashUser;
  path: string;
  body: Record<string, unknown>;
  /** The Idempotency-Key sent, for calls that take one. */
  key?: string;
  asAdmin: boolean;
  outcome: Outcome;
  status: number;
  message: string;
  /** The id answered (transfer, order, deposit, withdrawal) when the outcome is ok. */
  id?: number;
  /** A deposit is found by its amount, unique per user (cents). */
  amountCents?: number;
  /** A review's deposit or withdrawal and what was decided. */
  target?: number;
  decision?: 'approve' | 'reject';
  /** Set when the outcome was unknown and was settled after a restart. */
  resolvedAfterKill?: number;
}

export interface CrashUser {
  index: number;
  id: number;
  email: string;
  token: string;
  credentialUrl: string;
  /** Positions opened by this user's successful market orders (some closed since). */
  positions: number[];
  nextDeposit: number;
}

export const PAY_PASSWORD = 'Pay-Crash-3391';
const PASSWORD = 'Tr4de-wind!crash';
const FUND = 50_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** mulberry32: the same seed gives the same sequence of choices. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answer {
  outcome: Outcome;
  status: number;
  message: string;
  data: unknown;
}

/** One HTTP call; a connection error or timeout is an unknown outcome, never a refusal. */
export async function call(baseUrl: string, path: string, init: { method?: string; token?: string; key?: string; body?: unknown; form?: FormData }): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = init.token;
  if (init.key) headers['idempotency-key'] = init.key;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'POST',
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { outcome: 'unknown', status: 0, message: `${error instanceof Error ? error.message : String(error)}${cause}`, data: null };
  }
  let envelope: { code?: number; msg?: string; data?: unknown } = {};
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    // a non-JSON answer is reported by its status
  }
  const message = envelope.msg ?? text.slice(0, 200);
  if (response.status === 200 && envelope.code === 200) return { outcome: 'ok', status: 200, message, data: envelope.data };
  if (response.status >= 400 && response.status < 500) return { outcome: 'refused', status: response.status, message, data: null };
  // A 5xx is a fault of its own; it is kept as unknown here and reported by the run.
  return { outcome: 'unknown', status: response.status, message, data: null };
}

async function must<T>(baseUrl: string, path: string, init: Parameters<typeof call>[2]): Promise<T> {
  const answer = await call(baseUrl, path, init);
  if (answer.outcome !== 'ok') throw new Error(`setup: ${init.method ?? 'POST'} ${path} answered ${answer.status}: ${answer.message}`);
  return answer.data as T;
}

export async function adminLogin(baseUrl: string): Promise<string> {
  const session = await must<{ token: string }>(baseUrl, '/loginByUsername', { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  return session.token;
}

/** A tiny JPEG by its magic bytes, which is what the upload check reads. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(64).fill(2)]);

/**
 * Users made the way a person makes one, all over HTTP: e-mail code (read from the back office's
 * outbox), registration, trading permission, a pay password, a deposit credential upload; then the
 * back office credits BALANCE and STOCK.
 */
export async function createUsers(baseUrl: string, adminToken: string, count: number, runId: string): Promise<CrashUser[]> {
  const users: CrashUser[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const email = `crash-${runId}-${index}@example.com`;
      await must(baseUrl, '/getEmailCode', { body: { email, type: 'register' } });
      const mails = await must<{ code: string | null }[]>(baseUrl, `/admin/outbox?to=${encodeURIComponent(email)}`, { method: 'GET', token: adminToken });
      const code = mails.find((mail) => mail.code)?.code;
      if (!code) throw new Error(`setup: no e-mail code for ${email}`);
      const session = await must<{ token: string; user: { id: number } }>(baseUrl, '/register/email', { body: { email, code, password: PASSWORD } });
      const token = session.token;
      await must(baseUrl, '/settingPayPassword', { token, body: { payPassword: PAY_PASSWORD } });
      const form = new FormData();
      form.append('file', new Blob([JPEG], { type: 'image/jpeg' }), 'receipt.jpg');
      const upload = await must<{ url: string }>(baseUrl, '/file/upload', { token, form });
      // Trading permission needs a verified identity (issue 20): verify, then apply (granted at once on this server).
      const identity = await must<{ id: number }>(baseUrl, '/updateReal', { token, body: { firstName: 'Crash', lastName: `User ${index}`, country: 'US', documentType: 'passport', documentNumber: `P${index}000`, frontUrl: upload.url } });
      await must(baseUrl, `/admin/kyc/${identity.id}/approve`, { token: adminToken, body: {} });
      await must(baseUrl, '/api/user/userSet/applyStatus', { token, body: {} });
      for (const walletType of ['BALANCE', 'STOCK']) {
        await must(baseUrl, `/admin/users/${session.user.id}/credit`, { token: adminToken, body: { walletType, amount: FUND, reason: 'crash test: starting funds' } });
      }
      users.push({ index, id: session.user.id, email, token, credentialUrl: upload.url, positions: [], nextDeposit: 1 });
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, count) }, worker));
  return users.sort((a, b) => a.index - b.index);
}

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Workers drawing a seeded mix of calls over all users. `gate` closes before a kill: no new call
 * starts while the server is down; calls in flight at the kill end as unknown outcomes.
 */
export class Load {
  readonly ops: Op[] = [];
  /** A 5xx is never an acceptable answer, kill or not. */
  readonly serverErrors: string[] = [];
  private running = 0;
  private open = false;
  private stopped = false;
  private opened: (() => void) | undefined;
  private openPromise: Promise<void> = new Promise((resolve) => (this.opened = resolve));
  private idle: (() => void) | undefined;
  private seq = 0;
  private readonly workers: Promise<void>[] = [];
  private readonly prices = new Map<string, number>();

  constructor(
    private readonly baseUrl: string,
    private readonly users: CrashUser[],
    private adminToken: string,
    private readonly random: () => number,
    private readonly runId: string,
  ) {}

  start(workers: number) {
    for (let w = 0; w < workers; w++) this.workers.push(this.work());
  }

  resume(adminToken: string) {
    this.adminToken = adminToken;
    this.open = true;
    this.opened?.();
  }

  /** Closes the gate: no new call starts (the kill comes next, while calls are in flight). */
  pause() {
    this.open = false;
    this.openPromise = new Promise((resolve) => (this.opened = resolve));
  }

  /** Waits until no call is in flight; calls to a killed server end quickly as unknown. */
  async drained(): Promise<void> {
    if (this.running > 0) await new Promise<void>((resolve) => (this.idle = resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.open = true;
    this.opened?.();
    await Promise.all(this.workers);
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      if (!this.open) {
        await this.openPromise;
        continue;
      }
      this.running++;
      try {
        await this.one();
      } finally {
        this.running--;
        if (this.running === 0 && !this.open) this.idle?.();
      }
    }
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  private async send(op: Omit<Op, 'seq' | 'outcome' | 'status' | 'message'>): Promise<Op> {
    const record: Op = { ...op, seq: this.seq++, outcome: 'unknown', status: 0, message: '' };
    this.ops.push(record);
    const answer = await call(this.baseUrl, op.path, { token: op.asAdmin ? this.adminToken : op.user.token, key: op.key, body: op.body });
    if (answer.status >= 500) this.serverErrors.push(`#${record.seq} ${op.kind} ${op.path} answered ${answer.status}: ${answer.message}`);
    record.outcome = answer.outcome;
    record.status = answer.status;
    record.message = answer.message;
    if (answer.outcome === 'ok') acceptAnswer(record, answer.data);
    return record;
  }

  private key(kind: string) {
    return `${kind}-${this.runId}-${this.seq}`;
  }

  /** One call (or a create and its review) chosen by weight. */
  private async one(): Promise<void> {
    const user = this.pick(this.users);
    const roll = this.random();
    // A few calls ask for far more than anyone has: refused, and they must leave nothing behind.
    const greedy = this.random() < 0.06;
    if (roll < 0.3) {
      const [fromWallet, toWallet] = this.random() < 0.6 ? ['BALANCE', 'STOCK'] : ['STOCK', 'BALANCE'];
      const amount = greedy ? '9000000' : money(100 + Math.floor(this.random() * 5000));
      await this.send({ kind: 'transfer', user, path: '/wallet/transfer', body: { fromWallet, toWallet, amount }, key: this.key('t'), asAdmin: false });
    } else if (roll < 0.62) {
      const stockCode = this.pick(SYMBOLS);
      const direction = this.random() < 0.5 ? 0 : 1;
      const limit = this.random() < 0.4;
      const body: Record<string, unknown> = { stockCode, direction, orderType: limit ? 1 : 0, quantity: greedy ? 900_000 : 1 + Math.floor(this.random() * 3), leverage: 1 + Math.floor(this.random() * 2) };
      if (limit) {
        const price = await this.price(stockCode);
        if (price === undefined) return;
        // Most rest far from the market; some sit near it, so the engine fills them as the price moves.
        const away = this.random() < 0.7 ? 0.15 : 0.001;
        body.price = Number((price * (direction === 0 ? 1 - away : 1 + away)).toFixed(2));
      }
      await this.send({ kind: 'order', user, path: '/stock/create', body, key: this.key('o'), asAdmin: false });
    } else if (roll < 0.78) {
      if (user.positions.length === 0) return;
      const id = this.pick(user.positions);
      const body: Record<string, unknown> = this.random() < 0.3 ? { id, quantity: 1 } : { id };
      await this.send({ kind: 'close', user, path: '/position/flatPosition', body, key: this.key('c'), asAdmin: false });
    } else if (roll < 0.89) {
      const amountCents = 10_000 + user.nextDeposit++;
      const created = await this.send({ kind: 'deposit', user, path: '/recharge/create', body: { channelId: 1, amount: money(amountCents), credentialUrl: user.credentialUrl }, amountCents, asAdmin: false });
      if (created.outcome !== 'ok' || created.id === undefined || this.random() < 0.25 || !this.open) return;
      await this.send({ kind: 'deposit-review', user, path: `/admin/deposits/${created.id}/approve`, body: {}, target: created.id, decision: 'approve', asAdmin: true });
    } else {
      const amount = greedy ? '9000000' : money(100 + Math.floor(this.random() * 2000));
      const body = { amount, payPassword: PAY_PASSWORD, method: { kind: 'bank', bankName: 'Crash Bank', accountName: 'Crash Tester', cardNumber: `6222${String(user.id).padStart(8, '0')}` } };
      const applied = await this.send({ kind: 'withdrawal', user, path: '/withdrawal/other-withdrawal-apply', body, key: this.key('w'), asAdmin: false });
      if (applied.outcome !== 'ok' || applied.id === undefined || this.random() < 0.3 || !this.open) return;
      const approve = this.random() < 0.6;
      await this.send({
        kind: 'withdrawal-review',
        user,
        path: `/admin/withdrawals/${applied.id}/${approve ? 'approve' : 'reject'}`,
        body: approve ? {} : { reason: 'crash test: refused' },
        target: applied.id,
        decision: approve ? 'approve' : 'reject',
        asAdmin: true,
      });
    }
  }

  private async price(stockCode: string): Promise<number | undefined> {
    const answer = await call(this.baseUrl, `/quotes/getStock?stockCode=${stockCode}`, { method: 'GET' });
    if (answer.outcome === 'ok') this.prices.set(stockCode, (answer.data as { price_nominal: number }).price_nominal);
    return this.prices.get(stockCode);
  }
}

/** Takes what a successful answer says: the id, and a market order's new position. */
export function acceptAnswer(op: Op, data: unknown) {
  const answer = data as { id?: number; positionId?: number | null; status?: number } | null;
  if (op.kind === 'deposit-review' || op.kind === 'withdrawal-review') return;
  op.id = answer?.id;
  if (op.kind === 'order' && answer?.positionId != null && !op.user.positions.includes(answer.positionId)) op.user.positions.push(answer.positionId);
}

/** Sends an unknown-outcome call again as it was (same Idempotency-Key, same body), after a restart. */
export function retry(baseUrl: string, op: Op, adminToken: string) {
  return call(baseUrl, op.path, { token: op.asAdmin ? adminToken : op.user.token, key: op.key, body: op.body });
}
