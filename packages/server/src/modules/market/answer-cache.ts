/** Which ticks make an answer stale: those of one instrument (its key), or any tick at all. */
export type Scope = string | typeof ANY_TICK;
export const ANY_TICK = Symbol('any tick');

interface Entry {
  body: Buffer;
  revision: number;
  builtAt: number;
}

export interface AnswerCacheOptions {
  /** The app's clock in milliseconds. */
  now: () => number;
  /**
   * The longest an answer is served without being rebuilt, ticks or not: what depends on the clock
   * rather than on ticks (a market's open state, the trading date) is never staler than this.
   */
  maxAgeMs?: number;
  /** Answers kept at most; past it, expired ones go first, then the oldest. */
  maxEntries?: number;
}

/**
 * Serialised public answers (quote detail, lists, charts), kept until the next tick of what they show
 * (issue 22): the quote listener calls `ticked`, and the next request rebuilds. Only answers that are
 * the same for every caller who asks with the same key may be put here; the key must say whatever else
 * the answer depends on (a watched flag, a page).
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly revisions = new Map<string, number>();
  private anyRevision = 0;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: AnswerCacheOptions) {
    this.maxAgeMs = options.maxAgeMs ?? 1000;
    this.maxEntries = options.maxEntries ?? 1000;
  }

  /** A tick of this instrument (its key): its own answers and every any-tick answer are stale from now. */
  ticked(instrumentKey: string): void {
    this.anyRevision++;
    this.revisions.set(instrumentKey, (this.revisions.get(instrumentKey) ?? 0) + 1);
  }

  private revisionOf(scope: Scope): number {
    return scope === ANY_TICK ? this.anyRevision : (this.revisions.get(scope) ?? 0);
  }

  /**
   * The answer's bytes kept under `key` while no tick of `scope` came since and they are young enough; else
   * `build`'s, kept. Bytes, not text: they are sent many times between two ticks, encoded once.
   */
  answer(key: string, scope: Scope, build: () => string): Buffer {
    const now = this.options.now();
    const revision = this.revisionOf(scope);
    const entry = this.entries.get(key);
    if (entry && entry.revision === revision && this.fresh(entry, now)) return entry.body;
    const body = Buffer.from(build());
    if (!entry) this.makeRoom(now);
    this.entries.delete(key);
    this.entries.set(key, { body, revision, builtAt: now });
    return body;
  }

  /** The bytes `answer` would give now without building, or undefined when they would be built again. */
  current(key: string, scope: Scope): Buffer | undefined {
    const entry = this.entries.get(key);
    return entry && entry.revision === this.revisionOf(scope) && this.fresh(entry, this.options.now()) ? entry.body : undefined;
  }

  /** A clock moved back (a test's, an admin's) counts as stale too. */
  private fresh(entry: Entry, now: number): boolean {
    return now >= entry.builtAt && now - entry.builtAt < this.maxAgeMs;
  }

  get size(): number {
    return this.entries.size;
  }

  private makeRoom(now: number): void {
    if (this.entries.size < this.maxEntries) return;
    for (const [key, entry] of this.entries) if (!this.fresh(entry, now)) this.entries.delete(key);
    // Entries are kept in the order they were last built: the first is the oldest.
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
