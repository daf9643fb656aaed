/**
 * The piscina worker: a shell (STYLE.md §13). It waits for the lists (setup-channel.ts) and builds
 * the EntityIndex once, or restores it from the run's snapshot (index-cache.ts), while the main thread
 * plans the rest of the run; then it waits for the run's setup, screens one chunk per task and moves
 * the encoded bytes back instead of copying them. piscina sends it no task before its module has
 * finished loading, index included.
 */
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import {
  indexWhole,
  prepareScreening,
  restoreNarrowed,
  screenChunk,
  selectSlice,
  snapshotIndex,
  type ChunkOutput,
  type ChunkTask,
  type ListsSetup,
  type SelectOutput,
  type SelectTask,
  type WorkerSetup,
} from './chunk-task.js';
import type { WorkerData } from './pool.js';
import { receiveSetup, type OnDemand } from './setup-channel.js';

const { channels } = workerData as WorkerData;
const lists = await receiveSetup<ListsSetup>(channels.lists);
const state = prepareScreening(
  restoreNarrowed(lists) ?? indexWhole({ ...lists, json: lists.json ?? (await askForJson()) }),
  await receiveSetup<WorkerSetup>(channels.setup),
);

/** The lists' JSON, which a delta run sends only when its snapshot fails a worker. */
async function askForJson(): Promise<string> {
  const reply = await receiveSetup<OnDemand<string>>(channels.listsJson);
  if ('error' in reply) throw new Error(`The lists could not be read to build the index: ${reply.error}`);
  return reply.value;
}

/**
 * A chunk output whose buffers (the encoded text, ~100 KB–1 MB per 1,000 JSONL rows, and the
 * sidecar's per-row arrays) are transferred, not copied.
 */
class MovedOutput {
  constructor(private readonly output: ChunkOutput) {}
  get [transferableSymbol](): object {
    const { bytes, sources } = this.output;
    return [
      ...(bytes === null ? [] : [bytes.buffer]),
      ...(sources === null
        ? []
        : [
            sources.heads.buffer,
            sources.idHashes.buffer,
            sources.secondary.buffer,
            sources.hashes.buffer,
            sources.classes.buffer,
          ]),
    ];
  }
  get [valueSymbol](): object {
    return this.output;
  }
}

export default function screenTask(task: ChunkTask): unknown {
  const output = screenChunk(state, task);
  return output.bytes === null && output.sources === null ? output : move(new MovedOutput(output));
}

/** A delta run's gate task: the verdicts travel back as one moved buffer. */
export function selectTask(task: SelectTask): unknown {
  const output = selectSlice(state, task);
  return move(new MovedSelection(output));
}

class MovedSelection {
  constructor(private readonly output: SelectOutput) {}
  get [transferableSymbol](): object {
    return [this.output.selected.buffer];
  }
  get [valueSymbol](): object {
    return this.output;
  }
}

/** The snapshot of this worker's index, for the run to keep (index-cache.ts): moved, not copied. */
export function snapshotTask(): unknown {
  const bytes = snapshotIndex(state);
  return bytes === null ? null : move(bytes);
}
