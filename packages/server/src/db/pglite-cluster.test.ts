import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { initPgliteCluster } from './pglite-cluster.js';
import { migrate } from './migrate.js';

describe('initPgliteCluster', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates the cluster of a new directory in a child process, which the server then opens and migrates', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tradewind-pglite-init-'));
    const dataDir = path.join(dir, 'data');
    await initPgliteCluster(dataDir);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    const versionWritten = (await stat(path.join(dataDir, 'PG_VERSION'))).mtimeMs;

    await initPgliteCluster(dataDir);
    expect((await stat(path.join(dataDir, 'PG_VERSION'))).mtimeMs).toBe(versionWritten);

    const database = await openDatabase({ dataDir });
    try {
      expect((await migrate(database)).length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('names the directory when the child cannot create it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tradewind-pglite-init-'));
    const blocked = path.join(dir, 'file');
    await writeFile(blocked, 'not a directory');
    await expect(initPgliteCluster(path.join(blocked, 'data'))).rejects.toThrow(`creating the PGlite database in ${path.join(blocked, 'data')} failed`);
  }, 120_000);
});
