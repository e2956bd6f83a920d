import type { Bus } from '../../bus/bus.js';
import type { AuthContext } from '../../plugins/types.js';

interface Entry {
  auth: AuthContext;
  /** When the session was last marked as used in the database. */
  lastSeenAt: Date;
}

/** Taken before a database read; the read's answer is kept only if nothing was forgotten since. */
export type CacheTicket = number;

const DEFAULT_CAPACITY = 50_000;

/**
 * Sessions this process has read, by the hash of their token, so a request need not read its
 * session and user again (issue 22). It forgets, on every process, whatever the bus says ended or
 * changed — `sessionEnded` (logout, password change or reset, revoked devices, a block) and
 * `usersChanged` (permissions, identity status) are published after their commit — and everything
 * when the bus may have missed a message (Redis down). Expiry is checked on every hit. A read that
 * began before something was forgotten is not kept, so a row read just before a revocation
 * committed cannot come back after it.
 */
export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  private readonly tokenOfSession = new Map<number, string>();
  private readonly sessionsOfUser = new Map<number, Set<number>>();
  /** Moves on every forgetting; a ticket from before it is stale. */
  private generation = 0;

  constructor(
    private readonly bus: Bus,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {
    bus.subscribe('sessionEnded', ({ sessionIds }) => this.forgetSessions(sessionIds));
    bus.subscribe('usersChanged', ({ userIds }) => this.forgetUsers(userIds));
    bus.onGap(() => this.clear());
  }

  get size(): number {
    return this.byToken.size;
  }

  /** The kept session of this token, if it still signs in at `now`. */
  get(tokenHash: string, now: Date): Entry | undefined {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return undefined;
    if (!this.bus.hearing || entry.auth.sessionExpiresAt <= now) {
      this.forget(tokenHash, entry);
      return undefined;
    }
    return entry;
  }

  ticket(): CacheTicket {
    return this.generation;
  }

  /** Keeps what a read that began at `ticket` found, unless something was forgotten meanwhile. */
  put(ticket: CacheTicket, tokenHash: string, auth: AuthContext, lastSeenAt: Date): void {
    if (ticket !== this.generation || !this.bus.hearing) return;
    const previous = this.byToken.get(tokenHash);
    if (previous) this.forget(tokenHash, previous);
    if (this.byToken.size >= this.capacity) {
      const [oldestHash, oldest] = this.byToken.entries().next().value as [string, Entry];
      this.forget(oldestHash, oldest);
    }
    Object.freeze(auth.user);
    this.byToken.set(tokenHash, { auth: Object.freeze(auth), lastSeenAt });
    this.tokenOfSession.set(auth.sessionId, tokenHash);
    const sessions = this.sessionsOfUser.get(auth.user.id) ?? new Set<number>();
    sessions.add(auth.sessionId);
    this.sessionsOfUser.set(auth.user.id, sessions);
  }

  forgetSessions(sessionIds: readonly number[]): void {
    this.generation += 1;
    for (const id of sessionIds) {
      const tokenHash = this.tokenOfSession.get(id);
      const entry = tokenHash === undefined ? undefined : this.byToken.get(tokenHash);
      if (tokenHash !== undefined && entry) this.forget(tokenHash, entry);
    }
  }

  forgetUsers(userIds: readonly number[]): void {
    this.generation += 1;
    for (const userId of userIds) this.forgetSessions([...(this.sessionsOfUser.get(userId) ?? [])]);
  }

  clear(): void {
    this.generation += 1;
    this.byToken.clear();
    this.tokenOfSession.clear();
    this.sessionsOfUser.clear();
  }

  private forget(tokenHash: string, entry: Entry): void {
    this.byToken.delete(tokenHash);
    this.tokenOfSession.delete(entry.auth.sessionId);
    const sessions = this.sessionsOfUser.get(entry.auth.user.id);
    sessions?.delete(entry.auth.sessionId);
    if (sessions?.size === 0) this.sessionsOfUser.delete(entry.auth.user.id);
  }
}
