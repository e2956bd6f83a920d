import type { WsClientMessage } from '@tradewind/contract';
import { apiBase } from '../client';

/** The close code the server gives a socket whose session ended (docs/security.md). */
export const WS_CLOSE_SESSION_ENDED = 4401;
const SOCKET_OPEN = 1;
/** Silence longer than this many heartbeats means the connection is dead even if it looks open. */
const MISSED_HEARTBEATS = 3;
const DEFAULT_HEARTBEAT_SECONDS = 30;

/** `/ws` on the API host (the page's own host by default), wss when the page is https. */
export function defaultStreamUrl(): string {
  const base = apiBase();
  const origin = base ? new URL(base, window.location.href) : new URL(window.location.href);
  const protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${origin.host}/ws`;
}

export interface TransportOptions {
  url: () => string;
  /** Reconnect delays grow from the first to the last, doubling, with jitter. */
  reconnectDelayMs: { initial: number; max: number };
  /** With nothing needing the socket, it is closed after this long (a quick page switch keeps it). */
  idleCloseMs: number;
  random: () => number;
}

/** A parsed server message other than `hello`, which the transport keeps for its heartbeat. */
export type ServerMessage = Record<string, unknown> & { type?: unknown };

/** What the channels on the socket tell the transport, and hear from it. */
export interface TransportEvents {
  /** Some channel wants the socket (open, or reopened after a drop). */
  needsSocket(): boolean;
  /** A connection opened: the channels set up their state on the server again. */
  opened(): void;
  received(message: ServerMessage): void;
  /** The connection is gone (dropped or closed on purpose): the server forgot the channels' state. */
  disconnected(): void;
  /** The server closed the socket because the session ended: forget the token; true when there was one. */
  endSession(): boolean;
  /** Told after `endSession` answered true, once the socket's loss is handled. */
  sessionEnded(): void;
}

/**
 * The socket itself: connects when asked, reconnects with jittered backoff while a channel needs
 * it, treats missed heartbeats as a dead connection, comes back when the phone is online or the
 * page visible again, and closes a while after nothing needs it.
 */
export class StreamTransport {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private heartbeatMs = DEFAULT_HEARTBEAT_SECONDS * 1000;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdogTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly wake = () => {
    if (!this.socket && this.events.needsSocket() && !this.disposed) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = undefined;
      this.connect();
    }
  };
  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.wake();
  };

  constructor(
    private readonly options: TransportOptions,
    private readonly events: TransportEvents,
  ) {
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.wake);
      document.addEventListener('visibilitychange', this.onVisibility);
    }
  }

  isConnected(): boolean {
    return this.socket?.readyState === SOCKET_OPEN;
  }

  send(message: WsClientMessage): void {
    if (this.socket?.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify(message));
  }

  ensureConnected(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!this.socket && !this.reconnectTimer) this.connect();
  }

  connect(): void {
    if (this.disposed || this.socket) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.armWatchdog();
      this.events.opened();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.armWatchdog();
      this.handle(event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      // Reconnecting with the dead token would only be refused: the channels carry on without it.
      const sessionEnded = event.code === WS_CLOSE_SESSION_ENDED && this.events.endSession();
      this.onSocketGone(socket);
      if (sessionEnded) this.events.sessionEnded();
    };
    socket.onerror = () => {
      // A close event follows an error; reconnecting waits for it.
    };
  }

  scheduleIdleClose(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (!this.events.needsSocket()) {
        clearTimeout(this.reconnectTimer);
        this.reconnectTimer = undefined;
        this.close();
      }
    }, this.options.idleCloseMs);
  }

  close(): void {
    const socket = this.socket;
    this.socket = null;
    clearTimeout(this.watchdogTimer);
    this.events.disconnected();
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close();
    }
  }

  /** Closes for good: no reconnect. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.idleTimer);
    clearTimeout(this.watchdogTimer);
    this.close();
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.wake);
      document.removeEventListener('visibilitychange', this.onVisibility);
    }
  }

  private onSocketGone(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    clearTimeout(this.watchdogTimer);
    this.events.disconnected();
    if (!this.disposed && this.events.needsSocket()) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.disposed) return;
    const { initial, max } = this.options.reconnectDelayMs;
    const ceiling = Math.min(max, initial * 2 ** this.attempts);
    // Full delay at most, half at least: many clients do not all come back in the same second.
    const delay = ceiling / 2 + (ceiling / 2) * this.options.random();
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.events.needsSocket()) this.connect();
    }, delay);
  }

  private armWatchdog(): void {
    clearTimeout(this.watchdogTimer);
    this.watchdogTimer = setTimeout(() => {
      // No heartbeat for a long while: the connection is dead even if the browser has not noticed.
      const socket = this.socket;
      if (!socket) return;
      this.onSocketGone(socket);
      socket.close();
    }, this.heartbeatMs * MISSED_HEARTBEATS);
  }

  private handle(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const parsed = message as ServerMessage;
    if (parsed.type !== 'hello') {
      this.events.received(parsed);
      return;
    }
    const seconds = parsed.heartbeatSeconds;
    if (typeof seconds === 'number' && seconds > 0) {
      this.heartbeatMs = seconds * 1000;
      this.armWatchdog();
    }
  }
}
