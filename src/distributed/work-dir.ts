/**
 * The work folder of distributed runs (`--work-dir DIR`), which the coordinator and every worker see
 * (a shared file system). Customer data never crosses Redis: a job names a run and a shard, and the
 * rows, the lists and the results are files here.
 *
 * - `DIR/lists/KEY.json`, `KEY.index`: the lists' entities and their index snapshot, once per set of
 *   lists and indexing code (KEY is the index cache's name for them, index-cache.ts);
 * - `DIR/runs/RUN/manifest.json`: what the coordinator planned (run-manifest.ts);
 * - `DIR/runs/RUN/setup.json`: what every worker's pool is set up with (a WorkerSetup);
 * - `DIR/runs/RUN/only.json`: delta runs, the entities screened against;
 * - `DIR/runs/RUN/shards/NNNNNN.jsonl`: a shard's rows, chunk by chunk (shard-input.ts);
 * - `DIR/runs/RUN/results/NNNNNN.result`: its committed result (shard-result.ts), and
 *   `NNNNNN.ATTEMPT.partial` while an attempt writes one.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const pad = (shard: number) => String(shard).padStart(6, '0');

export const listsFiles = (workDir: string, key: string) => ({
  entities: join(workDir, 'lists', `${key}.json`),
  snapshot: join(workDir, 'lists', `${key}.index`),
});

export const runFolder = (workDir: string, run: string) => join(workDir, 'runs', run);

export const runFiles = (runDir: string) => ({
  manifest: join(runDir, 'manifest.json'),
  setup: join(runDir, 'setup.json'),
  only: join(runDir, 'only.json'),
  shards: join(runDir, 'shards'),
  results: join(runDir, 'results'),
});

export const shardInputPath = (runDir: string, shard: number) =>
  join(runDir, 'shards', `${pad(shard)}.jsonl`);
export const shardResultPath = (runDir: string, shard: number) =>
  join(runDir, 'results', `${pad(shard)}.result`);
export const shardAttemptPath = (runDir: string, shard: number, attempt: string) =>
  join(runDir, 'results', `${pad(shard)}.${attempt}.partial`);

const RESULT_NAME = /^(\d{6})\.result$/;

/** The shards whose result is committed, from the names in the results folder. */
export function committedShards(names: readonly string[]): Set<number> {
  const shards = new Set<number>();
  for (const name of names) {
    const m = RESULT_NAME.exec(name);
    if (m !== null) shards.add(Number(m[1]));
  }
  return shards;
}

/** A new run's id: sortable by start, unique across coordinators (no `:`, which BullMQ ids refuse). */
export const newRunId = (now: number) => `run-${now.toString(36)}-${randomBytes(4).toString('hex')}`;

/** A shard's job id: deterministic, so a run enqueued again never gets a second job for a shard. */
export const shardJobId = (run: string, shard: number) => `${run}-${pad(shard)}`;

/** An attempt's id, unique to one process and one try: the name of its partial result. */
export const newAttemptId = () => randomBytes(6).toString('hex');
