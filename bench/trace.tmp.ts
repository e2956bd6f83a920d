import puppeteer from 'puppeteer-core';
import { readFileSync } from 'node:fs';
const url = process.argv[2]!;
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
const page = await browser.newPage();
await page.setViewport({ width: 390, height: 844 });
const cdp = await page.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.tracing.start({ path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
await page.goto(url);
await new Promise((r) => setTimeout(r, Number(process.argv[3] ?? 6000)));
await page.tracing.stop();
await browser.close();
const events = JSON.parse(readFileSync('/tmp/trace.json', 'utf8')).traceEvents as { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: any }[];
const byThread = new Map<string, number>();
for (const e of events) if (e.name === 'FunctionCall') byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...byThread].sort((a, b) => b[1] - a[1])[0]![0];
const mainEvents = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
const top = mainEvents.filter((e) => e.name === 'RunTask');
const t0 = top[0]!.ts;
const kinds = new Map<string, { n: number; dur: number; long: number }>();
const longs: string[] = [];
for (const t of top) {
  const end = t.ts + (t.dur ?? 0);
  const child = mainEvents.find((e) => e !== t && e.name !== 'RunTask' && e.ts >= t.ts && e.ts <= end && (e.dur ?? 0) > 0);
  let kind = child ? child.name : 'empty';
  if (child?.name === 'TimerFire' || child?.name === 'EventDispatch' || child?.name === 'FunctionCall') kind += ' ' + (child.args?.data?.type ?? child.args?.data?.functionName ?? '') + ' ' + (child.args?.data?.url ?? '').split('/').pop();
  const k = kinds.get(kind) ?? { n: 0, dur: 0, long: 0 };
  k.n++; k.dur += (t.dur ?? 0) / 1000; if ((t.dur ?? 0) > 50_000) { k.long += ((t.dur ?? 0) - 50_000) / 1000; longs.push(`${((t.ts - t0) / 1000).toFixed(0).padStart(6)} +${((t.dur ?? 0) / 1000).toFixed(0)}ms ${kind}`); }
  kinds.set(kind, k);
}
console.log([...kinds].sort((a, b) => b[1].dur - a[1].dur).slice(0, 16).map(([k, v]) => `${v.dur.toFixed(0)}ms n=${v.n} blocking=${v.long.toFixed(0)} ${k}`).join('\n'));
console.log('LONG TASKS\n' + longs.join('\n'));
