import { randomUUID } from 'node:crypto';
import type { Bus, ListeningChange, ListeningUsers } from '../../bus/bus.js';

/** How often each process tells the others every user it holds a socket of. */
export const LISTENERS_EVERY_MS = 15_000;
/** A process not heard from for this long has stopped: its users no longer count. */
const FORGET_AFTER_MS = 3 * LISTENERS_EVERY_MS;
/** After this process starts or its bus had a gap: every user counts as listening while the others' answers come in. */
export const SETTLE_MS = 2_000;

/**
 * Which users hold a socket on another server process, so that a private event is built and sent only for someone
 * who may receive it. Before, with Redis every user counted as listening: the leader's engine pushed every marked
 * position through Redis every second, nearly all of them to no one (issue 22, the cluster bench's profile).
 *
 * Each process tells the others when a user's first socket joins it and their last leaves, and every
 * LISTENERS_EVERY_MS all of its users: that heals a message missed and forgets a process that stopped. Whenever this
 * process may have missed messages (its start, a gap in its subscription) every user counts as listening until the
 * others have answered its ask, so an open app is never skipped for want of news: the cost of doubt is a push to no
 * one, as before. Every process of a cluster must run a build that announces its users.
 */
export class OtherProcessListeners {
  readonly processId = randomUUID();
  private readonly byProcess = new Map<string, { users: Set<number>; heardAt: number }>();
  private unsureUntil: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    private readonly ownUsers: () => Iterable<number>,
    private readonly now: () => number = Date.now,
  ) {
    this.unsureUntil = now() + SETTLE_MS;
    bus.subscribe('listening', (change) => this.heardChange(change));
    bus.subscribe('listeners', (all) => this.heardAll(all));
    bus.onGap(() => {
      if (!bus.hearing) return;
      this.unsureUntil = this.now() + SETTLE_MS;
      this.announce(true);
    });
    this.announce(true);
    this.timer = setInterval(() => this.announce(false), LISTENERS_EVERY_MS);
    this.timer.unref();
  }

  /** Whether the user may hold a socket on another process. */
  has(userId: number): boolean {
    const now = this.now();
    if (!this.bus.hearing || now < this.unsureUntil) return true;
    for (const [process, heard] of this.byProcess) {
      if (now - heard.heardAt > FORGET_AFTER_MS) this.byProcess.delete(process);
      else if (heard.users.has(userId)) return true;
    }
    return false;
  }

  /** This process's first socket of the user joined (`on`) or its last one left. */
  changed(userId: number, on: boolean): void {
    this.bus.publish('listening', { process: this.processId, userId, on });
  }

  close(): void {
    clearInterval(this.timer);
  }

  private announce(ask: boolean): void {
    this.bus.publish('listeners', { process: this.processId, users: [...this.ownUsers()], ask });
  }

  private heardChange({ process, userId, on }: ListeningChange): void {
    if (process === this.processId) return;
    const heard = this.heardFrom(process);
    if (on) heard.users.add(userId);
    else heard.users.delete(userId);
  }

  private heardAll({ process, users, ask }: ListeningUsers): void {
    if (process === this.processId) return;
    this.heardFrom(process).users = new Set(users);
    if (ask) this.announce(false);
  }

  private heardFrom(process: string): { users: Set<number>; heardAt: number } {
    const heard = this.byProcess.get(process) ?? { users: new Set<number>(), heardAt: 0 };
    heard.heardAt = this.now();
    this.byProcess.set(process, heard);
    return heard;
  }
}
