/**
 * Where a distributed run stops scaling: the coordinator (plan, shard files, gather into one OUT)
 * and Redis (a few round trips per shard) against a stand-in fleet that commits shards as fast as
 * they are asked for (instant-worker.ts, 32 shards at once). The rows/s they sustain once the
 * first shard is in (the stand-in screens that one for real) is the ceiling; beside it, one real
 * worker's screening rate (one pinned thread, OFAC SDN, from its own per-shard times) measured in
 * the same session, and from the two, what 1–32 workers would reach and what limits them. Also
 * Redis's time in commands per shard (INFO commandstats) and the coordinator's CPU per row,
 * planning and gathering apart. On this 2-core machine the coordinator, Redis and the stand-in share the cores:
 * the ceiling here is a floor for a coordinator with a machine of its own. Prints figures; asserts
 * nothing.
 *
 *   npm run build && npx tsx bench/distributed/coordinator-ceiling.ts [--rows 200000] [--worker-rows 40000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { generatePortfolio } from '../../src/batch/index.js';
import { readOfacLegacyFolder } from '../../src/lists/read-source.js';
import { CliProcess } from '../../test/distributed/support/fleet.js';
import { REPO_ROOT, sharedPath } from '../../test/support/datasets.js';
import {
  cpuSeconds,
  distributedArgs,
  openBenchFleet,
  startWorkers,
  stopWorkers,
  timeBatch,
  type BenchFleet,
} from './bench-fleet.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    'worker-rows': { type: 'string', default: '40000' },
  },
});
const rows = Number(values.rows);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Whether some run in the work folder has its manifest: its shards are written, its jobs next. */
function anyPlanned(workDir: string): boolean {
  const runs = join(workDir, 'runs');
  return existsSync(runs) && readdirSync(runs).some((run) => existsSync(join(runs, run, 'manifest.json')));
}

/** Whether some shard of some run in the work folder is committed. */
function anyCommitted(workDir: string): boolean {
  const runs = join(workDir, 'runs');
  if (!existsSync(runs)) return false;
  return readdirSync(runs).some((run) => {
    const results = join(runs, run, 'results');
    return existsSync(results) && readdirSync(results).some((f) => f.endsWith('.result'));
  });
}

/** Microseconds Redis has spent executing commands (INFO commandstats), its timers and AOF aside. */
async function redisCommandUs(redis: Redis): Promise<number> {
  let us = 0;
  for (const m of (await redis.info('commandstats')).matchAll(/usec=(\d+)/g)) us += Number(m[1]);
  return us;
}

/** A coordinator's run against the stand-in fleet. */
async function ceiling(fleet: BenchFleet, shardRows: number, redis: Redis) {
  const redisBefore = await redisCommandUs(redis);
  const started = performance.now();
  const coordinator = new CliProcess([
    'batch',
    fleet.portfolio,
    '--out',
    join(fleet.dir, `ceiling-${shardRows}.jsonl`),
    '--db',
    fleet.db,
    '--no-report',
    ...distributedArgs(fleet, shardRows),
  ]);
  let cpu = 0;
  let first: { at: number; cpu: number } | null = null;
  let planned: number | null = null;
  const poll = setInterval(() => {
    try {
      cpu = cpuSeconds(coordinator.child.pid!);
    } catch {
      // exited
    }
    if (planned === null && anyPlanned(fleet.workDir)) planned = performance.now();
    if (first === null && anyCommitted(fleet.workDir)) first = { at: performance.now(), cpu };
  }, 5);
  const run = await coordinator.done;
  clearInterval(poll);
  if (run.code !== 0 || first === null) throw new Error(run.stderr);
  const ended = performance.now();
  const { at, cpu: planCpu } = first as { at: number; cpu: number };
  const seconds = (ended - started) / 1000;
  const gatherSeconds = (ended - at) / 1000;
  const shards = Math.ceil(rows / shardRows);
  const redisUs = (await redisCommandUs(redis)) - redisBefore;
  return {
    shardRows,
    shards,
    seconds,
    untilFirst: (at - started) / 1000,
    plan: ((planned ?? at) - started) / 1000,
    gatherRate: (rows - shardRows) / gatherSeconds,
    redisMsPerShard: redisUs / 1000 / shards,
    planCpu,
    gatherUsPerRow: ((cpu - planCpu) * 1e6) / (rows - shardRows),
  };
}

