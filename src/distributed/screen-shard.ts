/**
 * One attempt at one shard, on a worker: its chunks go to the run's pool (the screening runs on the
 * pool's threads, so the worker's event loop stays free to renew the shard's lock), their outputs are
 * merged in order, written and committed (shard-result.ts). An attempt that is told to let go
 * (the worker is stopping now) stops waiting and throws ShardReleased; its chunks finish or die
 * with the pool, and nothing of it is committed.
 */
import { skippedChunk } from '../batch/chunk-task.js';
import type { RunPool } from './shard-pools.js';
import { readShardInput } from './shard-input.js';
import { commitShardResult, encodeShardResult, mergeChunkOutputs } from './shard-result.js';
import { newAttemptId, shardInputPath } from './work-dir.js';

export class ShardReleased extends Error {}

export interface ShardOutcome {
  /** False when another attempt's result was committed first (this one's was dropped). */
  readonly committed: boolean;
  readonly rows: number;
  readonly worker: string;
  readonly ms: number;
}

/** `work`, unless `signal` is raised first: then ShardReleased. */
async function unlessReleased<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let detach = () => undefined as void;
  const released = new Promise<never>((_, reject) => {
    const fail = () => reject(new ShardReleased('The worker let the shard go.'));
    if (signal.aborted) return fail();
    signal.addEventListener('abort', fail, { once: true });
    detach = () => signal.removeEventListener('abort', fail);
  });
  try {
    return await Promise.race([work, released]);
  } finally {
    detach();
  }
}

/** Screens shard `shard` of the run in `runDir` and commits its result. */
export async function screenShard(
  run: RunPool,
  runDir: string,
  shard: number,
  worker: string,
  release: AbortSignal,
): Promise<ShardOutcome> {
  const started = performance.now();
  const chunks = await readShardInput(shardInputPath(runDir, shard));
  // The attempt's own scope: its result carries every token string its rows use (chunk-task.ts).
  const attempt = newAttemptId();
  const screening = Promise.all(
    chunks.map((task) =>
      task.rows.length === 0 ? skippedChunk(task) : run.pool.run({ ...task, sourcesScope: attempt }),
    ),
  );
  // Chunks still running when the shard is let go fail with the pool; nobody waits for them then.
  screening.catch(() => undefined);
  const outputs = await unlessReleased(screening, release);
  const output = mergeChunkOutputs(outputs, run.manifest.encoding);
  const meta = {
    shard,
    first: output.first,
    count: output.count,
    rows: output.stats.rows,
    attempt,
    worker,
  };
  const committed = await commitShardResult(runDir, shard, attempt, encodeShardResult(meta, output));
  return { committed, rows: meta.rows, worker, ms: Math.round(performance.now() - started) };
}
