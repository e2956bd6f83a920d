/**
 * Crash test (`npm run test:crash`, needs DATABASE_URL of a PostgreSQL server): the real server in a
 * child process on a fresh database, a seeded mixed load from many users (transfers, market and
 * limit orders, closes, deposits with their approval, withdrawals approved or refused), SIGKILL at
 * random moments, restart, and after each restart a check of every recorded call against the
 * database and of the ledger (crash-verify.ts). docs/reliability.md has the design and the figures.
 *
 *   CRASH_KILLS (20)  CRASH_USERS (16)  CRASH_WORKERS (8)  CRASH_SEED (20250101)
 *   CRASH_KEEP_DB=1 keeps the database for a look afterwards.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminLogin, createUsers, Load, seeded, type Op } from './crash-load.js';
import { CrashServer, createFreshDatabase } from './crash-server.js';
import { settleUnknowns, verify } from './crash-verify.js';

const numberOf = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got ${raw}`);
  return value;
};

const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tally(ops: Op[]) {
  const by = (outcome: Op['outcome']) => ops.filter((op) => op.outcome === outcome).length;
  return `${ops.length} calls (${by('ok')} success, ${by('refused')} refused${by('unknown') ? `, ${by('unknown')} unknown` : ''})`;
}

function byKind(ops: Op[]) {
  const counts = new Map<string, number>();
  for (const op of ops) counts.set(op.kind, (counts.get(op.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
}

async function main(): Promise<number> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl || !/^postgres(ql)?:\/\//.test(baseUrl)) {
    process.stderr.write('test:crash needs PostgreSQL: set DATABASE_URL=postgres://user@host:5432/db (a fresh database is created beside it and dropped after).\n');
    return 2;
  }
  const kills = numberOf('CRASH_KILLS', 20);
  const userCount = numberOf('CRASH_USERS', 16);
  const workers = numberOf('CRASH_WORKERS', 8);
  const seed = numberOf('CRASH_SEED', 20250101);
  const random = seeded(seed);
  const runId = randomBytes(3).toString('hex');
  const started = Date.now();

  const database = await createFreshDatabase(baseUrl);
  const server = await CrashServer.create(database.url, join(tmpdir(), `tradewind-crash-${runId}.log`));
  const client = new pg.Client({ connectionString: database.url });
  let failed = false;
  let load: Load | undefined;
  try {
    say(`crash test: database ${database.name}, seed ${seed}, ${userCount} users, ${workers} workers, ${kills} kills; server log ${server.logFile}`);
    const firstStart = await server.start();
    await client.connect();
    let adminToken = await adminLogin(server.baseUrl);
    const users = await createUsers(server.baseUrl, adminToken, userCount, runId);
    const userIds = users.map((user) => user.id);
    say(`server up in ${(firstStart / 1000).toFixed(1)} s; ${users.length} users registered, given a pay password and funded over HTTP`);

    load = new Load(server.baseUrl, users, adminToken, random, runId);
    load.start(workers);
    load.resume(adminToken);
    let survived = 0;
    let checked = 0;
    for (let kill = 1; kill <= kills; kill++) {
      // A random moment 1–3 s into the load, while calls are in flight (20 kills in about the time 6 took at 2–6 s).
      await sleep(1000 + Math.floor(random() * 2000));
      load.pause();
      await server.kill();
      await load.drained();
      const since = load.ops.length - checked;
      const inFlight = load.ops.filter((op) => op.outcome === 'unknown').length;
      const restart = await server.start();
      adminToken = await adminLogin(server.baseUrl);
      const settled = await settleUnknowns(client, server.baseUrl, adminToken, load.ops, kill);
      const violations = [...settled.violations, ...load.serverErrors, ...(await verify(client, database.url, load.ops, userIds))];
      if (violations.length > 0) {
        say(`\nkill ${kill}: FAILED after the restart: ${violations.length} violation(s):`);
        for (const line of violations.slice(0, 40)) say(`  - ${line}`);
        if (violations.length > 40) say(`  … and ${violations.length - 40} more`);
        failed = true;
        break;
      }
      survived++;
      checked = load.ops.length;
      say(
        `kill ${kill}: SIGKILL with ${inFlight} call(s) in flight (${since} calls since the last check); restarted in ${(restart / 1000).toFixed(1)} s; ` +
          `unknown outcomes: ${settled.present} had happened, ${settled.absent} had not; ${tally(load.ops)} verified, ledger sound`,
      );
      load.resume(adminToken);
    }
    const { ops, serverErrors } = load;
    await load.stop();
    load = undefined;
    if (!failed) {
      // The calls made since the last restart, checked too, with the server still up.
      const violations = [...serverErrors, ...(await verify(client, database.url, ops, userIds))];
      if (violations.length > 0) {
        say(`\nfinal check: FAILED: ${violations.length} violation(s):`);
        for (const line of violations.slice(0, 40)) say(`  - ${line}`);
        failed = true;
      } else {
        const unknown = ops.filter((op) => op.resolvedAfterKill !== undefined).length;
        say(`\ncrash test passed: ${survived} kills survived, ${ops.length} operations verified: ${byKind(ops)}; ${ops.filter((op) => op.outcome === 'ok').length} answered success, ${ops.filter((op) => op.outcome === 'refused').length} refused, ${unknown} with the answer lost to a kill in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    }
  } catch (error) {
    failed = true;
    say(`crash test error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await load?.stop();
    await client.end().catch(() => undefined);
    await server.stop();
    if (process.env.CRASH_KEEP_DB) say(`database kept: ${database.url}`);
    else await database.drop();
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
