import type { WsServerMessage } from '@tradewind/contract';
import type { WebSocket } from 'ws';

type PrivateMessage = Extract<WsServerMessage, { type: 'order' | 'position' | 'balance' | 'message' }>;

/** Each signed-in user's sockets, so order, position and balance changes reach only their owner. */
export class UserChannels {
  private readonly byUser = new Map<number, Set<WebSocket>>();
  private readonly userOf = new Map<WebSocket, number>();

  join(userId: number, socket: WebSocket): void {
    this.leave(socket);
    const sockets = this.byUser.get(userId) ?? new Set<WebSocket>();
    sockets.add(socket);
    this.byUser.set(userId, sockets);
    this.userOf.set(socket, userId);
  }

  leave(socket: WebSocket): void {
    const userId = this.userOf.get(socket);
    if (userId === undefined) return;
    this.userOf.delete(socket);
    const sockets = this.byUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byUser.delete(userId);
  }

  /** Whether the user has an app open; lets a sender skip reading what nobody would receive. */
  isListening(userId: number): boolean {
    return this.byUser.has(userId);
  }

  send(userId: number, message: PrivateMessage): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    const payload = JSON.stringify(message);
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(payload);
  }
}
