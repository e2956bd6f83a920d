/**
 * Child process of `initPgliteCluster`: creates a PGlite database cluster in the directory given as its
 * argument (PostgreSQL's initdb) and exits.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from './pglite-start-params.js';

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: pglite-init <data directory>\n');
  process.exit(2);
}
const client = new PGlite(dataDir, { startParams: pgliteStartParams });
await client.waitReady;
await client.close();
