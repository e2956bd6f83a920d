import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Source texts keyed by path relative to src/ (`modules/wallet/wallet.routes.ts`). */
type SourceMap = Readonly<Record<string, string>>;

const srcDir = dirname(fileURLToPath(import.meta.url));

// Every non-test source file under src/; tests may reach into a module's files to set up a case.
const sources: SourceMap = Object.fromEntries(
  readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts'))
    .sort()
    .map((path) => [path, readFileSync(join(srcDir, path), 'utf8')]),
);

interface Import {
  from: string;
  specifier: string;
  /** The imported file under src/ (`.ts`), or null for a package or a file outside src/. */
  target: string | null;
  /** `import type …`, `export type …`, or braces holding only `type` names: erased at run time. */
  typeOnly: boolean;
}

const staticImport = /(?:^|\n)\s*(?:import|export)\s+([^'";=()]*?)\s*from\s*['"]([^'"]+)['"]/g;
const bareImport = /(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
const dynamicImport = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function isTypeOnly(clause: string): boolean {
  if (/^type\s/.test(clause)) return true;
  const names = /^\{([^}]*)\}$/.exec(clause)?.[1];
  if (names === undefined) return false;
  const members = names.split(',').map((name) => name.trim()).filter((name) => name.length > 0);
  return members.length > 0 && members.every((name) => /^type\s/.test(name));
}

/** Resolves a relative import against the importing file's folder to a `.ts` path under src/ (null outside it). */
function resolve(files: SourceMap, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (segment !== '.') parts.push(segment);
  }
  const path = parts.join('/').replace(/\.js$/, '');
  if (`${path}/index.ts` in files && !(`${path}.ts` in files)) return `${path}/index.ts`;
  return `${path}.ts`;
}

function importsOf(files: SourceMap): Import[] {
  return Object.entries(files).flatMap(([from, text]) => {
    const found = [
      ...[...text.matchAll(staticImport)].map((m) => ({ specifier: m[2] ?? '', typeOnly: isTypeOnly((m[1] ?? '').trim()) })),
      ...[...text.matchAll(bareImport)].map((m) => ({ specifier: m[1] ?? '', typeOnly: false })),
      ...[...text.matchAll(dynamicImport)].map((m) => ({ specifier: m[1] ?? '', typeOnly: false })),
    ];
    return found.map(({ specifier, typeOnly }) => ({ from, specifier, target: resolve(files, from, specifier), typeOnly }));
  });
}

/** The module a path belongs to (`wallet` for `modules/wallet/…`), if any. */
function moduleOf(path: string): string | undefined {
  return /^modules\/([^/]+)\//.exec(path)?.[1];
}

/** Rule a: a file outside a module reaches it only through its face, `modules/<m>/index.ts`. */
function faceBypasses(files: SourceMap): string[] {
  return importsOf(files).flatMap(({ from, target }) => {
    const module = target === null ? undefined : moduleOf(target);
    if (module === undefined || moduleOf(from) === module || target === `modules/${module}/index.ts`) return [];
    return [`${from} → ${target}`];
  });
}

/** Rule c: plugins are cross-cutting and sit below every module, so they import none (not even a face). */
function pluginImportsOfModules(files: SourceMap): string[] {
  return importsOf(files).flatMap(({ from, target }) =>
    from.startsWith('plugins/') && target?.startsWith('modules/') ? [`${from} → ${target}`] : [],
  );
}

/** Rule d: only repositories and db/ use the query builder: `drizzle-orm`, or a value import of a schema file. */
function queryBuilderOutsideRepositories(files: SourceMap): string[] {
  return importsOf(files).flatMap(({ from, specifier, target, typeOnly }) => {
    if (from.endsWith('.repository.ts') || from.startsWith('db/')) return [];
    const drizzle = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
    const schemaValue = !typeOnly && target !== null && /^db\/([\w-]+\.)?schema\.ts$/.test(target);
    return drizzle || schemaValue ? [`${from} → ${specifier}`] : [];
  });
}

/** A file's folder: modules/<name>, or the top folder under src/ ('.' for app.ts, main.ts). */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return '.';
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0] ?? '.';
}

interface FolderGraph {
  folders: string[];
  edges: string[];
  /** Strongly connected components of more than one folder, each sorted. */
  cycles: string[][];
}

/** Tarjan's strongly connected components of more than one node. */
function stronglyConnected(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w !== undefined) {
        onStack.delete(w);
        component.push(w);
      }
    } while (w !== undefined && w !== v);
    if (component.length > 1) components.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return components;
}

/** Rule b: the folder import graph (as /work/shared/tools/folder-cycles.mjs draws it) and its cycles. */
function folderCycles(files: SourceMap): FolderGraph {
  const graph = new Map<string, Set<string>>();
  for (const { from, target } of importsOf(files)) {
    if (target === null) continue;
    const a = folderOf(from);
    const b = folderOf(target);
    if (a === b || a === '.' || b === '.') continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
    if (!graph.has(b)) graph.set(b, new Set());
  }
  const edges = [...graph].flatMap(([a, bs]) => [...bs].map((b) => `${a} → ${b}`)).sort();
  return { folders: [...graph.keys()].sort(), edges, cycles: stronglyConnected(graph) };
}

