import { type QuoteTick, WS_MAX_SUBSCRIPTIONS, type WsSymbol } from '@tradewind/contract';
import { type ChatEvent, PrivateChannel, type PrivateEvent, type PrivateListener, isChatEvent } from './private-channel';
import { QuoteChannel, type TickListener } from './quote-channel';
import { type ServerMessage, StreamTransport, defaultStreamUrl } from './stream-transport';
import { VisitorChannel, type VisitorListener } from './visitor-channel';

export type { ChatEvent, PrivateEvent, PrivateListener } from './private-channel';
export type { TickListener } from './quote-channel';
export { WS_CLOSE_SESSION_ENDED, defaultStreamUrl } from './stream-transport';
export type { VisitorEvent, VisitorListener } from './visitor-channel';

/*
 * The one websocket of the app (DESIGN §7): live quotes for whatever is on screen (quote-channel),
 * the signed-in user's private channel (private-channel) and a visitor's support chat
 * (visitor-channel), over one connection that reconnects and watches heartbeats (stream-transport).
 * This class ties them together: the socket is needed while any channel is, every (re)connection
 * sets up `auth` first, then `visitor`, then the quote subscriptions, and each server message goes
 * to the channel it belongs to.
 */

export interface QuoteStreamOptions {
  url?: () => string;
  /** Most symbols subscribed on the server at once (the contract's limit). */
  maxSymbols?: number;
  /** Reconnect delays grow from the first to the last, doubling, with jitter. */
  reconnectDelayMs?: { initial: number; max: number };
  /** With no subscriber left, the socket is closed after this long (a quick page switch keeps it). */
  idleCloseMs?: number;
  random?: () => number;
}

export class QuoteStream {
  private readonly transport: StreamTransport;
  private readonly quotes: QuoteChannel;
  private readonly privateChannel: PrivateChannel;
  private readonly visitor: VisitorChannel;

  constructor(options: QuoteStreamOptions = {}) {
    this.transport = new StreamTransport(
      {
        url: options.url ?? defaultStreamUrl,
        reconnectDelayMs: options.reconnectDelayMs ?? { initial: 1000, max: 30_000 },
        idleCloseMs: options.idleCloseMs ?? 15_000,
        random: options.random ?? Math.random,
      },
      {
        needsSocket: () => this.needsSocket(),
        opened: () => this.opened(),
        received: (message) => this.receive(message),
        disconnected: () => {
          this.quotes.disconnected();
          this.visitor.leave();
          this.privateChannel.disconnected();
        },
        endSession: () => this.privateChannel.endSession(),
        sessionEnded: () => this.privateChannel.emit({ type: 'sessionEnded' }),
      },
    );
    this.quotes = new QuoteChannel(this.transport, options.maxSymbols ?? WS_MAX_SUBSCRIPTIONS);
    this.privateChannel = new PrivateChannel(this.transport);
    this.visitor = new VisitorChannel(this.transport);
  }

  /** Watches symbols until the returned function is called; the listener hears their ticks. */
  subscribe(symbols: readonly WsSymbol[], listener?: TickListener): () => void {
    const keys = this.quotes.add(symbols, listener);
    if (keys.length > 0) {
      this.transport.ensureConnected();
      this.quotes.queueSync();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.quotes.release(keys, listener);
      this.quotes.queueSync();
      if (!this.needsSocket()) this.transport.scheduleIdleClose();
    };
  }

  /**
   * The session token the private channel authenticates with (null when logged out). A different
   * token than the one the socket was authenticated with needs a fresh socket: the server has no
   * way to leave a private channel other than closing the connection.
   */
  setAuthToken(token: string | null): void {
    if (token === this.privateChannel.currentToken()) return;
    if (this.privateChannel.changeToken(token)) {
      this.transport.close();
      if (this.needsSocket()) this.transport.connect();
      else this.transport.scheduleIdleClose();
      return;
    }
    if (token && this.privateChannel.hasListeners()) {
      this.transport.ensureConnected();
      this.privateChannel.authenticate();
    }
    // Signing in on this socket moves it from the visitor channel to the user's (the server keeps one).
    if (token) this.visitor.leave();
    else this.visitor.join(false);
  }

