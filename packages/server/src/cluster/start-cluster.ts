/**
 * `npm run start:cluster`: N server processes (main.ts) on consecutive ports behind the built-in
 * balancer on PORT, sharing DATABASE_URL (PostgreSQL) and REDIS_URL. The first process starts alone
 * (it migrates, creates the admin and takes the leader lock), then the others. A process that dies
 * is started again; SIGTERM or SIGINT drains every process and stops. docs/deploy.md has the rest.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Balancer, type Backend } from './balancer.js';

const clusterEnv = z.object({
  CLUSTER_PROCESSES: z.coerce.number().int().min(1).max(64).default(2),
  PORT: z.coerce.number().int().min(1).max(65_535 - 64).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'is required: several processes share one PostgreSQL database (postgres://…)'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'is required: the processes exchange quotes and events over Redis (redis://…)'),
});

const serverEntry = fileURLToPath(new URL('../main.ts', import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

function readEnv() {
  const parsed = clusterEnv.safeParse({ ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? '', REDIS_URL: process.env.REDIS_URL ?? '' });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) process.stderr.write(`${issue.path.join('.')}: ${issue.message}\n`);
  process.stderr.write('See docs/deploy.md.\n');
  process.exit(1);
}

class ServerProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  constructor(
    readonly backend: Backend,
    private readonly onExit: () => void,
  ) {}

  start(): void {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(this.backend.port), TRUST_PROXY: 'true' },
      stdio: 'inherit',
    });
    this.child = child;
    child.on('exit', (code, signal) => {
      this.backend.ready = false;
      this.onExit();
      if (this.stopping) return;
      if (!this.backend.everReady) {
        process.stderr.write(`cluster: the process on port ${this.backend.port} exited (${signal ?? `code ${code}`}) before it was ever ready; stopping (its log above says why)\n`);
        process.exit(1);
      }
      say(`cluster: the process on port ${this.backend.port} exited (${signal ?? `code ${code}`}); starting it again in 1 s`);
      setTimeout(() => this.start(), 1000).unref();
    });
  }

  /** SIGTERM: the process stops taking work (/ready 503), closes its sockets (1001) and hands over leadership. */
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function waitReady(balancer: Balancer, backend: Backend, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!backend.ready) {
    if (Date.now() > deadline) throw new Error(`the process on port ${backend.port} was not ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await balancer.checkAll();
  }
}

async function main() {
  const env = readEnv();
  const backends: Backend[] = Array.from({ length: env.CLUSTER_PROCESSES }, (_, i) => ({ port: env.PORT + 1 + i, ready: false }));
  const balancer = new Balancer(backends, 1000, { info: say, warn: say });
  const processes = backends.map((backend) => new ServerProcess(backend, () => void balancer.checkAll()));

  processes[0]?.start();
  await waitReady(balancer, backends[0]!, 180_000);
  for (const server of processes.slice(1)) server.start();
  await Promise.all(backends.slice(1).map((backend) => waitReady(balancer, backend, 180_000)));
  await balancer.listen(env.PORT, env.HOST);
  say(`\n  Tradewind cluster: ${env.CLUSTER_PROCESSES} processes (ports ${backends.map((b) => b.port).join(', ')}) behind http://localhost:${env.PORT}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`cluster: ${signal}: draining every process`);
    await Promise.all(processes.map((server) => server.stop()));
    await balancer.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`cluster failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