const fleet = await openBenchFleet(rows);
let instant: ChildProcess | null = null;
try {
  // One real worker, one pinned thread: its screening rate from its own per-shard times.
  const workers = await startWorkers(fleet, 1, { pin: true });
  const sample = { ...fleet, portfolio: join(fleet.dir, 'worker.csv') };
  await generatePortfolio(sample.portfolio, {
    rows: Number(values['worker-rows']),
    seed: 7,
    listed: readOfacLegacyFolder(sharedPath('ofac', 'sdn_2023-12-28')).entities,
  });
  await timeBatch(sample, join(fleet.dir, 'one.jsonl'), distributedArgs(sample, 10_000));
  await stopWorkers(workers);
  let shardRowsDone = 0;
  let shardSeconds = 0;
  for (const m of workers[0]!.stderr.matchAll(/, (\d+) rows in ([\d.]+) s/g)) {
    shardRowsDone += Number(m[1]);
    shardSeconds += Number(m[2]);
  }
  const perWorker = shardRowsDone / shardSeconds;
  console.log(
    `one pinned worker screens ${fmt(perWorker)} rows/s (its shards' own times, ${shardRowsDone} rows)`,
  );

  const redis = new Redis(fleet.redis.url);
  instant = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'bench/distributed/instant-worker.ts'), fleet.redis.url, '32'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    instant!.stderr!.on('data', (d: Buffer) => d.toString().includes('taking shards') && resolve());
    instant!.once('exit', () => reject(new Error('the stand-in fleet ended before it started')));
  });
  const results = [];
  for (const shardRows of [10_000, 2_000, 500]) {
    const r = await ceiling(fleet, shardRows, redis);
    results.push(r);
    console.log(
      `${String(shardRows).padStart(6)}-row shards (${r.shards}): ${r.seconds.toFixed(2)} s in all, ` +
        `${r.plan.toFixed(2)} s to plan (start-up, lists, shard files written), ` +
        `${r.untilFirst.toFixed(2)} s to the first shard in (the stand-in screens one; coordinator ${r.planCpu.toFixed(2)} s CPU by then); ` +
        `then ${fmt(r.gatherRate)} rows/s gathered, coordinator ${r.gatherUsPerRow.toFixed(1)} µs CPU a row, ` +
        `Redis ${r.redisMsPerShard.toFixed(2)} ms of commands a shard (the coordinator's included)`,
    );
  }
  redis.disconnect();
  const best = results[0]!;
  console.log(`\nworkers  screening rows/s  ceiling (10k-row shards)  expected  limit`);
  for (const n of [1, 2, 4, 8, 16, 32]) {
    const screening = n * perWorker;
    console.log(
      `${String(n).padStart(7)}  ${fmt(screening).padStart(16)}  ${fmt(best.gatherRate).padStart(24)}  ` +
        `${fmt(Math.min(screening, best.gatherRate)).padStart(8)}  ${screening < best.gatherRate ? 'workers' : 'coordinator'}`,
    );
  }
  // A whole run of 1M rows: the plan is serial (every shard is written before the flow is added).
  const planPerRow = best.plan / rows;
  console.log(
    `\n1M rows, 10k-row shards: plan ~${(planPerRow * 1e6).toFixed(1)} s (${fmt(1 / planPerRow)} rows/s, start-up included), then`,
  );
  for (const n of [1, 2, 4, 8, 16, 32]) {
    const screen = 1e6 / Math.min(n * perWorker, best.gatherRate);
    const total = planPerRow * 1e6 + screen;
    console.log(
      `${String(n).padStart(7)} workers: ${screen.toFixed(1)} s screening, ${total.toFixed(1)} s in all, ` +
        `${fmt(1e6 / total)} rows/s; the plan is ${Math.round(((planPerRow * 1e6) / total) * 100)} % of the run`,
    );
  }
  const redisPerRow = best.redisMsPerShard / 1000 / best.shardRows;
  console.log(
    `Redis at 10k-row shards: ${(redisPerRow * 1e6).toFixed(3)} µs CPU per row screened, so one Redis core ` +
      `would carry ~${fmt(1 / redisPerRow)} rows/s (${fmt(1000 / best.redisMsPerShard)} shards/s)`,
  );
} finally {
  instant?.kill('SIGTERM');
  await fleet.dispose();
}
