/**
 * The screening pool: piscina worker threads that each hold their own EntityIndex, or the main
 * thread itself when `workers` is 0 (small runs and tests, no thread start-up). Either way a chunk
 * goes in and a ChunkOutput comes out. The threads start before the run's setup is known (see
 * openScreeningPool).
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { builtModule, workerExecArgv } from '../engine/built-worker.js';
import {
  indexLists,
  prepareScreening,
  screenChunk,
  selectSlice,
  snapshotIndex,
  type ChunkOutput,
  type ChunkTask,
  type IndexedLists,
  type ListsSetup,
  type SelectOutput,
  type ScreeningState,
  type SelectTask,
  type WorkerSetup,
} from './chunk-task.js';
import { offerOnDemand, offerSetup } from './setup-channel.js';
import { withInitialHeap, workerHeapCapMb, workerInitialHeapMb } from './worker-heap.js';

export interface ScreeningPool {
  readonly workers: number;
  /**
   * Hands every worker the lists, once: each starts building (or restoring) its index. Lists given
   * without their JSON come with `json`, which a worker asks for only when their snapshot fails it.
   */
  lists(lists: ListsSetup, json?: () => Promise<string>): void;
  /** Hands every worker the run's setup, once, after the lists: tasks wait until their worker has it. */
  setup(setup: WorkerSetup): void;
  run(task: ChunkTask): Promise<ChunkOutput>;
  /** A delta run's gate task (row-gate.ts). */
  select(task: SelectTask): Promise<SelectOutput>;
  /** A snapshot of the workers' index once the setup is given, or null when they restored it from one. */
  snapshot(): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

/** The built worker (built-worker.ts: worker threads do not load .ts). */
function workerFile(): URL {
  const built = builtModule('batch/worker.js');
  if (built === null)
    throw new Error(
      'The batch worker is not built: run `npm run build` first (dist/batch/worker.js is missing).',
    );
  return built;
}

/**
 * Worker threads a run starts unless told: every core for a full run, half of them (at least one)
 * for a delta run. Each worker builds the whole index (~2 s of CPU on OFAC SDN) before it gates a
 * delta's rows (~2.5 s of CPU for 1M rows in all): on the 2-core bench machine one worker finished
 * the 1M-row delta first in six of seven interleaved pairs (6.2–9.3 s against 7.7–9.9 s on two),
 * with ~30 % less CPU, as the main thread and V8's compiler and GC threads keep the other core busy.
 * Still so when the workers restore their index from a snapshot (index-cache.ts): 5.0 s on one, 5.6 s
 * on two in the same bench run, as each worker also compiles the same code (~2 s of V8's compiler
 * threads on one) and works out the gate's per-token keys again.
 */
export function defaultWorkers(kind: 'full' | 'delta' = 'full'): number {
  const cores = availableParallelism();
  return kind === 'full' ? cores : Math.max(1, Math.floor(cores / 2));
}

/** What piscina hands every worker when it starts: where its lists and setup will come from. */
export interface WorkerData {
  readonly channels: { readonly lists: string; readonly listsJson: string; readonly setup: string };
}

/**
 * Starts the pool for lists of about `entities` entities (for the workers' heap sizes). Worker threads
 * start at once and load their code while the caller plans the run; each builds its index when
 * `lists` hands it the lists, before `setup` (setup-channel.ts).
 */
export function openScreeningPool(workers: number, entities: number): ScreeningPool {
  if (workers <= 0) {
    let lists: IndexedLists | null = null;
    let state: ScreeningState | null = null;
    const ready = (): ScreeningState => {
      if (state === null) throw new Error('A task reached the screening pool before its setup.');
      return state;
    };
    return {
      workers: 0,
      lists: (given) => {
        if (given.json === null) throw new Error('The calling thread indexes lists given with their JSON.');
        lists = indexLists({ ...given, json: given.json });
      },
      setup: (setup) => {
        if (lists === null) throw new Error('The screening pool got its setup before the lists.');
        state = prepareScreening(lists, setup);
      },
      run: async (task) => screenChunk(ready(), task),
      select: async (task) => selectSlice(ready(), task),
      snapshot: async () => snapshotIndex(ready()),
      close: async () => undefined,
    };
  }
  const run = `warden-${randomUUID()}`;
  const workerData: WorkerData = {
    channels: { lists: `${run}-lists`, listsJson: `${run}-lists-json`, setup: `${run}-setup` },
  };
  const lists = offerSetup<ListsSetup>(workerData.channels.lists);
  let listsJson: { close(): void } | null = null;
  const setup = offerSetup<WorkerSetup>(workerData.channels.setup);
  const pool = withInitialHeap(
    workerInitialHeapMb(entities),
    () =>
      new Piscina<ChunkTask | SelectTask | null, ChunkOutput | SelectOutput | Uint8Array | null>({
        filename: workerFile().href,
        workerData,
        execArgv: workerExecArgv(),
        // Every worker starts at once and builds its index in parallel; none is retired below minThreads.
        minThreads: workers,
        maxThreads: workers,
        // One task per worker at a time: the main thread already bounds what is in flight.
        concurrentTasksPerWorker: 1,
        resourceLimits: { maxOldGenerationSizeMb: workerHeapCapMb(entities) },
      }),
    (started) => started.threads,
  );
  return {
    workers,
    lists: (given, json) => {
      if (json !== undefined) listsJson = offerOnDemand(workerData.channels.listsJson, json);
      lists.provide(given);
    },
    setup: (given) => setup.provide(given),
    run: (task) => pool.run(task) as Promise<ChunkOutput>,
    select: (task) => pool.run(task, { name: 'selectTask' }) as Promise<SelectOutput>,
    snapshot: () => pool.run(null, { name: 'snapshotTask' }) as Promise<Uint8Array | null>,
    close: async () => {
      lists.close();
      listsJson?.close();
      setup.close();
      await pool.destroy();
    },
  };
}
