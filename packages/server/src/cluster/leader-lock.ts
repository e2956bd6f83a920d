import type pg from 'pg';

/**
 * The right to run the singletons (market feed, trading engine, sweeps). Held by at most one
 * process at a time; it ends with the process or its database session, so a dead leader's
 * lock is free again as soon as PostgreSQL notices the connection is gone.
 */
export interface LeaderLock {
  /** Takes the lock if it is free; true when this process holds it afterwards. */
  tryAcquire(): Promise<boolean>;
  /** True while the lock is still this process's (its database session is alive and holds it). */
  stillHeld(): Promise<boolean>;
  release(): Promise<void>;
}

/** PGlite is one process's own database, so that process is always the leader. */
export class SoleProcessLock implements LeaderLock {
  tryAcquire(): Promise<boolean> {
    return Promise.resolve(true);
  }
  stillHeld(): Promise<boolean> {
    return Promise.resolve(true);
  }
  release(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * A session-level PostgreSQL advisory lock on a connection of its own (not the pool's: a pooled
 * connection would carry the lock to whoever borrows it next). Advisory locks are per database,
 * so processes share leadership exactly when they share a database.
 */
export class AdvisoryLock implements LeaderLock {
  private client: pg.Client | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly key: number,
    private readonly onConnectionError: (error: Error) => void,
  ) {}

  async tryAcquire(): Promise<boolean> {
    try {
      const client = await this.connection();
      const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [this.key]);
      return result.rows[0]?.locked === true;
    } catch (error) {
      this.drop(error);
      return false;
    }
  }

  async stillHeld(): Promise<boolean> {
    if (!this.client) return false;
    try {
      const result = await this.client.query(
        `SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted
            AND classid = 0 AND objid = $1 AND objsubid = 1`,
        [this.key],
      );
      return result.rows.length > 0;
    } catch (error) {
      this.drop(error);
      return false;
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    // Closing the session releases the lock; the explicit unlock just makes it immediate.
    await client.query('SELECT pg_advisory_unlock($1)', [this.key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    // pg is loaded here rather than at the top: this module is also loaded by PGlite servers, which never need it.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, application_name: 'tradewind-leader' });
    client.on('error', (error) => this.drop(error));
    await client.connect();
    this.client = client;
    return client;
  }

  private drop(error: unknown): void {
    const client = this.client;
    this.client = null;
    if (client) void client.end().catch(() => undefined);
    this.onConnectionError(error instanceof Error ? error : new Error(String(error)));
  }
}
