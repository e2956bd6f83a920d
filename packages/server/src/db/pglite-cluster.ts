import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when opening `dataDir` creates a new PGlite database (in memory, or no cluster in the directory yet). */
export function isNewPgliteDirectory(dataDir: string): boolean {
  return dataDir.startsWith('memory://') || !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Creates the PGlite database cluster of a new data directory in a short-lived child process. initdb
 * inside the server left ~100 MB of freed native memory the process never gave back (PGlite's initdb
 * allocates and frees ~300 MB of buffers; glibc keeps the freed pages): a first start's idle RSS was
 * ~440 MB against ~330 MB when the directory was created by another process, which then opens it as
 * any later start does (docs/performance/startup-and-memory.md). A directory that already holds a
 * cluster (PG_VERSION) is left alone.
 */
export async function initPgliteCluster(dataDir: string): Promise<void> {
  if (!isNewPgliteDirectory(dataDir)) return;
  // The compiled server has dist/pglite-init.js next to its chunks; the sources run it under tsx.
  const here = fileURLToPath(import.meta.url);
  const compiled = here.endsWith('.js');
  const script = path.join(path.dirname(here), compiled ? 'pglite-init.js' : 'pglite-init.ts');
  const child = fork(script, [dataDir], { execArgv: compiled ? [] : ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`creating the PGlite database in ${dataDir} failed (exit ${code}): ${stderr.trim()}`);
}
