import type { LeaderLock } from './leader-lock.js';

/** Work that must run on exactly one process of a cluster. */
export interface Singleton {
  start(): Promise<void> | void;
  /** Stops taking new work and resolves once work in flight has finished. */
  stop(): Promise<void> | void;
}

export interface LeadershipLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

interface Registered {
  name: string;
  singleton: Singleton;
}

/**
 * Runs the registered singletons while this process holds the leader lock. Every `checkMs` a
 * follower tries to take the lock and the leader checks it still has it; a leader that lost
 * its database session stops its singletons at once (another process may already be taking
 * over, and every singleton's steps are idempotent, so the overlap costs no-ops, not doubles).
 */
export class Leadership {
  private readonly registered: Registered[] = [];
  private readonly listeners = new Set<(leader: boolean) => void>();
  private leader = false;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly lock: LeaderLock,
    private readonly log: LeadershipLog,
    private readonly checkMs: number,
  ) {}

  get isLeader(): boolean {
    return this.leader;
  }

  /** Singletons start in the order they were registered and stop in the reverse order. */
  register(name: string, singleton: Singleton): void {
    if (this.leader) throw new Error(`singleton ${name} registered after leadership began`);
    this.registered.push({ name, singleton });
  }

  /** Hears every change of leadership (true when this process became the leader). */
  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Makes a first attempt (so a lone process leads as soon as it is ready), then keeps checking. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => {
      this.checking = this.checking.then(() => this.check());
    }, this.checkMs);
    this.timer.unref();
  }

  /** Stops the singletons and gives the lock up, so another process can take over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.checking;
    if (this.leader) await this.stepDown('shutting down');
    await this.lock.release();
  }

  private async check(): Promise<void> {
    if (this.stopped) return;
    if (this.leader) {
      if (!(await this.lock.stillHeld())) await this.stepDown('the leader lock was lost');
      return;
    }
    if (await this.lock.tryAcquire()) await this.takeOver();
  }

  private async takeOver(): Promise<void> {
    this.leader = true;
    const started = Date.now();
    for (const { name, singleton } of this.registered) {
      try {
        await singleton.start();
      } catch (error) {
        // One broken singleton must not keep the others from running.
        this.log.error({ err: error, singleton: name }, 'leadership: a singleton failed to start');
      }
    }
    this.log.info({ singletons: this.registered.map((r) => r.name), ms: Date.now() - started }, 'leadership: this process leads and runs the singletons');
    this.emit();
  }

  private async stepDown(reason: string): Promise<void> {
    this.leader = false;
    for (const { name, singleton } of [...this.registered].reverse()) {
      try {
        await singleton.stop();
      } catch (error) {
        this.log.error({ err: error, singleton: name }, 'leadership: a singleton failed to stop');
      }
    }
    this.log.info({ reason }, 'leadership: this process no longer leads');
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.leader);
  }
}
