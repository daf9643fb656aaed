/**
 * The screening pool: piscina worker threads that each hold their own EntityIndex, or the main
 * thread itself when `workers` is 0 (small runs and tests, no thread start-up). Either way a chunk
 * goes in and a ChunkOutput comes out.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import {
  prepareScreening,
  screenChunk,
  selectSlice,
  type ChunkOutput,
  type ChunkTask,
  type SelectOutput,
  type SelectTask,
  type WorkerSetup,
} from './chunk-task.js';

export interface ScreeningPool {
  readonly workers: number;
  run(task: ChunkTask): Promise<ChunkOutput>;
  /** A delta run's gate task (row-gate.ts). */
  select(task: SelectTask): Promise<SelectOutput>;
  close(): Promise<void>;
}

/**
 * The built worker. From dist/ it sits beside this file; when this file runs from src/ (tests,
 * tsx) the worker still has to be the compiled one in dist/, because worker threads do not load .ts.
 */
function workerFile(): URL {
  const beside = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const built = new URL('../../dist/batch/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(
    'The batch worker is not built: run `npm run build` first (dist/batch/worker.js is missing).',
  );
}

export const defaultWorkers = (): number => availableParallelism();

const MODULE_HOOK_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/**
 * The parent's Node flags without its module hooks. Workers load only the compiled worker.js, so a
 * hook registered for TypeScript sources (tsx under the tests and benches) would only re-transform
 * compiled JavaScript in every worker: measured ~1 s of CPU per worker start, and slower module
 * loading. Other flags (--cpu-prof, --enable-source-maps, heap sizes) still reach the workers.
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const flag = parent[i]!;
    const name = flag.split('=')[0]!;
    if (!MODULE_HOOK_FLAGS.has(name)) kept.push(flag);
    else if (!flag.includes('=')) i++; // its value is the next argument
  }
  return kept;
}

/**
 * Old-generation cap per worker, in MiB. Without one, V8 lets the garbage of finished tasks pile up
 * in old space: a 100k-row run against OFAC SDN climbed from 390 to 1,170 MiB RSS while each
 * worker's live heap stayed at 136 MiB (measured after forced GCs); capped at 512 MiB it levels off
 * at ~830 MiB for the same CPU time. The live heap is ~13× the entities' JSON (10.7 MB → 136 MiB),
 * so the cap leaves 3× that, and never less than 512 MiB.
 */
export function workerHeapCapMb(entitiesJsonChars: number): number {
  return Math.max(512, Math.ceil((entitiesJsonChars / 2 ** 20) * 40));
}

export function openScreeningPool(setup: WorkerSetup, workers: number): ScreeningPool {
  if (workers <= 0) {
    const state = prepareScreening(setup);
    return {
      workers: 0,
      run: async (task) => screenChunk(state, task),
      select: async (task) => selectSlice(state, task),
      close: async () => undefined,
    };
  }
  const pool = new Piscina<ChunkTask | SelectTask, ChunkOutput | SelectOutput>({
    filename: workerFile().href,
    workerData: setup,
    execArgv: workerExecArgv(),
    // Every worker starts at once and builds its index in parallel; none is retired below minThreads.
    minThreads: workers,
    maxThreads: workers,
    // One task per worker at a time: the main thread already bounds what is in flight.
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: workerHeapCapMb(setup.entitiesJson.length) },
  });
  return {
    workers,
    run: (task) => pool.run(task) as Promise<ChunkOutput>,
    select: (task) => pool.run(task, { name: 'selectTask' }) as Promise<SelectOutput>,
    close: () => pool.destroy(),
  };
}
