import { markdownTable } from './report.js';

/** The parts of a V8 `.cpuprofile` (inspector `Profiler.stop`, `node --cpu-prof`) read here. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code lives: a V8 pseudo-frame, a Node built-in, an npm package, the server, the bench. */
export function categoryOf(functionName: string, url: string): string {
  if (!url) {
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') return functionName;
    return '(native)';
  }
  if (url.startsWith('node:')) return url.startsWith('node:internal/') ? `node:${url.slice('node:internal/'.length).split('/')[0] ?? ''}` : url.split('/')[0] ?? url;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? url);
  }
  const server = /\/packages\/server\/(?:src|test)\/(.*)$/.exec(url);
  if (server?.[1]) {
    const parts = server[1].split('/');
    return `server ${parts.length > 2 ? parts.slice(0, 2).join('/') : (parts[0] ?? '')}`;
  }
  const contract = /\/packages\/contract\//.exec(url);
  if (contract) return '@tradewind/contract';
  return 'other';
}

const shortUrl = (url: string) => {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const packages = url.indexOf('/packages/');
  if (packages >= 0) return url.slice(packages + 1);
  return url.replace(/^file:\/\//, '');
};

export interface ProfileSummary {
  samples: number;
  durationMs: number;
  /** Share of samples per category, by self time (the frame on top of the stack). */
  selfByCategory: Array<{ name: string; share: number }>;
  /**
   * The same, with Node's own code and native frames (a socket write, a hash) billed to the nearest
   * caller that is a package or the app: what each library costs including the runtime work it asks for.
   */
  byOwner: Array<{ name: string; share: number }>;
  /** Share of samples per function, by self time. */
  selfByFunction: Array<{ name: string; share: number }>;
  /** Share of samples with the function anywhere on the stack (each sample counted once per function). */
  inclusiveByFunction: Array<{ name: string; share: number }>;
}

export function analyseProfile(profile: CpuProfile, top = 20): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (id: number) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return '?';
    const name = frame.functionName || '(anonymous)';
    return frame.url ? `${name} ${shortUrl(frame.url)}:${frame.lineNumber + 1}` : name;
  };

  const categoryOfNode = (id: number) => {
    const frame = byId.get(id)?.callFrame;
    return frame ? categoryOf(frame.functionName, frame.url) : '?';
  };
  const runtime = (category: string) => category === '(native)' || category.startsWith('node:');
  const selfCategory = new Map<string, number>();
  const owner = new Map<string, number>();
  const selfFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const sample of profile.samples) {
    const node = byId.get(sample);
    if (!node) continue;
    const category = categoryOf(node.callFrame.functionName, node.callFrame.url);
    add(selfCategory, category);
    let owned = category;
    for (let id = parent.get(sample); runtime(owned) && id !== undefined; id = parent.get(id)) {
      const up = categoryOfNode(id);
      if (!runtime(up)) owned = up;
    }
    add(owner, runtime(owned) ? `${category} (no caller)` : owned);
    add(selfFunction, label(sample));
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const key = label(id);
      if (key === '(root)' || seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key);
    }
  }
  const total = profile.samples.length;
  const ranked = (map: Map<string, number>, limit: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, count]) => ({ name, share: total > 0 ? count / total : 0 }));
  return {
    samples: total,
    durationMs: (profile.endTime - profile.startTime) / 1000,
    selfByCategory: ranked(selfCategory, Infinity),
    byOwner: ranked(owner, Infinity),
    selfByFunction: ranked(selfFunction, top),
    inclusiveByFunction: ranked(inclusive, top),
  };
}

const share = (n: number) => `${(n * 100).toFixed(1)} %`;

/** The summary as text: categories, then the functions with the most self and inclusive time. */
export function summariseProfile(profile: CpuProfile, top = 20): string {
  const summary = analyseProfile(profile, top);
  return [
    `${summary.samples.toLocaleString('en-US')} samples over ${(summary.durationMs / 1000).toFixed(1)} s; shares of all samples (idle included)`,
    '',
    markdownTable(['self time by where the code lives', 'share'], summary.selfByCategory.map((c) => [c.name, share(c.share)])),
    '',
    markdownTable(['with the runtime work it calls (Node internals, native)', 'share'], summary.byOwner.map((c) => [c.name, share(c.share)])),
    '',
    markdownTable(['self time by function', 'share'], summary.selfByFunction.map((f) => [f.name, share(f.share)])),
    '',
    markdownTable(['inclusive time (on the stack)', 'share'], summary.inclusiveByFunction.map((f) => [f.name, share(f.share)])),
  ].join('\n');
}