  /**
   * Hears a visitor's support conversation (by the token the app keeps) until the returned function
   * is called. Only while nobody is signed in: a session's chat comes on its private channel.
   */
  subscribeVisitor(visitorToken: string, listener: VisitorListener): () => void {
    if (this.visitor.changeToken(visitorToken)) this.transport.close();
    return this.listenWhileNeeded(this.visitor.listen(listener), () => {
      this.transport.ensureConnected();
      this.visitor.join(this.privateChannel.currentToken() !== null);
    });
  }

  /** Hears the private channel's events until the returned function is called; keeps the socket open while there is a token. */
  subscribePrivate(listener: PrivateListener): () => void {
    return this.listenWhileNeeded(this.privateChannel.listen(listener), () => {
      if (!this.privateChannel.currentToken()) return;
      this.transport.ensureConnected();
      this.privateChannel.authenticate();
    });
  }

  /** True while the server pushes this user's orders, positions and balances. */
  isAuthenticated(): boolean {
    return this.privateChannel.isAuthenticated();
  }

  /** The newest tick seen for a symbol (also after it was released), for a first paint without waiting. */
  latestTick(symbol: WsSymbol): QuoteTick | undefined {
    return this.quotes.latestTick(symbol);
  }

  /** Symbols the server is currently asked for (for tests and diagnostics). */
  serverSymbols(): string[] {
    return this.quotes.serverSymbols();
  }

  isConnected(): boolean {
    return this.transport.isConnected();
  }

  /** Closes for good: no reconnect, no listeners. */
  dispose(): void {
    this.quotes.clear();
    this.privateChannel.clear();
    this.visitor.clear();
    this.transport.dispose();
  }

  /** Starts a channel's listener, and closes the socket a while after the last need for it went away. */
  private listenWhileNeeded(stopListening: () => void, start: () => void): () => void {
    start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      stopListening();
      if (!this.needsSocket()) this.transport.scheduleIdleClose();
    };
  }

  /** Quotes are wanted, a signed-in session listens to its private channel, or a visitor to their chat. */
  private needsSocket(): boolean {
    return (
      this.quotes.hasSubscriptions() ||
      this.privateChannel.wantsSocket() ||
      (this.privateChannel.currentToken() === null && this.visitor.wantsSocket())
    );
  }

  private opened(): void {
    this.quotes.opened();
    this.privateChannel.opened();
    this.visitor.leave();
    // Authenticate first, so private events start as early as possible.
    this.privateChannel.authenticate();
    this.visitor.join(this.privateChannel.currentToken() !== null);
    this.quotes.sync();
  }

  private receive(message: ServerMessage): void {
    const { type } = message;
    if (type === 'visitorJoined') {
      this.visitor.onJoined();
      return;
    }
    if (type === 'chat' || type === 'chatClosed' || type === 'agentChat') {
      if (!isChatEvent(message)) return;
      if (this.privateChannel.isAuthenticated()) this.privateChannel.emit(message as PrivateEvent);
      else if (this.visitor.isJoined() && type !== 'agentChat') this.visitor.emit(message as ChatEvent);
      return;
    }
    // Heartbeats need no answer; any message already proved the connection alive.
    if (!this.privateChannel.receive(message)) this.quotes.receive(message);
  }
}

let shared: QuoteStream | null = null;

/** The app-wide stream, created on first use. */
export function getQuoteStream(): QuoteStream {
  shared ??= new QuoteStream();
  return shared;
}

/** Drops the app-wide stream (tests start each case with a fresh one). */
export function resetQuoteStream(): void {
  shared?.dispose();
  shared = null;
}
