/**
 * The piscina worker: a shell (STYLE.md §13). It builds the EntityIndex once from workerData when
 * the thread starts, then screens one chunk per task and moves the encoded bytes back instead of
 * copying them.
 */
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import {
  prepareScreening,
  screenChunk,
  type ChunkOutput,
  type ChunkTask,
  type WorkerSetup,
} from './chunk-task.js';

const state = prepareScreening(workerData as WorkerSetup);

/** A chunk output whose text buffer is transferred, not copied (~100 KB–1 MB per 1,000 JSONL rows). */
class MovedOutput {
  constructor(private readonly output: ChunkOutput & { readonly bytes: Uint8Array }) {}
  get [transferableSymbol](): object {
    return [this.output.bytes.buffer];
  }
  get [valueSymbol](): object {
    return this.output;
  }
}

export default function screenTask(task: ChunkTask): unknown {
  const output = screenChunk(state, task);
  return output.bytes === null ? output : move(new MovedOutput({ ...output, bytes: output.bytes }));
}
