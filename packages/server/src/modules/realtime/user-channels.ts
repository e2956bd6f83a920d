import type { WsServerMessage } from '@tradewind/contract';
import type { WebSocket } from 'ws';
import type { AgentMessage, Bus, PrivateMessage, SessionEndReason, VisitorMessage } from '../../bus/bus.js';
import { OtherProcessListeners } from './other-process-listeners.js';

/**
 * The close code a socket gets when the session it authenticated with ends (sign-out, password
 * change or reset, a device revoked, the user blocked, expiry): the app treats it as signed out and
 * does not connect again with that token. 4000–4999 is the range RFC 6455 leaves to applications.
 */
export const WS_CLOSE_SESSION_ENDED = 4401;

const RECENTLY_ENDED_KEPT = 10_000;

/** The session a socket authenticated with. */
export interface SocketSession {
  id: number;
  expiresAt: Date;
}

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
  private readonly sessionOf = new Map<WebSocket, SocketSession>();

  /**
   * Sessions ended lately, so a socket whose `auth` was being checked while its session ended is
   * not let in after the event went by. Bounded: the periodic database check covers the rest.
   */
  private readonly recentlyEnded = new Set<number>();
  /** With the Redis bus: the users holding a socket on another process. */
  private readonly others: OtherProcessListeners | undefined;

  constructor(private readonly bus: Bus) {
    this.others = bus.crossProcess ? new OtherProcessListeners(bus, () => this.byUser.keys()) : undefined;
    bus.subscribe('user', ({ userId, message }) => sendAll(this.byUser.get(userId), message));
    bus.subscribe('visitor', ({ tokenHash, message }) => sendAll(this.byVisitor.get(tokenHash), message));
    bus.subscribe('agent', (message) => sendAll(this.agents, message));
    bus.subscribe('sessionEnded', ({ sessionIds, reason }) => {
      const ended = new Set(sessionIds);
      for (const id of sessionIds) this.recentlyEnded.add(id);
      for (const id of this.recentlyEnded) {
        if (this.recentlyEnded.size <= RECENTLY_ENDED_KEPT) break;
        this.recentlyEnded.delete(id);
      }
      for (const [socket, session] of this.sessionOf) if (ended.has(session.id)) this.closeEnded(socket, reason);
    });
  }

  /** Opens the user's private channel on the socket, for as long as `session` signs in. */
  join(userId: number, socket: WebSocket, session: SocketSession): void {
    this.leave(socket);
    if (this.recentlyEnded.has(session.id)) {
      this.closeEnded(socket, 'revoked');
      return;
    }
    const sockets = this.byUser.get(userId) ?? new Set<WebSocket>();
    if (sockets.size === 0) this.others?.changed(userId, true);
    sockets.add(socket);
    this.byUser.set(userId, sockets);
    this.userOf.set(socket, userId);
    this.sessionOf.set(socket, session);
  }

  /** Whether the socket holds a private channel (it may have been closed since its `auth` was checked). */
  isJoined(socket: WebSocket): boolean {
    return this.sessionOf.has(socket);
  }

  /** The sessions the sockets of this process are authenticated with. */
  sessions(): Map<WebSocket, SocketSession> {
    return this.sessionOf;
  }

  /** Closes this process's sockets whose session has expired by `now` (each process checks its own). */
  closeExpired(now: Date): void {
    for (const [socket, session] of this.sessionOf) if (session.expiresAt <= now) this.closeEnded(socket, 'expired');
  }

  /**
   * Leaves every channel at once (so nothing more is sent even before the close handshake ends)
   * and closes with WS_CLOSE_SESSION_ENDED.
   */
  closeEnded(socket: WebSocket, reason: SessionEndReason): void {
    this.leave(socket);
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(WS_CLOSE_SESSION_ENDED, `session ended: ${reason}`);
  }

  /** Tells every process that these sessions ended; call once they are revoked (after the commit). */
  endSessions(sessionIds: readonly number[], reason: SessionEndReason): void {
    if (sessionIds.length > 0) this.bus.publish('sessionEnded', { sessionIds: [...sessionIds], reason });
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
    this.sessionOf.delete(socket);
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
    if (sockets?.size === 0) {
      this.byUser.delete(userId);
      this.others?.changed(userId, false);
    }
  }

  /** Stops telling other processes about this one's users. */
  close(): void {
    this.others?.close();
  }

  /**
   * Whether the user may have an app open, here or (with Redis) on another process; lets a sender skip building
   * what nobody would receive. When in doubt (see OtherProcessListeners) it answers true.
   */
  isListening(userId: number): boolean {
    return this.byUser.has(userId) || (this.others?.has(userId) ?? false);
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
