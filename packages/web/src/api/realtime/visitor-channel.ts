import type { ChatEvent } from './private-channel';
import type { ChannelSocket } from './quote-channel';

/** What a visitor's chat channel tells its listeners; `joined` after every (re)join, when events may have been missed. */
export type VisitorEvent = ChatEvent | { type: 'joined' };
export type VisitorListener = (event: VisitorEvent) => void;

/**
 * A visitor (no session) with a chat open joins their support conversation with its visitor
 * token: `visitor` is sent on every (re)connection while nobody is signed in.
 */
export class VisitorChannel {
  private readonly listeners = new Set<VisitorListener>();
  private token: string | null = null;
  private state: 'none' | 'pending' | 'joined' = 'none';

  constructor(private readonly socket: ChannelSocket) {}

  /** A visitor's chat listens (only counts while nobody is signed in). */
  wantsSocket(): boolean {
    return this.token !== null && this.listeners.size > 0;
  }

  isJoined(): boolean {
    return this.state === 'joined';
  }

  /** Sets the visitor token; true when the socket had joined with another one (it must be closed). */
  changeToken(token: string): boolean {
    const mustClose = token !== this.token && this.state !== 'none';
    if (mustClose) this.state = 'none';
    this.token = token;
    return mustClose;
  }

  listen(listener: VisitorListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
  }

  /** Sends `visitor` once per connection, when nobody is signed in and a visitor's chat listens. */
  join(signedIn: boolean): void {
    if (signedIn || !this.token || this.listeners.size === 0 || !this.socket.isConnected()) return;
    if (this.state !== 'none') return;
    this.state = 'pending';
    this.socket.send({ type: 'visitor', visitorToken: this.token });
  }

  /** The socket is new, gone, or moved to a signed-in user's channel: the conversation must be joined again. */
  leave(): void {
    this.state = 'none';
  }

  onJoined(): void {
    if (this.state !== 'pending') return;
    this.state = 'joined';
    this.emit({ type: 'joined' });
  }

  emit(event: VisitorEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
