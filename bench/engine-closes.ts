/**
 * How fast the trading engine acts when one price crosses many levels (issue 22: "the same batching for … stop and
 * limit fills from the engine"). The real server in its own process (as bench/order-throughput.ts runs it) opens
 * `--positions` long positions of 1 share of AAPL over HTTP, each with a stop-loss 5 % below the price (`--kind
 * limit`: places as many limit buys 5 % below), then sends one tick 10 % lower; the server counts the symbol's open
 * positions (resting orders) every 5 ms until none is left. Each round starts at the price the last move left.
 * Printed per round: the time from the tick to the last close (fill), per second, the close (fill) batcher's
 * statements and what it left to be made alone; then the ledger audit.
 *
 *   npx tsx bench/engine-closes.ts                      # 3 rounds of 2,000 stop-losses on PostgreSQL
 *   npx tsx bench/engine-closes.ts --kind limit         # 3 rounds of 2,000 limit buys filled
 *   npx tsx bench/engine-closes.ts --database pglite    # the embedded database
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../packages/server/src/db/client.js';
import { auditLedger, type LedgerAudit } from '../packages/server/src/modules/ledger/ledger-invariants.js';
import { parseArgs, USAGE, type EngineClosesOptions, type EngineWork } from './engine/args.js';
import { optionsOrExit } from './orders/args.js';
import type { ServerWindow } from './orders/protocol.js';
import { createFreshDatabase, serverFacts } from './orders/databases.js';
import { KeepAliveClient } from './orders/keep-alive-client.js';
import { failureOf, postRaw } from './orders/load.js';
import { fixed, markdownTable, whole } from './orders/report.js';
import { ServerProcess } from './orders/server-control.js';

const SYMBOL = { source: 0, code: 'AAPL' };
const FUND_MINOR = 1_000_000_000;
const DRAIN_TIMEOUT_MS = 120_000;

const log = (line: string) => process.stderr.write(`${line}\n`);
const round2 = (n: number) => Math.round(n * 100) / 100;

interface Round {
  opened: number;
  openMs: number;
  price: number;
  drainedMs: number;
  remaining: number;
  statements: number;
  /** Closes (fills) the batcher's statements applied. */
  done: number;
  alone: number;
  loadBefore: number;
}

/** The batcher's figures for the kind of work: the close batcher's for stop-losses, the fill batcher's for limit buys. */
function batchFigures(kind: EngineWork, window: ServerWindow): { batches: number; done: number; alone: number } | undefined {
  if (kind === 'stop-loss') return window.closeBatches && { batches: window.closeBatches.batches, done: window.closeBatches.closes, alone: window.closeBatches.alone };
  return window.fillBatches && { batches: window.fillBatches.batches, done: window.fillBatches.fills, alone: window.fillBatches.alone };
}

/**
 * Opens `count` 1-share longs of SYMBOL with a stop-loss at `level` (or places limit buys at it), `clients` at a time,
 * spread over the users; throws on the first refusal.
 */
async function openPositions(port: number, users: ReadonlyArray<{ token: string }>, count: number, clients: number, kind: EngineWork, level: number): Promise<void> {
  let next = 0;
  const runId = randomBytes(4).toString('hex');
  const worker = async () => {
    const connection = new KeepAliveClient(port);
    try {
      while (next < count) {
        const n = next++;
        const user = users[n % users.length]!;
        const body = kind === 'stop-loss' ? { stockCode: SYMBOL.code, direction: 0, orderType: 0, quantity: 1, stopLoss: level } : { stockCode: SYMBOL.code, direction: 0, orderType: 1, quantity: 1, price: level };
        const failure = failureOf(await postRaw(connection, '/stock/create', user.token, body, `${runId}-${n}`));
        if (failure) throw new Error(`opening position ${n + 1} of ${count}: ${failure}`);
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(clients, count) }, worker));
}

