/**
 * Lighthouse (mobile profile: Moto G Power-class screen, simulated slow 4G and 4× CPU slowdown) on
 * the built app served by the real server: Home, Market, a stock quote (AAPL) and the stock order
 * page (signed in). Prints the performance score, FCP, LCP, TBT and CLS per page, the median of
 * `--runs` runs by score.
 *
 *   npm run build && npm run lighthouse -w @tradewind/bench            # 5 runs per page
 *   npx tsx bench/lighthouse.ts --runs 1 --json bench/lighthouse.json  # and keep the reports' figures
 *   npx tsx bench/lighthouse.ts --runs 1 --page Home --reports /tmp/lh # and each run's whole report (its long tasks, scripts) and trace
 *
 * Chromium: CHROME_PATH, default /usr/bin/chromium (headless, --no-sandbox). The built app: WEB_DIST,
 * default packages/web/dist.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { type Target, pickTargets, signInEveryDocument, startServer } from './web-app.js';

// WEB_DIST: a copy of a build, so the tree can be rebuilt while the bench runs.
const webDist = process.env.WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that lost points, worst first (what to look at). */
  opportunities: string[];
  /** What Lighthouse took as the largest contentful paint (a CSS selector and its text). */
  lcpElement: string;
}

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      json: { type: 'string' },
      reports: { type: 'string' },
      page: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('usage: tsx bench/lighthouse.ts [--runs N (1-9, default 5)] [--json FILE] [--reports DIR (each run\'s whole report)] [--page NAME (Home, Market, Quote or Order)]');
    process.exit(0);
  }
  const pages = pickTargets(values.page);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
    console.error(`--runs must be a whole number from 1 to 9 (got "${values.runs}")`);
    process.exit(2);
  }
  return { runs, json: values.json, reports: values.reports, pages };
}

async function measure(browser: Browser, url: string, token: string | null, reportFile: string | undefined): Promise<Figures> {
  const page = await browser.newPage();
  try {
    // Lighthouse clears the origin's storage before it loads the page (a cold visit: no cache, no
    // service worker); the session token is put back into every new document of the app's origin.
    if (token) await signInEveryDocument(page, url, token);
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (reportFile) {
      await writeFile(reportFile, JSON.stringify(lhr));
      // The trace Lighthouse simulated from: its tasks at 1×, with what ran in each (timeline events).
      await writeFile(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
    }
    lighthouseVersion = lhr.lighthouseVersion;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(lhr.runtimeError.code, lhr.runtimeError.message);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse reported no ${id} for ${url}`);
      return value;
    };
    const opportunities = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      opportunities,
      // Lighthouse 13 names the element in its LCP breakdown insight (older versions had an audit of its own).
      lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details ?? lhr.audits['largest-contentful-paint-element']?.details),
    };
  } finally {
    await page.close();
  }
}

/** The LCP element audit's first node: its selector and the start of its label. */
function lcpElementOf(details: unknown): string {
  const nodes: { selector?: string; nodeLabel?: string }[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (record.type === 'node') nodes.push(record);
    Object.values(record).forEach(walk);
  };
  walk(details);
  const node = nodes[0];
  return node ? `${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 60)}"` : 'none reported';
}

/** The run whose score is the median (the lower middle one for an even count). */
export function medianRun(runs: readonly Figures[]): Figures {
  if (runs.length === 0) throw new Error('no runs');
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Figures;
}

let lighthouseVersion = '';

/** Lighthouse's own failure to measure a load (NO_NAVSTART, PROTOCOL_TIMEOUT …): the run is taken again. */
class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse runtime error ${code}: ${message}`);
  }
}

const ATTEMPTS_PER_RUN = 3;

/** One run, taken again (and said so) when Lighthouse itself failed to measure it. */
async function measureWithRetries(browser: Browser, url: string, token: string | null, label: string, retried: string[], reportFile?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(browser, url, token, reportFile);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS_PER_RUN) throw error;
      retried.push(`${label}: ${error.code}`);
      console.error(`${label}: ${error.message}; taking the run again (attempt ${attempt + 1} of ${ATTEMPTS_PER_RUN})`);
    }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { runs, json, reports, pages } = options();
  if (reports) await mkdir(reports, { recursive: true });
  if (!existsSync(`${webDist}index.html`)) {
    console.error('packages/web/dist has no index.html: run `npm run build` first');
    process.exit(2);
  }
  if (!existsSync(chromePath)) {
    console.error(`no Chromium at ${chromePath}: set CHROME_PATH`);
    process.exit(2);
  }
  const served = await startServer(webDist);
  const { baseUrl, token } = served;
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const results: { target: Target; runs: Figures[]; median: Figures }[] = [];
  const retried: string[] = [];
  try {
    for (const target of pages) {
      const figures: Figures[] = [];
      for (let run = 1; run <= runs; run++) {
        const label = `${target.name} run ${run}/${runs}`;
        const reportFile = reports ? `${reports}/${target.name.toLowerCase()}-${run}.json` : undefined;
        const measured = await measureWithRetries(browser, `${baseUrl}/#${target.route}`, target.signedIn ? token : null, label, retried, reportFile);
        console.error(`${label}: score ${measured.score}, LCP ${seconds(measured.lcpMs)}, TBT ${Math.round(measured.tbtMs)} ms, CLS ${measured.cls.toFixed(3)}`);
        figures.push(measured);
      }
      results.push({ target, runs: figures, median: medianRun(figures) });
    }
  } finally {
    await browser.close();
    await served.close();
  }

  console.log(`\nLighthouse ${lighthouseVersion}, mobile profile (simulated slow 4G, 4× CPU), median of ${runs} run(s) by score`);
  console.log('\n| page | score | FCP | LCP | TBT | CLS | scores of all runs |');
  console.log('|:--|--:|--:|--:|--:|--:|:--|');
  for (const { target, runs: all, median } of results) {
    console.log(
      `| ${target.name} | ${median.score} | ${seconds(median.fcpMs)} | ${seconds(median.lcpMs)} | ${Math.round(median.tbtMs)} ms | ${median.cls.toFixed(3)} | ${all.map((r) => r.score).join(', ')} |`,
    );
  }
  console.log(`\nRuns taken again after a Lighthouse runtime error: ${retried.length === 0 ? 'none' : retried.join('; ')}`);
  console.log('\nAudits below 0.9 in the median run:');
  for (const { target, median } of results) console.log(`- ${target.name}: ${median.opportunities.join(', ') || 'none'}`);
  console.log('\nLargest contentful paint element in the median run:');
  for (const { target, median } of results) console.log(`- ${target.name}: ${median.lcpElement}`);
  if (json) await writeFile(json, JSON.stringify(results, null, 2));
}

await main();
