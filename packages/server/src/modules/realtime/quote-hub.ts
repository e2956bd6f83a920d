import { symbolKey, type QuoteTick, type WsServerMessage, type WsSymbol } from '@tradewind/contract';
import type { WebSocket } from 'ws';

/** Only payloads declared in the contract's event map can be sent. */
export function sendWs(socket: WebSocket, message: WsServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * Who watches which symbol. A tick is serialised once and written only to its subscribers; a
 * client whose unsent backlog passes the limit is dropped instead of buffering without bound.
 */
export class QuoteHub {
  private readonly bySymbol = new Map<string, Set<WebSocket>>();
  private readonly bySocket = new Map<WebSocket, Set<string>>();
  dropped = 0;

  constructor(
    private readonly maxBufferedBytes: number,
    private readonly maxSubscriptions: number,
  ) {}

  add(socket: WebSocket): void {
    this.bySocket.set(socket, new Set());
  }

  remove(socket: WebSocket): void {
    for (const key of this.bySocket.get(socket) ?? []) this.unlink(key, socket);
    this.bySocket.delete(socket);
  }

  /** Returns the socket's subscription count, or null when it would pass the limit (nothing changes then). */
  subscribe(socket: WebSocket, symbols: readonly WsSymbol[]): number | null {
    const mine = this.bySocket.get(socket);
    if (!mine) return null;
    const keys = symbols.map(symbolKey);
    const added = new Set(keys.filter((k) => !mine.has(k)));
    if (mine.size + added.size > this.maxSubscriptions) return null;
    for (const key of added) {
      mine.add(key);
      const sockets = this.bySymbol.get(key) ?? new Set<WebSocket>();
      sockets.add(socket);
      this.bySymbol.set(key, sockets);
    }
    return mine.size;
  }

  unsubscribe(socket: WebSocket, symbols: readonly WsSymbol[]): number {
    const mine = this.bySocket.get(socket);
    if (!mine) return 0;
    for (const key of symbols.map(symbolKey)) {
      if (mine.delete(key)) this.unlink(key, socket);
    }
    return mine.size;
  }

  publish(tick: QuoteTick): void {
    const sockets = this.bySymbol.get(symbolKey(tick));
    if (!sockets || sockets.size === 0) return;
    const payload = JSON.stringify({ type: 'quote', tick } satisfies WsServerMessage);
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > this.maxBufferedBytes) {
        this.dropped++;
        this.remove(socket);
        socket.terminate();
        continue;
      }
      socket.send(payload);
    }
  }

  get connections(): number {
    return this.bySocket.size;
  }

  private unlink(key: string, socket: WebSocket): void {
    const sockets = this.bySymbol.get(key);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.bySymbol.delete(key);
  }
}
