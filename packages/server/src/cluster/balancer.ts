import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

export interface Backend {
  port: number;
  ready: boolean;
  /** Was ready at least once (a process that dies before that has a problem a restart will not fix). */
  everReady?: boolean;
}

export interface BalancerLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * A small round-robin balancer for `npm run start:cluster`: HTTP requests and websocket upgrades go
 * to the server processes whose `/ready` answers 200, polled every `checkMs`. A process that is
 * draining (503) or gone gets no new work; websockets it closes reconnect through here to another.
 * Each process sees the client's address in X-Forwarded-For, set here (never passed on from the
 * client, who could otherwise choose the address that rate limits are keyed on).
 */
export class Balancer {
  readonly server: http.Server;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly backends: Backend[],
    private readonly checkMs: number,
    private readonly log: BalancerLog,
  ) {
    this.server = http.createServer((request, response) => this.forward(request, response, 0));
    this.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(request, socket, head));
  }

  async listen(port: number, host: string): Promise<void> {
    await this.checkAll();
    this.timer = setInterval(() => void this.checkAll(), this.checkMs);
    this.timer.unref();
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Polls every backend's /ready now (also used right after a process starts or stops). */
  async checkAll(): Promise<void> {
    await Promise.all(this.backends.map((backend) => this.check(backend)));
  }

  private async check(backend: Backend): Promise<void> {
    const ready = await new Promise<boolean>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port: backend.port, path: '/ready', timeout: this.checkMs }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(false));
    });
    if (ready !== backend.ready) this.log.info(`balancer: process on port ${backend.port} is ${ready ? 'ready' : 'not ready'}`);
    backend.ready = ready;
    if (ready) backend.everReady = true;
  }

  private pick(): Backend | undefined {
    const ready = this.backends.filter((b) => b.ready);
    if (ready.length === 0) return undefined;
    this.next = (this.next + 1) % ready.length;
    return ready[this.next];
  }

  private headersFor(request: IncomingMessage): http.OutgoingHttpHeaders {
    return { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' };
  }

  private forward(request: IncomingMessage, response: ServerResponse, attempt: number): void {
    const backend = this.pick();
    if (!backend) {
      unavailable(response);
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: backend.port, method: request.method, path: request.url, headers: this.headersFor(request) },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      backend.ready = false;
      // A request without a body is safe to send again to another process; one with a body may
      // have been partly read, so it is answered 502 and the client decides (idempotency keys).
      const replayable = request.method === 'GET' || request.method === 'HEAD';
      if (!response.headersSent && replayable && attempt < this.backends.length) {
        this.forward(request, response, attempt + 1);
        return;
      }
      this.log.warn(`balancer: ${request.method} ${request.url} to port ${backend.port} failed: ${error.message}`);
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 502, msg: 'the server process went away; try again', data: null }));
      } else response.destroy();
    });
    request.pipe(upstream);
  }

  private upgrade(request: IncomingMessage, client: Duplex, head: Buffer): void {
    const backend = this.pick();
    if (!backend) {
      client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    const upstream = net.connect(backend.port, '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (const [name, value] of Object.entries(this.headersFor(request))) {
        for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) lines.push(`${name}: ${String(one)}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
    upstream.on('close', end);
    client.on('close', end);
  }
}

function unavailable(response: ServerResponse): void {
  response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
  response.end(JSON.stringify({ code: 503, msg: 'no server process is ready; try again shortly', data: null }));
}
