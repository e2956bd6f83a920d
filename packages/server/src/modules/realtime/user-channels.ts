import type { WsServerMessage } from '@tradewind/contract';
import type { WebSocket } from 'ws';

type PrivateMessage = Extract<WsServerMessage, { type: 'order' | 'position' | 'balance' | 'message' | 'chat' | 'chatClosed' }>;
type VisitorMessage = Extract<WsServerMessage, { type: 'chat' | 'chatClosed' }>;
type AgentMessage = Extract<WsServerMessage, { type: 'agentChat' }>;

function sendAll(sockets: Iterable<WebSocket> | undefined, message: WsServerMessage): void {
  if (!sockets) return;
  const payload = JSON.stringify(message);
  for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(payload);
}

/**
 * Each signed-in user's sockets, so order, position and balance changes reach only their owner;
 * visitors' sockets by the hash of their chat token, and the sockets of signed-in admins (agents).
 */
export class UserChannels {
  private readonly byUser = new Map<number, Set<WebSocket>>();
  private readonly userOf = new Map<WebSocket, number>();
  private readonly byVisitor = new Map<string, Set<WebSocket>>();
  private readonly visitorOf = new Map<WebSocket, string>();
  private readonly agents = new Set<WebSocket>();

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

  /** Whether the user has an app open; lets a sender skip reading what nobody would receive. */
  isListening(userId: number): boolean {
    return this.byUser.has(userId);
  }

  send(userId: number, message: PrivateMessage): void {
    sendAll(this.byUser.get(userId), message);
  }

  sendVisitor(tokenHash: string, message: VisitorMessage): void {
    sendAll(this.byVisitor.get(tokenHash), message);
  }

  sendAgents(message: AgentMessage): void {
    sendAll(this.agents, message);
  }
}
