import { describe, expect, it } from 'vitest';

// Every source file's text, keyed by path relative to src/ (Vite reads them at test time).
const sources = Object.fromEntries(
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

describe('architecture (DESIGN §1, bulletproof-react layering)', () => {
  it('reads the source tree', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it('features never import another feature; routes in app/ compose them', () => {
    const crossings = Object.entries(sources).flatMap(([path, text]) => {
      const feature = /^features\/([^/]+)\//.exec(path)?.[1];
      if (!feature) return [];
      return importsOf(text)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(path, specifier))
        .filter((target) => target.startsWith('features/') && !target.startsWith(`features/${feature}/`))
        .map((target) => `${path} → ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('shared code (api, components, hooks, lib, i18n) imports neither app/ nor features/', () => {
    const upward = Object.entries(sources).flatMap(([path, text]) => {
      if (!/^(api|components|hooks|lib|i18n)\//.test(path)) return [];
      return importsOf(text)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(path, specifier))
        .filter((target) => target.startsWith('app/') || target.startsWith('features/'))
        .map((target) => `${path} → ${target}`);
    });
    expect(upward).toEqual([]);
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
