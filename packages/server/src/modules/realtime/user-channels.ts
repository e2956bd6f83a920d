import type { WsServerMessage } from '@tradewind/contract';
import type { WebSocket } from 'ws';
import type { AgentMessage, Bus, PrivateMessage, VisitorMessage } from '../../bus/bus.js';

function sendAll(sockets: Iterable<WebSocket> | undefined, message: WsServerMessage): void {
  if (!sockets) return;
  const payload = JSON.stringify(message);
  for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(payload);
}

/**
 * Each signed-in user's sockets, so order, position and balance changes reach only their owner;
 * visitors' sockets by the hash of their chat token, and the sockets of signed-in admins (agents).
 * Sending goes through the bus and every process delivers to the sockets it holds, so an event
 * reaches the user whichever server process their app is connected to.
 */
export class UserChannels {
  private readonly byUser = new Map<number, Set<WebSocket>>();
  private readonly userOf = new Map<WebSocket, number>();
  private readonly byVisitor = new Map<string, Set<WebSocket>>();
  private readonly visitorOf = new Map<WebSocket, string>();
  private readonly agents = new Set<WebSocket>();

  constructor(private readonly bus: Bus) {
    bus.subscribe('user', ({ userId, message }) => sendAll(this.byUser.get(userId), message));
    bus.subscribe('visitor', ({ tokenHash, message }) => sendAll(this.byVisitor.get(tokenHash), message));
    bus.subscribe('agent', (message) => sendAll(this.agents, message));
  }

  join(userId: number, socket: WebSocket): void {
    this.leave(socket);
    const sockets = this.byUser.get(userId) ?? new Set<WebSocket>();
    sockets.add(socket);
    this.byUser.set(userId, sockets);
    this.userOf.set(socket, userId);
  }

  /** Admins hear every conversation's changes for the agent console. */
  joinAgents(socket: WebSocket): void {
    this.agents.add(socket);
  }

  joinVisitor(tokenHash: string, socket: WebSocket): void {
    this.leave(socket);
    const sockets = this.byVisitor.get(tokenHash) ?? new Set<WebSocket>();
    sockets.add(socket);
    this.byVisitor.set(tokenHash, sockets);
    this.visitorOf.set(socket, tokenHash);
  }

  leave(socket: WebSocket): void {
    this.agents.delete(socket);
    const tokenHash = this.visitorOf.get(socket);
    if (tokenHash !== undefined) {
      this.visitorOf.delete(socket);
      const sockets = this.byVisitor.get(tokenHash);
      sockets?.delete(socket);
      if (sockets?.size === 0) this.byVisitor.delete(tokenHash);
    }
    const userId = this.userOf.get(socket);
    if (userId === undefined) return;
    this.userOf.delete(socket);
    const sockets = this.byUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byUser.delete(userId);
  }

  /**
   * Whether the user may have an app open; lets a sender skip reading what nobody would receive.
   * Across processes the sockets of the others are unknown here, so it is always true then.
   */
  isListening(userId: number): boolean {
    return this.bus.crossProcess || this.byUser.has(userId);
  }

  send(userId: number, message: PrivateMessage): void {
    this.bus.publish('user', { userId, message });
  }

  sendVisitor(tokenHash: string, message: VisitorMessage): void {
    this.bus.publish('visitor', { tokenHash, message });
  }

  sendAgents(message: AgentMessage): void {
    this.bus.publish('agent', message);
  }
}
