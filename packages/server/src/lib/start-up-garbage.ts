import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * One full garbage collection once the server is ready. Generating a year of history for every instrument
 * (and laying the stored buckets over it) leaves ~300 MB of garbage in the V8 heap, and an idle server
 * allocates too little for V8 to collect it for minutes: measured on the compiled server (PGlite, 829
 * instruments, warm start) 45 s after start, heap 297 MB used of 406 MB and RSS 647 MB before, 71 of 99 MB and
 * RSS 340 MB after (docs/performance/startup-and-memory.md). `gc` is called without options: on Node 20
 * (V8 11.3) any options object, even `{ type: 'major' }`, gave only a young-generation scavenge (seen with
 * --trace-gc, 2026-11-29), so the collection meant here never ran. `gc` is reached without a command-line
 * flag, so every way of starting the server (npm start, the image, a bench) gets it.
 */
export function collectStartUpGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  keepIdleHeapSmall();
}

/**
 * After the start-up burst V8 lets old space grow to 2-4x what is live before its next full collection, and
 * the young generation grows back to its 2 x 16 MB maximum under the simulator's ticks, so an idle server's
 * heap climbed from ~60 to 150-400 MB between full collections. Both flags are read by V8 at each collection
 * (unlike `--max-semi-space-size`, which only a command line sets): old space may grow 20 % over what the
 * last full collection kept, and the young generation keeps its current size instead of doubling.
 */
function keepIdleHeapSmall(): void {
  v8.setFlagsFromString('--heap-growing-percent=20');
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}
