/**
 * How large the workers' heaps are, from the number of entities they index: an old-generation cap,
 * and the size the old generation starts at.
 */
import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';

/** A worker's live heap per listed entity: ~136 MiB for OFAC SDN's 13,821 (10.7 MB of JSON). */
const LIVE_HEAP_KIB_PER_ENTITY = 10;

/** Below this, V8's own start (a few MiB, grown as needed) costs next to nothing. */
const MIN_INITIAL_HEAP_MB = 64;

/**
 * Old-generation cap per worker, in MiB, for lists of `entities` entities. Without one, V8 lets the
 * garbage of finished tasks pile up in old space: a 100k-row run against OFAC SDN climbed from 390
 * to 1,170 MiB RSS while each worker's live heap stayed at 136 MiB (measured after forced GCs);
 * capped at 512 MiB it levels off at ~830 MiB for the same CPU time. The cap leaves 3× the live
 * heap, and never less than 512 MiB.
 */
export function workerHeapCapMb(entities: number): number {
  return Math.max(512, Math.ceil((entities * LIVE_HEAP_KIB_PER_ENTITY * 3) / 1024));
}

/**
 * The size a worker's old generation starts at, in MiB: twice its live heap, within the cap; null
 * when that is small enough for V8's own start. V8 otherwise starts it at a few MiB and grows it
 * step by step, and building the index only adds to the heap: on OFAC SDN each worker ran four full
 * GCs on the way (14 → 39 → 71 → 109 MiB), which freed almost nothing and paused it 0.2–0.5 s.
 */
export function workerInitialHeapMb(entities: number): number | null {
  const mb = Math.ceil((entities * LIVE_HEAP_KIB_PER_ENTITY * 2) / 1024);
  return mb < MIN_INITIAL_HEAP_MB ? null : Math.min(mb, workerHeapCapMb(entities));
}

/** Whether this process was started with its own initial old-generation size (then it is left alone). */
function initialHeapGiven(): boolean {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  return /initial[-_]old[-_]space[-_]size/.test(given);
}

/**
 * Starts worker threads (`start` creates them) with their old generation at `mb` MiB. Node has no
 * per-worker option for it (resourceLimits sets only maxima), so the V8 flag is set for the threads
 * created here and put back once they run: isolates created later, and this one, keep V8's default.
 *
 * @example const pool = withInitialHeap(270, () => new Piscina(options), (p) => p.threads)
 */
export function withInitialHeap<T>(
  mb: number | null,
  start: () => T,
  threadsOf: (started: T) => readonly Worker[],
): T {
  if (mb === null || initialHeapGiven()) return start();
  const setInitialHeap = (size: number) => setFlagsFromString(`--initial-old-space-size=${size}`);
  setInitialHeap(mb);
  let started: T;
  try {
    started = start();
  } catch (e) {
    setInitialHeap(0); // V8's default: grown as needed
    throw e;
  }
  // A thread is 'online' once its isolate runs JavaScript, so its heap is set up by then; waiting
  // for 'online' rejects if the thread fails first, and one that exits has no heap left to size.
  const running = threadsOf(started).map((worker) =>
    Promise.race([once(worker, 'online'), once(worker, 'exit')]).catch(() => undefined),
  );
  void Promise.all(running).then(() => setInitialHeap(0));
  return started;
}
