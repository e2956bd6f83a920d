import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let found: string | undefined;

/**
 * The server package's folder (packages/server), found from this module's folder upwards: the same
 * answer from src/lib under tsx and from dist/ when compiled (npm run build:server bundles every module
 * into dist/, so a path relative to one source file's folder would be wrong there).
 */
export function serverPackageRoot(): string {
  if (found) return found;
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@tradewind/server') return (found = dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no @tradewind/server package.json above ${import.meta.dirname}`);
    dir = parent;
  }
}
