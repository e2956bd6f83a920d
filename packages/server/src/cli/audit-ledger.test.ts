import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fund, registerUser } from '../../test/test-app.js';
import { openDatabase } from '../db/client.js';

const script = fileURLToPath(new URL('./audit-ledger.ts', import.meta.url));

/** Runs `npm run audit-ledger`'s script on a PGlite folder, as an operator would. */
function auditLedgerCli(dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', MAIL_LOG_ONLY: 'true' };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script], { env, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 2) : 0, stdout, stderr });
    });
  });
}

// A PGlite folder is one process's database, so the server is stopped before the check, as documented.
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run audit-ledger', () => {
  let dataDir: string;
  let userId: number;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tradewind-audit-'));
    const ctx = await createTestContext({ DATA_DIR: dataDir });
    userId = (await registerUser(ctx.app)).user.id;
    await fund(ctx.app, userId, 250_000);
    await ctx.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('prints each invariant and the currency totals of a sound ledger, and exits 0', async () => {
    const run = await auditLedgerCli(dataDir);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`ledger audit of PGlite at ${dataDir}`);
    expect(run.stdout).toMatch(/frozen amounts differing from open holds: 0/);
    expect(run.stdout).toMatch(/all postings in USD sum to:\s+0/);
    expect(run.stdout).toContain('the ledger is sound');
    expect(run.code).toBe(0);
  });

  it('names a broken invariant and exits 1', async () => {
    const database = await openDatabase({ dataDir });
    // Corruption no code path can make: an amount frozen with no hold behind it.
    await database.db.execute(sql`UPDATE ledger_accounts SET frozen = frozen + 1 WHERE user_id = ${userId} AND currency = 'USD' AND balance > 0`);
    await database.close();
    const run = await auditLedgerCli(dataDir);
    expect(run.stdout).toContain('1 invariant(s) broken');
    expect(run.stdout).toContain('ledger audit: frozenNotMatchingHolds = 1');
    expect(run.code).toBe(1);
  });

  it('refuses a folder that holds no database, naming DATA_DIR, and exits 2', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'tradewind-audit-empty-'));
    const run = await auditLedgerCli(empty);
    await rm(empty, { recursive: true, force: true });
    expect(run.stderr).toContain(`DATA_DIR ${empty} holds no database`);
    expect(run.code).toBe(2);
  });
});
