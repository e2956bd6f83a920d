import type { WsServerEvents } from '@tradewind/contract';
import type { ChannelSocket } from './quote-channel';
import type { ServerMessage } from './stream-transport';

/** A line in the caller's support conversation, or its closing; signed-in users and visitors alike hear these. */
export type ChatEvent = ({ type: 'chat' } & WsServerEvents['chat']) | ({ type: 'chatClosed' } & WsServerEvents['chatClosed']);

/** What the private channel tells its listeners: the owner's changes, and when it (re)opens or drops. */
export type PrivateEvent =
  | ({ type: 'order' } & WsServerEvents['order'])
  | ({ type: 'position' } & WsServerEvents['position'])
  | ({ type: 'balance' } & WsServerEvents['balance'])
  | ({ type: 'message' } & WsServerEvents['message'])
  | ({ type: 'alert' } & WsServerEvents['alert'])
  | ChatEvent
  /** Admins only: the agent console's conversations. */
  | ({ type: 'agentChat' } & WsServerEvents['agentChat'])
  /** The channel is open for this token; `reconnected` when events may have been missed before it. */
  | { type: 'authenticated'; reconnected: boolean }
  /** The channel is closed (socket lost, token refused or replaced): nothing is pushed until it reopens. */
  | { type: 'closed' }
  /**
   * The server closed the socket because the session ended (signed out elsewhere, password changed,
   * device revoked, blocked, expired): the token is dead and is not sent again.
   */
  | { type: 'sessionEnded' };
export type PrivateListener = (event: PrivateEvent) => void;

type AuthState = 'none' | 'pending' | 'authenticated' | 'refused';

/** Errors about the subscription itself (limit, refused symbols), as opposed to an `auth` answer. */
const SUBSCRIPTION_ERROR = /^(unknown symbol|at most \d+ symbols)/i;
const OWNER_EVENTS = new Set(['order', 'position', 'balance', 'message', 'alert']);

/** A payload with the object it must carry; the server is trusted for the rest. */
export function hasObject(message: Record<string, unknown>, field: string): boolean {
  return typeof message[field] === 'object' && message[field] !== null;
}

export function isChatEvent(message: Record<string, unknown>): boolean {
  if (message.type === 'chatClosed') return typeof message.conversationId === 'number';
  if (message.type === 'chat') return hasObject(message, 'message') && typeof message.unread === 'number';
  return message.type === 'agentChat' && hasObject(message, 'conversation');
}

/**
 * The signed-in user's channel: with a session token and a listener, every (re)connection sends
 * `auth` first; the server then pushes that user's orders, positions, balances, messages, alerts
 * and chat.
 */
export class PrivateChannel {
  private readonly listeners = new Set<PrivateListener>();
  private token: string | null = null;
  private state: AuthState = 'none';
  /** The channel has been open before on this stream: a new opening may have missed events. */
  private wasAuthenticated = false;

  constructor(private readonly socket: ChannelSocket) {}

  currentToken(): string | null {
    return this.token;
  }

  isAuthenticated(): boolean {
    return this.state === 'authenticated';
  }

  /** A signed-in session listens. */
  wantsSocket(): boolean {
    return this.token !== null && this.listeners.size > 0;
  }

  hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  /** Sets the token; true when the socket had been sent the previous one (it must be closed: the server only leaves a channel on close). */
  changeToken(token: string | null): boolean {
    this.token = token;
    this.wasAuthenticated = false;
    return this.state !== 'none';
  }

  /** The server ended the session: the token is dead and is not sent again. True when there was one. */
  endSession(): boolean {
    if (!this.token) return false;
    this.token = null;
    this.wasAuthenticated = false;
    return true;
  }

  listen(listener: PrivateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
  }

  /** Sends `auth` once per connection, when the socket is open and someone listens. */
  authenticate(): void {
    if (!this.token || this.listeners.size === 0 || !this.socket.isConnected()) return;
    if (this.state === 'pending' || this.state === 'authenticated') return;
    this.state = 'pending';
    this.socket.send({ type: 'auth', token: this.token });
  }

  opened(): void {
    this.state = 'none';
  }

  /** The socket is gone or replaced: listeners hear that the channel closed if it was open. */
  disconnected(): void {
    const wasOpen = this.state === 'authenticated';
    this.state = 'none';
    if (wasOpen) this.emit({ type: 'closed' });
  }

  emit(event: PrivateEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  /** Takes `authenticated`, the owner's events and an `error` answering `auth`; false for the rest. */
  receive(message: ServerMessage): boolean {
    const { type } = message;
    if (type === 'error') {
      const msg = typeof message.msg === 'string' ? message.msg : '';
      if (this.state !== 'pending' || SUBSCRIPTION_ERROR.test(msg)) return false;
      // The token was refused (expired, revoked) or the server could not check it: no private
      // channel on this connection; the next connection tries again.
      this.state = 'refused';
      return true;
    }
    if (type === 'authenticated') {
      if (this.state !== 'pending') return true;
      this.state = 'authenticated';
      this.emit({ type: 'authenticated', reconnected: this.wasAuthenticated });
      this.wasAuthenticated = true;
      return true;
    }
    if (typeof type !== 'string' || !OWNER_EVENTS.has(type)) return false;
    if (this.state !== 'authenticated') return true;
    const field = type === 'balance' ? 'wallet' : type;
    if (hasObject(message, field)) this.emit(message as PrivateEvent);
    return true;
  }
}
