/**
 * The queue's own cost per shard, two ways. (1) BullMQ alone on this Redis: no-op jobs added in
 * bulk and taken by a worker one at a time (the round trip a shard pays: fetch, lock, complete and
 * fetch the next in one call) and 16 at a time (throughput), with Redis's time in commands per job.
 * (2) Everything a shard costs besides its screening, end to end: one pinned `warden worker` on the
 * same portfolio cut into 500-row and into 10,000-row shards; the difference in wall time over the
 * difference in shards is the overhead of one shard (job, shard file read, result written and
 * fsynced, committed, gathered). Prints figures; asserts nothing.
 *
 *   npm run build && npx tsx bench/distributed/queue-overhead.ts [--rows 40000] [--jobs 2000]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { distributedArgs, openBenchFleet, startWorkers, stopWorkers, timeBatch } from './bench-fleet.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '40000' }, jobs: { type: 'string', default: '2000' } },
});
const rows = Number(values.rows);
const jobs = Number(values.jobs);
const fleet = await openBenchFleet(rows);

async function commandUs(redis: Redis): Promise<number> {
  let us = 0;
  for (const m of (await redis.info('commandstats')).matchAll(/usec=(\d+)/g)) us += Number(m[1]);
  return us;
}

/** `jobs` no-op jobs through a fresh queue, taken `concurrency` at a time: ms a job, Redis µs a job. */
async function noopJobs(concurrency: number): Promise<{ msPerJob: number; redisUsPerJob: number }> {
  const name = `bench-noop-${concurrency}`;
  const connection = new Redis(fleet.redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection });
  await queue.addBulk(Array.from({ length: jobs }, (_, i) => ({ name: 'noop', data: { i } })));
  const events = new QueueEvents(name, { connection: { url: fleet.redis.url } });
  await events.waitUntilReady();
  const before = await commandUs(connection);
  let done = 0;
  const started = performance.now();
  const finished = new Promise<void>((resolve) => {
    const worker = new Worker(name, async () => undefined, { connection, concurrency });
    worker.on('completed', () => {
      if (++done === jobs) void worker.close().then(resolve);
    });
  });
  await finished;
  const ms = performance.now() - started;
  const us = (await commandUs(connection)) - before;
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  return { msPerJob: ms / jobs, redisUsPerJob: us / jobs };
}

try {
  for (const concurrency of [1, 16]) {
    const r = await noopJobs(concurrency);
    console.log(
      `BullMQ no-op jobs, ${concurrency} at a time: ${r.msPerJob.toFixed(3)} ms a job ` +
        `(${Math.round(1000 / r.msPerJob).toLocaleString('en-US')} jobs/s), Redis ${r.redisUsPerJob.toFixed(0)} µs of commands a job`,
    );
  }
  const workers = await startWorkers(fleet, 1, { pin: true });
  const times: Record<number, number[]> = { 500: [], 10_000: [] };
  for (let r = 0; r < 2; r++) {
    for (const shardRows of [500, 10_000]) {
      const run = await timeBatch(
        fleet,
        join(fleet.dir, `s${shardRows}.jsonl`),
        distributedArgs(fleet, shardRows),
      );
      times[shardRows]!.push(run.seconds);
    }
  }
  await stopWorkers(workers);
  const [small, large] = [Math.min(...times[500]!), Math.min(...times[10_000]!)];
  const shards = [Math.ceil(rows / 500), Math.ceil(rows / 10_000)] as const;
  console.log(
    `one pinned worker, ${rows.toLocaleString('en-US')} rows: ${shards[0]} shards of 500 in ${times[500]!.map((t) => t.toFixed(2)).join(' / ')} s, ` +
      `${shards[1]} of 10,000 in ${times[10_000]!.map((t) => t.toFixed(2)).join(' / ')} s; ` +
      `${(((small - large) / (shards[0] - shards[1])) * 1000).toFixed(1)} ms a shard besides its screening (best times)`,
  );
} finally {
  await fleet.dispose();
}
