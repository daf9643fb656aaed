/**
 * What the fleet did for a run, read from its shard jobs before they are removed: attempts started
 * (more than the shards when a worker died, a lock was lost or a paused machine woke up) and stalls
 * BullMQ's checker recovered. Recorded in OUT.distributed.json; the results never depend on it.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { SHARD_QUEUE } from './redis-connection.js';
import type { RunManifest } from './run-manifest.js';
import { shardJobId } from './work-dir.js';

export async function shardAttempts(
  redis: Redis,
  manifest: RunManifest,
): Promise<{ started: number; stalled: number }> {
  const queue = new Queue(SHARD_QUEUE, { connection: redis });
  try {
    let started = 0;
    let stalled = 0;
    for (let i = 0; i < manifest.shards.length; i++) {
      const job = await queue.getJob(shardJobId(manifest.run, i));
      started += job?.attemptsStarted ?? 0;
      stalled += job?.stalledCounter ?? 0;
    }
    return { started, stalled };
  } finally {
    await queue.close();
  }
}
