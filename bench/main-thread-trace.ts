/**
 * The first load's main-thread blocking, without Lighthouse: each page of `web-app.ts` opened cold in
 * headless Chromium (412×823 phone viewport, CPU throttled 4× through CDP), long tasks read from a
 * `PerformanceObserver('longtask')` installed before the page's scripts. Per page and build it
 * reports a TBT-like figure — the sum of each long task's time over 50 ms, from the first
 * contentful paint to 10 s after navigation — the number of long tasks in that window, the
 * animation-frame callbacks run in it, counted and timed (the chart library draws in them), and the
 * renderer's task time up to the read (CDP's TaskDuration: a rough total only, it can exceed the
 * window); the median of `--runs` runs. Two builds are compared by serving each with its own server
 * (same process) and alternating them run by run; `uptime` is printed with every figure, since on a
 * loaded machine wall-clock task lengths move by 2–3× between identical runs.
 *
 * It builds nothing: build the tree before the change and copy its dist aside first, e.g.
 *   npm run build && cp -r packages/web/dist /tmp/before-dist
 *   (change, npm run build)
 *   npx tsx bench/main-thread-trace.ts --before /tmp/before-dist [--after packages/web/dist] [--runs 3] [--page Quote]
 *
 * --profile samples the main thread (CDP Profiler, 0.5 ms) and prints each run's self time per script
 * file and function, and the long tasks (start+length): where the time went, run by run.
 * Without --before only the --after build is measured. Chromium: CHROME_PATH, default /usr/bin/chromium.
 * One browser at a time, one page at a time (other benches may share the machine).
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { type ServedApp, type Target, pickTargets, signInEveryDocument, startServer } from './web-app.js';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse's mobile profile: 4× CPU slowdown, a 412×823 screen. */
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** The window read after navigation (Lighthouse stops at quiet, which on the quote page never comes). */
const WINDOW_MS = 10_000;
const BLOCKING_OVER_MS = 50;

interface Trace {
  /** Sum of each long task's time past 50 ms, between the first contentful paint and the window's end. */
  blockingMs: number;
  longTasks: number;
  fcpMs: number;
  /** The renderer's task time from navigation to the read (CDP `Performance.getMetrics` TaskDuration, at 4×; may exceed the window). */
  busyMs: number;
  /** Animation-frame callbacks run in the window and their time: the chart library draws in them. */
  frames: number;
  frameMs: number;
  /** With --profile: sampled self time per script file (hash dropped), largest first. */
  byScript: [string, number][];
  /** With --profile: the same per function (name@file). */
  byFunction: [string, number][];
  load: string;
  /** The long tasks in the window, start and length (printed with --profile). */
  tasks: string;
}