/** Prints what a rule found, so a failing run lists every offender (not only the first lines of a diff). */
function report(rule: string, found: readonly string[]): readonly string[] {
  if (found.length > 0) console.info(`${rule}: ${found.length}\n  ${found.join('\n  ')}`);
  return found;
}

describe('server architecture (docs/architecture.md)', () => {
  it('reads the source tree', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(sources['app.ts']).toBeDefined();
  });

  it('a module is imported only through its face, modules/<m>/index.ts', () => {
    expect(report('imports past a face', faceBypasses(sources))).toEqual([]);
  });

  it('no import cycle between folders (each modules/<m> is a folder)', () => {
    const { folders, edges, cycles } = folderCycles(sources);
    console.info(
      `folder imports: ${folders.length} folders, ${edges.length} edges; ${cycles.length} cycle(s)` +
        cycles.map((cycle) => `\n  cycle of ${cycle.length} folders: ${cycle.join(', ')}`).join(''),
    );
    expect(cycles).toEqual([]);
  });

  it('plugins/ imports no module', () => {
    expect(report('plugins importing a module', pluginImportsOfModules(sources))).toEqual([]);
  });

  it('only repositories and db/ use the query builder (drizzle-orm, schema tables as values)', () => {
    expect(report('query builder outside repositories', queryBuilderOutsideRepositories(sources))).toEqual([]);
  });
});

// Each rule applied to a planted violation, so a checker that stopped seeing imports cannot pass unnoticed.
describe('server architecture rules catch planted violations', () => {
  it('finds an import of a file inside another module, from a module or from app.ts', () => {
    const planted = {
      'modules/trading/trading.service.ts': "import { debit } from '../wallet/wallet.service.js';\nimport { ok } from './trading-rules.js';",
      'modules/wallet/index.ts': "export { debit } from './wallet.service.js';",
      'modules/wallet/wallet.service.ts': 'export const debit = 1;',
      'app.ts': "import { walletRoutes } from './modules/wallet/wallet.routes.js';\nimport { debit } from './modules/wallet/index.js';",
    };
    expect(faceBypasses(planted)).toEqual([
      'modules/trading/trading.service.ts → modules/wallet/wallet.service.ts',
      'app.ts → modules/wallet/wallet.routes.ts',
    ]);
  });

  it('finds a type-only import past a face too, and a dynamic one', () => {
    const planted = {
      'cli/audit.ts': "import type {\n  LedgerRow,\n} from '../modules/ledger/ledger.repository.js';\nconst m = await import('../modules/ledger/audit.js');",
    };
    expect(faceBypasses(planted)).toEqual(['cli/audit.ts → modules/ledger/ledger.repository.ts', 'cli/audit.ts → modules/ledger/audit.ts']);
  });

  it('finds a cycle between two modules, and one through a top folder', () => {
    const planted = {
      'modules/market/market.service.ts': "import { watched } from '../watchlist/index.js';",
      'modules/watchlist/index.ts': "export { add } from '../market/index.js';",
      'bus/bus.ts': "import type { Tick } from '../modules/trading/index.js';",
      'modules/trading/index.ts': "import { bus } from '../../bus/bus.js';",
    };
    expect(folderCycles(planted).cycles).toEqual([
      ['modules/market', 'modules/watchlist'],
      ['bus', 'modules/trading'],
    ]);
  });

  it('sees no cycle in a one-way chain, and leaves app.ts out of the folders', () => {
    const planted = {
      'modules/wallet/index.ts': "import { AppError } from '../../lib/app-error.js';",
      'lib/app-error.ts': 'export class AppError {}',
      'app.ts': "import { walletRoutes } from './modules/wallet/index.js';",
    };
    expect(folderCycles(planted)).toEqual({ folders: ['lib', 'modules/wallet'], edges: ['modules/wallet → lib'], cycles: [] });
  });

  it('finds a plugin importing a module, even through its face', () => {
    const planted = {
      'plugins/auth.plugin.ts': "import { findSession } from '../modules/sessions/index.js';\nimport { AppError } from '../lib/app-error.js';",
      'plugins/types.ts': "import type { UserChannels } from '../modules/realtime/index.js';",
    };
    expect(pluginImportsOfModules(planted)).toEqual(['plugins/auth.plugin.ts → modules/sessions/index.ts', 'plugins/types.ts → modules/realtime/index.ts']);
  });

  it('finds the query builder outside a repository, and lets type-only schema imports through', () => {
    const planted = {
      'modules/kyc/kyc.service.ts': "import { eq } from 'drizzle-orm';\nimport { users, type UserRow } from '../../db/schema.js';",
      'modules/kyc/kyc.routes.ts': "import type { UserRow } from '../../db/schema.js';\nimport { type KycRow } from '../../db/kyc.schema.js';",
      'plugins/metrics.plugin.ts': "import { sql } from 'drizzle-orm';",
      'modules/kyc/kyc.repository.ts': "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema.js';",
      'db/client.ts': "import { drizzle } from 'drizzle-orm/pglite';",
    };
    expect(queryBuilderOutsideRepositories(planted)).toEqual([
      'modules/kyc/kyc.service.ts → drizzle-orm',
      'modules/kyc/kyc.service.ts → ../../db/schema.js',
      'plugins/metrics.plugin.ts → drizzle-orm',
    ]);
  });
});
