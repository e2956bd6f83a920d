import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromServer, ServerSettings, ToServer } from './protocol.js';

type Answer<T extends FromServer['type']> = Extract<FromServer, { type: T }>;

/**
 * The server under test in a child process: its own event loop, heap, garbage collector and libuv
 * pool, as in production, so the bench's HTTP clients neither slow it down nor get billed for it,
 * and its CPU can be read apart from theirs.
 */
export class ServerProcess {
  private waiting: ((message: FromServer) => void) | undefined;
  private exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: FromServer) => {
      const resolve = this.waiting;
      this.waiting = undefined;
      if (resolve) resolve(message);
      else if (message.type === 'fatal') process.stderr.write(`server process: ${message.message}\n`);
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    void this.exited.then((code) => {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve?.({ type: 'fatal', message: `the server process exited (code ${code}) before answering` });
    });
  }

  static async start(settings: ServerSettings): Promise<{ server: ServerProcess; ready: Answer<'ready'> }> {
    const url = new URL(`./server-process${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
    // A TypeScript entry needs tsx's loader in the child too; the parent's flags are not inherited.
    const execArgv = url.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
    const child = fork(fileURLToPath(url), [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const server = new ServerProcess(child);
    try {
      const ready = await server.request({ type: 'start', settings }, 'ready');
      return { server, ready };
    } catch (error) {
      child.kill();
      throw error;
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  request<T extends FromServer['type']>(message: ToServer, expected: T): Promise<Answer<T>> {
    if (this.waiting) return Promise.reject(new Error('one request to the server process at a time'));
    return new Promise((resolve, reject) => {
      this.waiting = (answer) => {
        if (answer.type === expected) resolve(answer as Answer<T>);
        else reject(new Error(answer.type === 'fatal' ? `server process: ${answer.message}` : `server process answered ${answer.type}, expected ${expected}`));
      };
      this.child.send(message);
    });
  }

  /** Closes the app and its pool, then waits for the process to end (killing it after 15 s). */
  async close(): Promise<void> {
    if (this.child.exitCode === null && this.child.connected) {
      await this.request({ type: 'close' }, 'closed').catch(() => undefined);
      this.child.disconnect();
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}