function options() {
  const { values } = parseArgs({
    options: {
      before: { type: 'string' },
      after: { type: 'string', default: fileURLToPath(new URL('../packages/web/dist/', import.meta.url)) },
      runs: { type: 'string', default: '3' },
      page: { type: 'string' },
      profile: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('usage: tsx bench/main-thread-trace.ts [--before DIST] [--after DIST (default packages/web/dist)] [--runs N (default 3)] [--page NAME] [--profile]');
    process.exit(0);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
    console.error(`--runs must be a whole number from 1 to 9 (got "${values.runs}")`);
    process.exit(2);
  }
  const builds = [...(values.before ? [{ name: 'before', dist: values.before }] : []), { name: 'after', dist: values.after }].map((build) => ({
    ...build,
    dist: `${resolve(build.dist)}/`,
  }));
  for (const build of builds) {
    if (!existsSync(`${build.dist}index.html`)) {
      console.error(`${build.dist} has no index.html: build first (npm run build)`);
      process.exit(2);
    }
  }
  return { runs, builds, pages: pickTargets(values.page), profile: values.profile };
}

const uptime = () => execSync('uptime').toString().trim();

/** Installed before the app's scripts: collects long tasks as they end (the observer buffers nothing earlier). */
function observeLongTasks(): void {
  const scope = globalThis as unknown as {
    __longTasks: { start: number; duration: number }[];
    __frames: { count: number; ms: number };
    performance: { now(): number };
    requestAnimationFrame: (callback: (time: number) => void) => number;
    PerformanceObserver: new (callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void) => {
      observe(options: { type: string; buffered: boolean }): void;
    };
  };
  scope.__longTasks = [];
  // Each animation-frame callback counted and timed (the chart's redraws are such callbacks).
  const frames = { count: 0, ms: 0 };
  scope.__frames = frames;
  const request = scope.requestAnimationFrame.bind(globalThis);
  scope.requestAnimationFrame = (callback) =>
    request((time) => {
      const start = scope.performance.now();
      try {
        callback(time);
      } finally {
        if (start < 10_000) {
          frames.count++;
          frames.ms += scope.performance.now() - start;
        }
      }
    });
  new scope.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) scope.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
}

/** Sampled time per script file: which chunk the main thread's time went to (e.g. the chart's). */
function selfTimeBy(
  profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] },
  perFunction: boolean,
): [string, number][] {
  const nodeOf = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = nodeOf.get(samples[i] ?? -1)?.callFrame;
    const url = frame?.url ?? '';
    const file = url === '' ? `(${frame?.functionName ?? '?'})` : (url.split('/').pop() ?? url).replace(/-[\w-]{8}\.js$/, '.js').replace(/[?#].*$/, '');
    const name = perFunction && frame && url !== '' ? `${frame.functionName || '(anonymous)'}@${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : file;
    totals.set(name, (totals.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...totals].map(([name, ms]): [string, number] => [name, Math.round(ms)]).sort((a, b) => b[1] - a[1]);
}

async function traceOnce(browser: Browser, url: string, token: string | null, profile: boolean): Promise<Trace> {
  // A fresh context: no cache, storage or service worker from the run before (a cold visit, as Lighthouse's).
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(VIEWPORT);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (token) await signInEveryDocument(page, url, token);
    await page.evaluateOnNewDocument(observeLongTasks);
    await cdp.send('Performance.enable');
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    // Until the window's end on the page's own clock (navigation is its zero).
    const elapsed = await page.evaluate(() => (globalThis as unknown as { performance: { now(): number } }).performance.now());
    await new Promise((done) => setTimeout(done, Math.max(0, WINDOW_MS - elapsed) + 200));
    const { tasks, fcp, frames } = await page.evaluate(() => {
      const scope = globalThis as unknown as {
        __longTasks: { start: number; duration: number }[];
        __frames: { count: number; ms: number };
        performance: { getEntriesByName(name: string): { startTime: number }[] };
      };
      return { tasks: scope.__longTasks, frames: scope.__frames, fcp: scope.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null };
    });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const sampled = profile ? (await cdp.send('Profiler.stop')).profile : null;
    const byScript = sampled ? selfTimeBy(sampled, false) : [];
    const byFunction = sampled ? selfTimeBy(sampled, true).filter(([name]) => name.includes('@')) : [];
    const busyMs = Math.round((metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? NaN) * 1000);
    const from = fcp ?? 0;
    let blockingMs = 0;
    let longTasks = 0;
    const listed: string[] = [];
    for (const task of tasks) {
      const end = task.start + task.duration;
      if (end <= from || task.start >= WINDOW_MS) continue;
      longTasks++;
      listed.push(`${Math.round(task.start)}+${Math.round(task.duration)}`);
      // As Lighthouse's TBT: only the part after the first paint counts, less the first 50 ms of the task.
      const counted = Math.min(end, WINDOW_MS) - Math.max(task.start, from);
      blockingMs += Math.max(0, counted - BLOCKING_OVER_MS);
    }
    return { blockingMs: Math.round(blockingMs), longTasks, fcpMs: Math.round(fcp ?? -1), busyMs, frames: frames.count, frameMs: Math.round(frames.ms), byScript, byFunction, load: uptime(), tasks: listed.join(' ') };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

async function main() {
  const { runs, builds, pages, profile } = options();
  if (!existsSync(chromePath)) {
    console.error(`no Chromium at ${chromePath}: set CHROME_PATH`);
    process.exit(2);
  }
  const served: ServedApp[] = [];
  for (const build of builds) served.push(await startServer(build.dist));
  const browser = await puppeteer.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const results = new Map<string, Trace[]>();
  const key = (target: Target, build: string) => `${target.name}\t${build}`;
  console.log(`start: ${uptime()}`);
  try {
    for (let run = 1; run <= runs; run++) {
      for (const target of pages) {
        // Alternating which build goes first, so a drift in the machine's load falls on both.
        const order = run % 2 === 1 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
        for (const index of order) {
          const build = builds[index];
          const server = served[index];
          if (!build || !server) continue;
          const trace = await traceOnce(browser, `${server.baseUrl}/#${target.route}`, target.signedIn ? server.token : null, profile);
          console.log(
            `run ${run}/${runs} ${target.name} ${build.name}: blocking ${trace.blockingMs} ms, ${trace.longTasks} long tasks, FCP ${trace.fcpMs} ms, busy ${trace.busyMs} ms, ${trace.frames} frame callbacks ${trace.frameMs} ms | ${trace.load}`,
          );
          if (profile) {
            console.log(`  self time by script: ${trace.byScript.slice(0, 8).map(([name, ms]) => `${name} ${ms}`).join(', ')}`);
            console.log(`  long tasks (start+ms): ${trace.tasks}`);
            console.log(`  by function: ${trace.byFunction.slice(0, 14).map(([name, ms]) => `${name} ${ms}`).join(', ')}`);
          }
          results.set(key(target, build.name), [...(results.get(key(target, build.name)) ?? []), trace]);
        }
      }
    }
  } finally {
    await browser.close();
    for (const server of served) await server.close();
  }
  console.log(`\nMain thread at ${CPU_SLOWDOWN}× CPU, first paint to ${WINDOW_MS / 1000} s, median of ${runs} run(s); end: ${uptime()}`);
  console.log('\n| page | build | blocking (ms over 50, each run) | median | long tasks (each run) | median | busy ms (each run) | median | frame callbacks | frame ms | 1-min load (each run) |');
  console.log('|:--|:--|:--|--:|:--|--:|:--|--:|--:|--:|:--|');
  for (const target of pages) {
    for (const build of builds) {
      const traces = results.get(key(target, build.name)) ?? [];
      const loads = traces.map((trace) => /load average: ([\d.]+)/.exec(trace.load)?.[1] ?? '?');
      console.log(
        `| ${target.name} | ${build.name} | ${traces.map((t) => t.blockingMs).join(', ')} | ${median(traces.map((t) => t.blockingMs))} | ${traces.map((t) => t.longTasks).join(', ')} | ${median(traces.map((t) => t.longTasks))} | ${traces.map((t) => t.busyMs).join(', ')} | ${median(traces.map((t) => t.busyMs))} | ${median(traces.map((t) => t.frames))} | ${median(traces.map((t) => t.frameMs))} | ${loads.join(', ')} |`,
      );
    }
  }
}

await main();
