import { readFileSync } from 'node:fs';
import pg from 'pg';
import { parseProcStat, TICK_MS } from './cpu.js';

export interface ActivityRow {
  pid?: number;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
}

/**
 * What a backend is doing, in a few words: `active` (running a statement on a CPU), `active, waits
 * Lock:transactionid` (blocked behind another transaction's row lock), `idle in transaction`
 * (waiting for the client's next statement inside a transaction, locks held), `idle` (between
 * transactions, nothing asked of it), and so on.
 */
export function activityKey(row: ActivityRow): string {
  const state = row.state ?? 'unknown';
  // An idle backend always "waits" for the client to speak; saying so adds nothing.
  if (!row.wait_event_type || (row.wait_event_type === 'Client' && row.wait_event === 'ClientRead')) return state;
  return `${state}, waits ${row.wait_event_type}:${row.wait_event ?? '?'}`;
}

export interface ActivitySummary {
  /** Polls taken. */
  polls: number;
  /** Mean number of the database's backends per poll. */
  backends: number;
  /** Share of backend-polls in each activity, most frequent first. */
  shares: Array<{ activity: string; share: number }>;
  /** CPU the database's backends used between the first and the last poll that saw each, ms (Linux only). */
  backendCpuMs: number;
}

export function summariseActivity(counts: ReadonlyMap<string, number>, polls: number, backendCpuMs = 0): ActivitySummary {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return {
    polls,
    backends: polls > 0 ? total / polls : 0,
    backendCpuMs,
    shares: [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([activity, count]) => ({ activity, share: total > 0 ? count / total : 0 })),
  };
}

/**
 * Polls `pg_stat_activity` for one database's backends every `intervalMs`, from its own
 * connection, and counts what they are doing: where an order or a pgbench transaction spends its
 * time on the database side (running, waiting for a lock, for the WAL flush, or for the client).
 * It also reads each backend's CPU time from /proc at every poll, so the CPU of this database's
 * backends is known apart from the rest of the server (other databases, background workers).
 */
export class ActivitySampler {
  private readonly counts = new Map<string, number>();
  private readonly cpu = new Map<number, { first: number; last: number }>();
  private polls = 0;
  private running = false;
  private loop: Promise<void> | undefined;

  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
    private readonly intervalMs: number,
  ) {}

  static async connect(serverUrl: string, database: string, intervalMs = 50): Promise<ActivitySampler> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    return new ActivitySampler(client, database, intervalMs);
  }

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const { rows } = await this.client.query<ActivityRow>(
          `SELECT pid, state, wait_event_type, wait_event FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          [this.database],
        );
        this.polls++;
        for (const row of rows) {
          const key = activityKey(row);
          this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
          if (row.pid !== undefined) this.readCpu(row.pid);
        }
        await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
      }
    })();
  }

  async stop(): Promise<ActivitySummary> {
    this.running = false;
    await this.loop;
    await this.client.end();
    let ticks = 0;
    for (const { first, last } of this.cpu.values()) ticks += last - first;
    return summariseActivity(this.counts, this.polls, ticks * TICK_MS);
  }

  // Synchronously: a /proc read takes microseconds, while the promise API would hand every read of every poll to
  // the thread pool (four threads waking ~2,000 times a second, on the cores the measured run shares).
  private readCpu(pid: number): void {
    try {
      const stat = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      const ticks = stat.utime + stat.stime;
      const seen = this.cpu.get(pid);
      if (seen) seen.last = ticks;
      else this.cpu.set(pid, { first: ticks, last: ticks });
    } catch {
      // gone already, or PostgreSQL runs elsewhere
    }
  }
}
