import { connect, type Socket } from 'node:net';

// The order load's HTTP client: one keep-alive connection, one request at a time, written and read
// as plain HTTP/1.1 bytes (as wrk and autocannon do). node:http's client (an Agent, an
// OutgoingMessage, header validation, a parser object and streams per request) cost the load
// generator ~0.15 ms of CPU per order on the two cores it shares with the server and PostgreSQL,
// where pgbench's C client spends ~0.1 ms per transaction; the server's side of the exchange is
// unchanged.

export interface RawAnswer {
  status: number;
  /** The answer's body as text (the server sends JSON with a Content-Length). */
  text: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export class KeepAliveClient {
  private socket: Socket | undefined;
  private pending: { resolve(answer: RawAnswer): void; reject(error: Error): void } | undefined;
  private buffered: Buffer = Buffer.alloc(0);

  constructor(
    private readonly port: number,
    private readonly host = '127.0.0.1',
  ) {}

  /** POSTs `body` as JSON to `path` with `headers` (names in lower case); resolves with the answer. */
  post(path: string, headers: Readonly<Record<string, string>>, body: string): Promise<RawAnswer> {
    if (this.pending) return Promise.reject(new Error('KeepAliveClient sends one request at a time'));
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    const socket = this.socket ?? this.open();
    return new Promise<RawAnswer>((resolve, reject) => {
      this.pending = { resolve, reject };
      socket.write(`${head}\r\n${body}`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private open(): Socket {
    const socket = connect({ port: this.port, host: this.host, noDelay: true });
    this.socket = socket;
    this.buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.parse();
    });
    // A connection this client closed itself (close()) has no request left on it; one the server or the network
    // ended may have one.
    const lost = (error?: Error) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.fail(error ?? new Error('connection closed before the answer'));
    };
    socket.on('error', lost);
    socket.on('close', () => lost());
    return socket;
  }

  private parse(): void {
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.buffered.toString('latin1', 0, headerEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!Number.isInteger(status) || !length) {
      this.fail(new Error(`an answer without a status or a Content-Length: ${head.slice(0, 80)}`));
      this.close();
      return;
    }
    const bodyStart = headerEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.buffered.length < bodyEnd) return;
    const text = this.buffered.toString('utf8', bodyStart, bodyEnd);
    if (this.buffered.length > bodyEnd) {
      this.fail(new Error('bytes after the answer to the only request in flight'));
      this.close();
      return;
    }
    this.buffered = Buffer.alloc(0);
    const pending = this.pending;
    this.pending = undefined;
    if (/\r\nconnection: *close/i.test(head)) this.close();
    pending?.resolve({ status, text });
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }
}
