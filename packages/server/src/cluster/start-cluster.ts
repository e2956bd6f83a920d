/**
 * `npm run start:cluster`: N server processes (main.ts, or dist/main.js when compiled) as `node:cluster`
 * workers sharing one port: the primary owns PORT and hands each new connection to a worker in turn
 * (round robin, the default on Linux). No proxy sits in the request path: a worker sees the client's
 * own address, so X-Forwarded-* is trusted only when TRUST_PROXY says a real proxy is in front.
 * The first worker starts alone (it migrates, creates the admin and takes the leader lock), then the
 * others. A worker takes connections only once it is ready; one that dies is started again; SIGTERM or
 * SIGINT drains every worker and stops. DATABASE_URL and REDIS_URL are required. docs/deploy.md.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const clusterEnv = z.object({
  CLUSTER_PROCESSES: z.coerce.number().int().min(1).max(64).default(2),
  CLUSTER_RESTART_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'is required: several processes share one PostgreSQL database (postgres://…)'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'is required: the processes exchange quotes and events over Redis (redis://…)'),
});

/** A first worker that is not ready by then has a problem a wait will not fix. */
const FIRST_READY_TIMEOUT_MS = 180_000;

// Compiled, this file is dist/start-cluster.js beside dist/main.js; under tsx it is src/cluster/start-cluster.ts.
const compiled = import.meta.url.endsWith('.js');
const serverEntry = fileURLToPath(new URL(compiled ? './main.js' : '../main.ts', import.meta.url));
const say = (line: string) => process.stdout.write(`cluster: ${line}\n`);

function readEnv() {
  const parsed = clusterEnv.safeParse({ ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? '', REDIS_URL: process.env.REDIS_URL ?? '' });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) process.stderr.write(`${issue.path.join('.')}: ${issue.message}\n`);
  process.stderr.write('See docs/deploy.md.\n');
  process.exit(1);
}

interface Slot {
  index: number;
  worker: Worker | undefined;
  /** The worker listened at least once (a worker that dies before that has a problem a restart will not fix). */
  everReady: boolean;
}

function main() {
  const env = readEnv();
  // Workers run main.ts with the primary's node flags (tsx's loader when started through it).
  cluster.schedulingPolicy = cluster.SCHED_RR;
  cluster.setupPrimary({ exec: serverEntry });

  const slots: Slot[] = Array.from({ length: env.CLUSTER_PROCESSES }, (_, index) => ({ index, worker: undefined, everReady: false }));
  let stopping = false;

  /** Resolves when the worker listens: main.ts opens the shared port only once it is ready. */
  const fork = (slot: Slot): Promise<void> => {
    const worker = cluster.fork({ CLUSTER_WORKER_INDEX: String(slot.index + 1) });
    slot.worker = worker;
    return new Promise((resolve) => {
      worker.once('listening', () => {
        slot.everReady = true;
        say(`worker ${slot.index + 1} (pid ${worker.process.pid}) is ready`);
        resolve();
      });
      worker.once('exit', (code, signal) => {
        if (slot.worker === worker) slot.worker = undefined;
        if (stopping) return;
        const how = signal ?? `code ${code}`;
        if (!slot.everReady) {
          process.stderr.write(`cluster: worker ${slot.index + 1} exited (${how}) before it was ever ready; stopping (its log above says why)\n`);
          void shutdown('a worker failed to start', 1);
          return;
        }
        say(`worker ${slot.index + 1} exited (${how}); starting it again in ${env.CLUSTER_RESTART_DELAY_MS} ms`);
        setTimeout(() => {
          if (!stopping) void fork(slot);
        }, env.CLUSTER_RESTART_DELAY_MS);
      });
    });
  };

  /** SIGTERM to each worker: /ready 503, sockets closed with 1001, leadership handed over, requests finished. */
  const shutdown = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    say(`${reason}: draining every worker`);
    const running = slots.map((slot) => slot.worker).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    say('every worker has stopped');
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));

  const start = async () => {
    const [first, ...rest] = slots;
    const firstReady = fork(first!);
    const timeout = setTimeout(() => {
      process.stderr.write(`cluster: worker 1 was not ready within ${FIRST_READY_TIMEOUT_MS / 1000} s; stopping\n`);
      void shutdown('start-up timed out', 1);
    }, FIRST_READY_TIMEOUT_MS);
    await firstReady;
    clearTimeout(timeout);
    await Promise.all(rest.map((slot) => fork(slot)));
    const port = process.env.PORT ?? '8080';
    say(`${slots.length} workers share http://localhost:${port} (pids ${slots.map((s) => s.worker?.process.pid).join(', ')})`);
  };
  void start();
}

main();
