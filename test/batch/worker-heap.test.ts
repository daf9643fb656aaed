import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { withInitialHeap, workerHeapCapMb, workerInitialHeapMb } from '../../src/batch/worker-heap.js';

// A thread that keeps ~100 MiB of small objects, as building an index does, and reports how many full
// GCs it ran meanwhile.
const BUILDER = `
const { parentPort } = require('node:worker_threads');
const { PerformanceObserver, constants } = require('node:perf_hooks');
let full = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
});
observer.observe({ entryTypes: ['gc'] });
const kept = [];
for (let i = 0; i < 1_000_000; i++) kept.push({ i, name: 'token ' + i, weights: [i, i + 1, i + 2] });
setTimeout(() => parentPort.postMessage(full), 50);
`;

async function fullGcsOf(worker: Worker): Promise<number> {
  const [count] = (await once(worker, 'message')) as [number];
  await worker.terminate();
  return count;
}

const builder = () => new Worker(BUILDER, { eval: true });

describe("the workers' heap", () => {
  it('starts large enough for the index only when the lists are', () => {
    expect(workerInitialHeapMb(500)).toBeNull();
    // OFAC SDN: ~136 MiB live, so ~270 MiB, within its 512 MiB cap.
    expect(workerInitialHeapMb(13_821)).toBe(270);
    expect(workerInitialHeapMb(13_821)!).toBeLessThan(workerHeapCapMb(13_821));
    for (const entities of [10_000, 100_000, 1_000_000])
      expect(workerInitialHeapMb(entities)!).toBeLessThanOrEqual(workerHeapCapMb(entities));
  });

  it('spares a thread building a large heap the full GCs, and only the threads started with it', async () => {
    const sized = withInitialHeap(256, builder, (worker) => [worker]);
    expect(await fullGcsOf(sized)).toBe(0);
    // The flag is put back once the thread runs: a thread started after it grows its heap as V8 does.
    expect(await fullGcsOf(builder())).toBeGreaterThan(0);
  });
});
