import { vi } from 'vitest';

type Listener = ((event: never) => void) | null;

/**
 * Stands in for the browser WebSocket (the quote stream's one boundary): records what the app sends,
 * and lets a test open the connection, push server messages and drop it.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  readonly sent: unknown[] = [];
  onopen: Listener = null;
  onmessage: Listener = null;
  onclose: Listener = null;
  onerror: Listener = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    (this.onclose as ((event: unknown) => void) | null)?.({ code: 1000 });
  }

  // ---- driven by the test ----

  /** The server accepts the connection and greets like the real one. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    (this.onopen as ((event: unknown) => void) | null)?.({});
    this.receive({ type: 'hello', serverTime: Date.now(), heartbeatSeconds: 30 });
  }

  receive(message: unknown): void {
    (this.onmessage as ((event: unknown) => void) | null)?.({ data: JSON.stringify(message) });
  }

  /** The server closes the connection with a code (e.g. 4401 when the session ended). */
  closeByServer(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    (this.onclose as ((event: unknown) => void) | null)?.({ code });
  }

  /** The connection drops (server restart, network change). */
  drop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    (this.onclose as ((event: unknown) => void) | null)?.({ code: 1006 });
  }
}

/** Installs the fake for this test; sockets open at once unless `autoOpen` is false. */
export function installFakeWebSocket({ autoOpen = true } = {}) {
  FakeWebSocket.instances = [];
  class AutoOpeningWebSocket extends FakeWebSocket {
    constructor(url: string) {
      super(url);
      if (autoOpen) queueMicrotask(() => this.readyState === FakeWebSocket.CONNECTING && this.open());
    }
  }
  vi.stubGlobal('WebSocket', AutoOpeningWebSocket);
  const latest = () => FakeWebSocket.instances.at(-1);
  return {
    get sockets() {
      return FakeWebSocket.instances;
    },
    latest,
    /** Every message the app sent on any socket, in order. */
    sent(): unknown[] {
      return FakeWebSocket.instances.flatMap((socket) => socket.sent);
    },
    /** Pushes a quote tick on the newest socket. */
    tick(tick: { source: number; code: string; price_nominal: number; bid?: number; ask?: number; change: number; change_ratio: number; volume?: number; ts?: number }) {
      const socket = latest();
      if (!socket) throw new Error('the app opened no websocket');
      socket.receive({
        type: 'quote',
        tick: { volume: 0, ts: Date.now(), fall: tick.change < 0, bid: tick.price_nominal, ask: tick.price_nominal, ...tick },
      });
    },
  };
}
