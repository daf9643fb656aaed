/**
 * A stand-in for an infinitely fast fleet (coordinator-ceiling.ts): a BullMQ worker taking many
 * shards at once that screens the first shard of a run for real, then commits that result again
 * for every other shard, its header set to the shard's rows. The coordinator then gathers as fast
 * as it and Redis can: the ceiling a real fleet cannot pass. Every shard must hold as many rows.
 *
 *   npx tsx bench/distributed/instant-worker.ts REDIS_URL CONCURRENCY
 */
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ChunkOutput } from '../../src/batch/chunk-task.js';
import type { ShardJobData } from '../../src/distributed/enqueue-run.js';
import { SHARD_QUEUE } from '../../src/distributed/redis-connection.js';
import { readRunManifest, type RunManifest } from '../../src/distributed/run-manifest.js';
import { screenShard } from '../../src/distributed/screen-shard.js';
import { ShardPools } from '../../src/distributed/shard-pools.js';
import { commitShardResult, encodeShardResult, readShardResult } from '../../src/distributed/shard-result.js';
import { newAttemptId, runFiles } from '../../src/distributed/work-dir.js';

const [url, concurrency] = process.argv.slice(2) as [string, string];
const pools = new ShardPools(1);
const templates = new Map<string, Promise<{ manifest: RunManifest; output: ChunkOutput }>>();

async function templateOf(
  dir: string,
  shard: number,
): Promise<{ manifest: RunManifest; output: ChunkOutput }> {
  const run = await pools.acquire(dir);
  try {
    await screenShard(run, dir, shard, 'instant', new AbortController().signal);
    const manifest = (await readRunManifest(runFiles(dir).manifest))!;
    return { manifest, output: (await readShardResult(dir, shard)).output };
  } finally {
    pools.release(dir);
  }
}

const worker = new Worker(
  SHARD_QUEUE,
  async (job: Job) => {
    const { dir, shard } = job.data as ShardJobData;
    let template = templates.get(dir);
    if (template === undefined) {
      template = templateOf(dir, shard);
      templates.set(dir, template);
      await template;
      return;
    }
    const { manifest, output } = await template;
    const plan = manifest.shards[shard]!;
    const attempt = newAttemptId();
    const meta = { shard, first: plan.first, count: plan.count, rows: plan.rows, attempt, worker: 'instant' };
    await commitShardResult(dir, shard, attempt, encodeShardResult(meta, output));
  },
  {
    connection: new Redis(url, { maxRetriesPerRequest: null }),
    concurrency: Number(concurrency),
    name: 'instant',
  },
);
worker.on('error', () => undefined);
await worker.waitUntilReady();
process.stderr.write('taking shards\n');
process.on(
  'SIGTERM',
  () =>
    void worker
      .close()
      .then(() => pools.close())
      .then(() => process.exit(0)),
);
