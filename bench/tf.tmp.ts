import { readFileSync } from 'node:fs';
const events = JSON.parse(readFileSync('/tmp/trace.json', 'utf8')).traceEvents as any[];
const byThread = new Map<string, number>();
for (const e of events) if (e.name === 'FunctionCall') byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...byThread].sort((a, b) => b[1] - a[1])[0]![0];
const ev = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
for (const t of ev.filter((e) => (e.name === 'TimerFire' || e.name === 'EventDispatch' || e.name === 'UpdateLayoutTree') && e.dur > 50000)) {
  const inside = ev.filter((e) => e.ts >= t.ts && e.ts <= t.ts + t.dur && e !== t && e.dur > 3000);
  console.log(t.name, JSON.stringify(t.args?.data ?? {}).slice(0, 200), Math.round(t.dur / 1000));
  for (const e of inside.slice(0, 12)) console.log('   ', e.name, Math.round(e.dur / 1000), JSON.stringify(e.args?.data ?? e.args?.beginData ?? {}).slice(0, 220));
}
