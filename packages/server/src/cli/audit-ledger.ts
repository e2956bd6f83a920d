/**
 * `npm run audit-ledger`: checks the ledger of the database the server would open (DATABASE_URL, or the
 * PGlite DATA_DIR) against DESIGN §4's invariants and prints what it found; exit 0 when sound, 1 when
 * not, 2 when it could not check. Made for a restored backup or a database in doubt. A running server on
 * PostgreSQL can be checked beside it; PGlite is one process's database, so stop the server first (or
 * use the back office's "Check the ledger", which asks the running server).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.js';
import { openDatabase } from '../db/client.js';
import { auditLedger, ledgerViolations } from '../modules/ledger/index.js';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.DATABASE_URL && !config.dataDir.startsWith('memory://') && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    process.stderr.write(`DATA_DIR ${config.dataDir} holds no database: set DATA_DIR to the server's data folder, or DATABASE_URL.\n`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    const audit = await auditLedger(database.db);
    const where = database.kind === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    process.stdout.write(`ledger audit of ${where}\n`);
    const lines: Array<[string, number]> = [
      ['unbalanced journal entries', audit.unbalancedEntries],
      ['balances differing from their postings', audit.accountsOffTheirPostings],
      ['user accounts negative or over-frozen', audit.negativeUserAccounts],
      ['frozen amounts differing from open holds', audit.frozenNotMatchingHolds],
      ...Object.entries(audit.totalsByCurrency).map(([currency, total]): [string, number] => [`all postings in ${currency} sum to`, total]),
    ];
    for (const [label, value] of lines) process.stdout.write(`  ${`${label}:`.padEnd(42)}${value}\n`);
    const violations = ledgerViolations(audit);
    process.stdout.write(violations.length === 0 ? 'the ledger is sound\n' : `${violations.length} invariant(s) broken:\n${violations.map((v) => `  ${v}\n`).join('')}`);
    return violations.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
    process.stderr.write(`could not audit the ledger: ${message}\n`);
    process.exit(2);
  },
);