async function run(options: EngineClosesOptions): Promise<{ rounds: Round[]; audit: LedgerAudit }> {
  const database = options.database === 'pglite' ? undefined : await createFreshDatabase(options.databaseUrl, 'tw_engine_');
  try {
    const { server, ready } = await ServerProcess.start({
      databaseUrl: database?.url,
      poolSize: options.clients,
      market: 'none',
      marketSymbols: [SYMBOL.code, 'EURUSD'],
      tradeSymbols: [SYMBOL.code],
      users: options.users,
      fundMinor: FUND_MINOR,
    });
    const rounds: Round[] = [];
    let audit: LedgerAudit;
    try {
      log(`engine closes: server on port ${ready.port}, ${ready.users.length} users in ${fixed((ready.startMs + ready.setupMs) / 1000, 1)} s`);
      for (let round = 1; round <= options.rounds; round++) {
        const loadBefore = loadavg()[0]!;
        const { price } = await server.request({ type: 'quote', ...SYMBOL }, 'quoted');
        const opening = performance.now();
        await openPositions(ready.port, ready.users, options.positions, options.clients, options.kind, round2(price * 0.95));
        const openMs = performance.now() - opening;
        const before = batchFigures(options.kind, await server.request({ type: 'quote', ...SYMBOL }, 'quoted'));
        const moved = await server.request({ type: 'price-move', ...SYMBOL, factor: 0.9, until: options.kind === 'stop-loss' ? 'closed' : 'filled', timeoutMs: DRAIN_TIMEOUT_MS }, 'price-moved');
        const after = batchFigures(options.kind, moved);
        rounds.push({
          opened: options.positions,
          openMs,
          price: moved.price,
          drainedMs: moved.drainedMs,
          remaining: moved.remaining,
          statements: after && before ? after.batches - before.batches : NaN,
          done: after && before ? after.done - before.done : NaN,
          alone: after && before ? after.alone - before.alone : NaN,
          loadBefore,
        });
        log(`engine closes: round ${round}: ${whole(options.positions)} ${options.kind === 'stop-loss' ? 'stop-losses' : 'limit buys'} crossed, none left after ${fixed(moved.drainedMs, 0)} ms (${moved.remaining} left)`);
      }
      if (!database) audit = (await server.request({ type: 'audit' }, 'audited')).audit;
    } finally {
      await server.close();
    }
    if (database) {
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 2 });
      try {
        audit = await auditLedger(handle.db);
      } finally {
        await handle.close();
      }
    }
    return { rounds, audit: audit! };
  } finally {
    await database?.drop();
  }
}

function sound(audit: LedgerAudit): boolean {
  return audit.unbalancedEntries === 0 && audit.accountsOffTheirPostings === 0 && audit.negativeUserAccounts === 0 && audit.frozenNotMatchingHolds === 0 && Object.values(audit.totalsByCurrency).every((total) => total === 0);
}

async function main(): Promise<void> {
  const options = optionsOrExit('engine-closes', USAGE, parseArgs);
  if (!options) return;
  const version =
    options.database === 'pglite'
      ? 'PGlite (in memory, in the server process)'
      : (await serverFacts(options.databaseUrl).catch((error: unknown) => {
          throw new Error(`cannot reach PostgreSQL at ${options.databaseUrl}: ${error instanceof Error ? error.message : String(error)}`);
        })).version.split(',')[0]!;
  const loadStart = loadavg();
  const { rounds, audit } = await run(options);
  const loadEnd = loadavg();
  const out = [
    '',
    `Engine ${options.kind === 'stop-loss' ? `closes: ${whole(options.positions)} long positions of 1 ${SYMBOL.code} with a stop-loss` : `fills: ${whole(options.positions)} limit buys of 1 ${SYMBOL.code}`} 5 % below the price, then one tick 10 % lower, ${options.rounds} round(s)`,
    `machine: ${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average (1/5/15 min) before ${loadStart.map((n) => fixed(n, 2)).join(' ')}, after ${loadEnd.map((n) => fixed(n, 2)).join(' ')}`,
    `database: ${version}; server pool ${options.clients}; positions opened by ${options.clients} HTTP clients over ${options.users} users`,
    '',
    markdownTable(
      ['round', 'load', options.kind === 'stop-loss' ? 'positions' : 'limit buys', 'placed in s', 'tick → last one done ms', 'done/s', 'batch statements', 'per statement', 'made alone', 'left'],
      rounds.map((r, i) => [
        String(i + 1),
        fixed(r.loadBefore, 2),
        whole(r.opened),
        fixed(r.openMs / 1000, 1),
        fixed(r.drainedMs, 0),
        whole(r.opened / (r.drainedMs / 1000)),
        whole(r.statements),
        fixed(r.done / r.statements, 1),
        whole(r.alone),
        whole(r.remaining),
      ]),
    ),
    '',
    `ledger audit after the run: ${sound(audit) ? 'SOUND' : 'NOT SOUND'} — unbalanced entries ${audit.unbalancedEntries}, accounts off their postings ${audit.accountsOffTheirPostings}, negative user accounts ${audit.negativeUserAccounts}, frozen not matching holds ${audit.frozenNotMatchingHolds}`,
    '',
  ];
  process.stdout.write(out.join('\n'));
  if (!sound(audit) || rounds.some((r) => r.remaining > 0)) process.exitCode = 1;
}

await main();
