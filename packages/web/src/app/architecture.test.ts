import { describe, expect, it } from 'vitest';

/** Source texts keyed by path relative to src/. */
type SourceMap = Readonly<Record<string, string>>;

// Every source file's text, keyed by path relative to src/ (Vite reads them at test time).
const sources: SourceMap = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\.\//, ''), text]),
);

function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1] ?? '');
}

/** Resolves a relative import against the importing file's folder, giving a path under src/. */
function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** Every relative import of the map's files, as `from → target` paths under src/. */
function relativeImports(files: SourceMap): { from: string; target: string }[] {
  return Object.entries(files).flatMap(([from, text]) =>
    importsOf(text)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from, target: resolve(from, specifier) })),
  );
}

function featureImportsFeature(files: SourceMap): string[] {
  return relativeImports(files).flatMap(({ from, target }) => {
    const feature = /^features\/([^/]+)\//.exec(from)?.[1];
    if (!feature || !target.startsWith('features/') || target.startsWith(`features/${feature}/`)) return [];
    return [`${from} → ${target}`];
  });
}

function sharedImportsUpward(files: SourceMap): string[] {
  return relativeImports(files).flatMap(({ from, target }) => {
    if (!/^(api|components|hooks|lib|i18n)\//.test(from)) return [];
    if (!target.startsWith('app/') && !target.startsWith('features/')) return [];
    return [`${from} → ${target}`];
  });
}

/** A file's folder: features/<name>, or the top folder under src/ ('.' for files at the root). */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return '.';
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0] ?? '.';
}

interface FolderGraph {
  folders: string[];
  edges: string[];
  /** Strongly connected components of more than one folder, each sorted. */
  cycles: string[][];
}

/** The folder import graph of a source map and its cycles (Tarjan's strongly connected components). */
function folderCycles(files: SourceMap): FolderGraph {
  const graph = new Map<string, Set<string>>();
  for (const { from, target } of relativeImports(files)) {
    const a = folderOf(from);
    const b = folderOf(target);
    if (a === b || a === '.' || b === '.') continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
    if (!graph.has(b)) graph.set(b, new Set());
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w !== undefined) component.push(w);
    } while (w !== undefined && w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  const edges = [...graph].flatMap(([a, bs]) => [...bs].map((b) => `${a} → ${b}`)).sort();
  return { folders: [...graph.keys()].sort(), edges, cycles };
}

describe('architecture (DESIGN §1, bulletproof-react layering)', () => {
  it('reads the source tree', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it('features never import another feature; routes in app/ compose them', () => {
    expect(featureImportsFeature(sources)).toEqual([]);
  });

  it('shared code (api, components, hooks, lib, i18n) imports neither app/ nor features/', () => {
    expect(sharedImportsUpward(sources)).toEqual([]);
  });

  it('no import cycle between folders (lib, then i18n, then api: each imports only the ones before it)', () => {
    const { folders, edges, cycles } = folderCycles(sources);
    console.info(`folder imports: ${folders.length} folders, ${edges.length} edges, ${cycles.length} cycle(s)\n${edges.join('\n')}`);
    expect(cycles).toEqual([]);
  });

  it('only the API client calls fetch (and the service worker, which relays the browser\'s own requests)', () => {
    const callers = Object.entries(sources)
      .filter(([, text]) => /\bfetch\(/.test(text))
      .map(([path]) => path);
    expect(callers).toEqual(['api/client.ts', 'pwa/service-worker.ts']);
  });

  it('names files in kebab-case', () => {
    const badNames = Object.keys(sources).filter((path) => !/^[a-z0-9-/.]+$/.test(path));
    expect(badNames).toEqual([]);
  });
});

// Each rule applied to a planted violation, so a checker that stopped seeing imports cannot pass unnoticed.
describe('architecture rules catch planted violations', () => {
  it('finds a cycle between two folders', () => {
    const planted = { 'lib/a.ts': "import { b } from '../api/b';", 'api/b.ts': "import { a } from '../lib/a';" };
    expect(folderCycles(planted).cycles).toEqual([['api', 'lib']]);
  });

  it('finds a cycle through three folders, counting each feature as its own folder', () => {
    const planted = {
      'features/trade/pages/a.tsx': "import { b } from '../../../components/b';",
      'components/b.tsx': "import { c } from '../features/funding/c';",
      'features/funding/c.ts': "const d = () => import('../trade/pages/a');",
    };
    expect(folderCycles(planted).cycles).toEqual([['components', 'features/funding', 'features/trade']]);
  });

  it('sees no cycle in a one-way chain', () => {
    const planted = { 'api/b.ts': "import { a } from '../lib/a';", 'lib/a.ts': "export const a = 1;" };
    expect(folderCycles(planted)).toEqual({ folders: ['api', 'lib'], edges: ['api → lib'], cycles: [] });
  });

  it('finds a feature importing another feature', () => {
    const planted = { 'features/trade/pages/a.tsx': "import { b } from '../../funding/api/b';" };
    expect(featureImportsFeature(planted)).toEqual(['features/trade/pages/a.tsx → features/funding/api/b']);
  });

  it('finds shared code importing a feature or app/', () => {
    const planted = {
      'lib/a.ts': "import { b } from '../features/trade/b';",
      'components/c.tsx': "import { routes } from '../app/routes';",
    };
    expect(sharedImportsUpward(planted)).toEqual(['lib/a.ts → features/trade/b', 'components/c.tsx → app/routes']);
  });
});
