/**
 * What the distributed benches share: OFAC SDN (with aliases) imported into a DuckDB file by the
 * built CLI (its index snapshot left beside it, as `warden lists import` does), a generated
 * portfolio with OFAC names planted, a redis-server of its own (test/support/redis-server.ts),
 * `warden worker` processes, optionally pinned to a core with taskset, and the coordinator.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePortfolio, type BatchSummary } from '../../src/batch/index.js';
import type { DistributedRecord } from '../../src/distributed/index.js';
import { readOfacLegacyFolder } from '../../src/lists/read-source.js';
import { lastJsonLine, runCli } from '../../test/support/cli.js';
import { sharedPath } from '../../test/support/datasets.js';
import { CliProcess } from '../../test/distributed/support/fleet.js';
import { startRedisServer, type RedisServer } from '../../test/support/redis-server.js';

export interface BenchFleet {
  readonly dir: string;
  readonly db: string;
  readonly workDir: string;
  readonly portfolio: string;
  readonly redis: RedisServer;
  /** Stops Redis and removes the folder. */
  dispose(): Promise<void>;
}

export async function openBenchFleet(rows: number): Promise<BenchFleet> {
  const dir = mkdtempSync(join(tmpdir(), 'warden-bench-distributed-'));
  const db = join(dir, 'warden.duckdb');
  const workDir = join(dir, 'work');
  mkdirSync(workDir);
  const ofac = sharedPath('ofac', 'sdn_2023-12-28');
  const imported = await runCli(['lists', 'import', '--source', 'ofac', ofac, '--db', db]);
  if (imported.code !== 0) throw new Error(imported.stderr);
  const portfolio = join(dir, 'portfolio.csv');
  await generatePortfolio(portfolio, { rows, seed: 42, listed: readOfacLegacyFolder(ofac).entities });
  const redis = await startRedisServer();
  return {
    dir,
    db,
    workDir,
    portfolio,
    redis,
    async dispose() {
      await redis.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts `n` workers of one thread each, worker i pinned to core i when `pin` (taskset). */
export async function startWorkers(
  fleet: BenchFleet,
  n: number,
  options: { pin: boolean; args?: readonly string[] },
): Promise<CliProcess[]> {
  const workers = Array.from(
    { length: n },
    (_, i) =>
      new CliProcess(
        ['worker', '--redis', fleet.redis.url, '--concurrency', '1', ...(options.args ?? [])],
        options.pin ? ['taskset', '-c', String(i)] : [],
      ),
  );
  await Promise.all(workers.map((w) => w.saw('taking shards')));
  return workers;
}

export async function stopWorkers(workers: readonly CliProcess[]): Promise<void> {
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.done));
}

export interface Timed {
  readonly seconds: number;
  readonly summary: BatchSummary;
  readonly record: DistributedRecord | null;
}

/** Runs the built CLI's `batch` (distributed when `extra` says so) and times it. */
export async function timeBatch(fleet: BenchFleet, out: string, extra: readonly string[]): Promise<Timed> {
  const started = performance.now();
  const run = await new CliProcess([
    'batch',
    fleet.portfolio,
    '--out',
    out,
    '--db',
    fleet.db,
    '--no-report',
    ...extra,
  ]).done;
  const seconds = (performance.now() - started) / 1000;
  if (run.code !== 0) throw new Error(run.stderr);
  let record: DistributedRecord | null = null;
  try {
    record = JSON.parse(readFileSync(`${out}.distributed.json`, 'utf8')) as DistributedRecord;
  } catch {
    // a local run
  }
  return { seconds, summary: lastJsonLine<BatchSummary>(run.stdout), record };
}

/** CPU seconds a process has used so far (user + system), from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat; after the ") " split, at 11 and 12; in clock ticks (100/s).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export const distributedArgs = (fleet: BenchFleet, shardRows: number) => [
  '--distributed',
  fleet.redis.url,
  '--work-dir',
  fleet.workDir,
  '--shard-rows',
  String(shardRows),
];
