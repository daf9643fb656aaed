/**
 * A run in Redis: one BullMQ flow, a parent job for the run (queue RUN_QUEUE, id the run's) and a
 * child job per shard (queue SHARD_QUEUE, id RUN-NNNNNN), added atomically. Jobs carry references
 * (the run, its folder, the shard's number), never rows. The parent is the run's anchor — its
 * children's counts, removed with them once the run is gathered — and no worker takes it: the
 * coordinator, which watches the shards' files, decides when the run is done.
 */
import { FlowProducer, Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { RUN_QUEUE, SHARD_QUEUE } from './redis-connection.js';
import type { RunManifest } from './run-manifest.js';
import { shardJobId } from './work-dir.js';

/** What a shard job carries: where its files are. */
export interface ShardJobData {
  readonly run: string;
  /** The run's folder, as the coordinator sees it (a worker may mount it elsewhere: `workDir`). */
  readonly dir: string;
  readonly shard: number;
}

/**
 * A failing shard (a file it cannot read, a full disk) is tried again after 1, 2, 4, 8 s; a shard
 * whose worker dies is recovered by BullMQ's stalled-job check, not counted here.
 */
const SHARD_JOB: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: false,
  removeOnFail: false,
};

const shardJob = (manifest: RunManifest, runDir: string, shard: number) => ({
  name: 'shard',
  queueName: SHARD_QUEUE,
  data: { run: manifest.run, dir: runDir, shard } satisfies ShardJobData,
  opts: { ...SHARD_JOB, jobId: shardJobId(manifest.run, shard) },
});

/**
 * Enqueues the run, unless it is there already (a resumed coordinator): then only the shards whose
 * job is gone and whose result is not committed are added again (Redis lost them), as plain jobs.
 */
export async function enqueueRun(
  redis: Redis,
  manifest: RunManifest,
  runDir: string,
  committed: ReadonlySet<number>,
): Promise<void> {
  if (manifest.shards.length === 0) return;
  const runs = new Queue(RUN_QUEUE, { connection: redis });
  try {
    if ((await runs.getJob(manifest.run)) === undefined) {
      const flow = new FlowProducer({ connection: redis });
      try {
        await flow.add({
          name: 'run',
          queueName: RUN_QUEUE,
          data: { run: manifest.run, shards: manifest.shards.length },
          opts: { jobId: manifest.run },
          children: manifest.shards.map((_, i) => shardJob(manifest, runDir, i)),
        });
      } finally {
        await flow.close();
      }
      return;
    }
  } finally {
    await runs.close();
  }
  await restoreMissingShards(redis, manifest, runDir, committed);
  await retryFailedShards(redis, manifest, committed);
}

/** Adds back the jobs of uncommitted shards that Redis no longer holds; returns how many. */
export async function restoreMissingShards(
  redis: Redis,
  manifest: RunManifest,
  runDir: string,
  committed: ReadonlySet<number>,
): Promise<number> {
  const shards = new Queue(SHARD_QUEUE, { connection: redis });
  try {
    let restored = 0;
    for (let i = 0; i < manifest.shards.length; i++) {
      if (committed.has(i) || (await shards.getJob(shardJobId(manifest.run, i))) !== undefined) continue;
      const job = shardJob(manifest, runDir, i);
      await shards.add(job.name, job.data, job.opts);
      restored++;
    }
    return restored;
  } finally {
    await shards.close();
  }
}

/**
 * Removes the run's jobs from Redis once it is gathered: the parent with its children, and any
 * shard job added back on its own; false when one is still locked by a worker (an attempt that lost
 * its shard and has not noticed yet), which then stays until that worker lets go.
 */
export async function removeRun(redis: Redis, manifest: RunManifest): Promise<boolean> {
  const runs = new Queue(RUN_QUEUE, { connection: redis });
  const shards = new Queue(SHARD_QUEUE, { connection: redis });
  try {
    let removed = true;
    const parent = await runs.getJob(manifest.run);
    await parent?.remove({ removeChildren: true }).catch(() => (removed = false));
    for (let i = 0; i < manifest.shards.length; i++) {
      await shards.remove(shardJobId(manifest.run, i)).catch(() => (removed = false));
    }
    return removed;
  } finally {
    await runs.close();
    await shards.close();
  }
}

/**
 * Sends the failed jobs of uncommitted shards back to wait (a resumed coordinator: whatever failed
 * them, a disk full or a folder not mounted, may be fixed now); returns how many.
 */
export async function retryFailedShards(
  redis: Redis,
  manifest: RunManifest,
  committed: ReadonlySet<number>,
): Promise<number> {
  const shards = new Queue(SHARD_QUEUE, { connection: redis });
  try {
    let retried = 0;
    for (let i = 0; i < manifest.shards.length; i++) {
      if (committed.has(i)) continue;
      const job = await shards.getJob(shardJobId(manifest.run, i));
      if (job === undefined || !(await job.isFailed())) continue;
      await job.retry('failed');
      retried++;
    }
    return retried;
  } finally {
    await shards.close();
  }
}
