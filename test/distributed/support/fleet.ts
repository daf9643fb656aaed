/**
 * A fleet for the distributed suites, real processes all the way: a redis-server of its own
 * (test/support/redis-server.ts), `warden worker`s and `warden batch --distributed` coordinators from
 * the built CLI, a DuckDB file holding the real UN list, and generated portfolios with UN names
 * planted in them. Tests compare a distributed run's output with a local run's of the same input.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { generatePortfolio, type BatchSummary } from '../../../src/batch/index.js';
import { readListSource } from '../../../src/lists/read-source.js';
import { DistributedRecord, distributedRecordPath } from '../../../src/distributed/distributed-record.js';
import type { Entity } from '../../../src/model/entity.js';
import { lastJsonLine, runCli, type CliResult } from '../../support/cli.js';
import { REPO_ROOT, sharedPath } from '../../support/datasets.js';
import { startRedisServer, type RedisServer } from '../../support/redis-server.js';

const CLI = join(REPO_ROOT, 'dist/cli/main.js');
export const UN_LIST = () => sharedPath('un', 'consolidated_2026-02-27.xml');

export interface Fleet {
  readonly dir: string;
  readonly db: string;
  readonly workDir: string;
  readonly redis: RedisServer;
  readonly un: readonly Entity[];
  /** A generated portfolio of `rows` rows, 3 % of them UN names (planted as they are or varied). */
  portfolio(name: string, rows: number, seed: number): Promise<string>;
  /** A local run of the built CLI into `out` (the reference), on one worker thread. */
  local(portfolio: string, out: string, extra?: readonly string[]): Promise<BatchSummary>;
  /** Workers started by `startWorker`, still running. */
  readonly workers: Set<WorkerProcess>;
  dispose(): Promise<void>;
}

/** A running process of the built CLI, its output kept. */
export class CliProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly done: Promise<CliResult & { readonly signal: NodeJS.Signals | null }>;

  /** `launcher`: a command that runs node, e.g. `['taskset', '-c', '1']` to pin it to core 1. */
  constructor(args: readonly string[], launcher: readonly string[] = []) {
    const [command, ...rest] = [...launcher, process.execPath, CLI, ...args];
    this.child = spawn(command!, rest, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (d: Buffer) => (this.stdout += d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.done = new Promise((resolve, reject) => {
      this.child.on('error', reject);
      this.child.on('close', (code, signal) =>
        resolve({ code: code ?? 1, signal, stdout: this.stdout, stderr: this.stderr }),
      );
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  kill(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** Resolves once stderr holds `text` (or rejects after `ms`). */
  async saw(text: string | RegExp, ms = 30_000): Promise<void> {
    const until = Date.now() + ms;
    const seen = () => (typeof text === 'string' ? this.stderr.includes(text) : text.test(this.stderr));
    while (!seen()) {
      if (!this.running) throw new Error(`the process ended before saying ${String(text)}:\n${this.stderr}`);
      if (Date.now() > until) throw new Error(`no ${String(text)} within ${ms} ms:\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

export type WorkerProcess = CliProcess;

/** Starts `warden worker` on the fleet's Redis (one screening thread unless `args` say otherwise). */
export async function startWorker(fleet: Fleet, args: readonly string[] = []): Promise<WorkerProcess> {
  const worker = new CliProcess(['worker', '--redis', fleet.redis.url, '--concurrency', '1', ...args]);
  fleet.workers.add(worker);
  void worker.done.then(() => fleet.workers.delete(worker));
  await worker.saw('taking shards');
  return worker;
}

/** Starts `warden batch PORTFOLIO --out OUT --distributed URL --work-dir DIR …` on the fleet. */
export function startCoordinator(
  fleet: Fleet,
  portfolio: string,
  out: string,
  extra: readonly string[] = [],
): CliProcess {
  return new CliProcess([
    'batch',
    portfolio,
    '--out',
    out,
    '--db',
    fleet.db,
    '--distributed',
    fleet.redis.url,
    '--work-dir',
    fleet.workDir,
    ...extra,
  ]);
}

/** Imports the real UN list into a fresh DuckDB file and starts a Redis; call in beforeAll. */
export async function openFleet(prefix: string): Promise<Fleet> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = join(dir, 'warden.duckdb');
  const workDir = join(dir, 'work');
  mkdirSync(workDir);
  const imported = await runCli(['lists', 'import', '--source', 'un', UN_LIST(), '--db', db]);
  expect(imported.code, imported.stderr).toBe(0);
  const un = (await readListSource('un', UN_LIST())).entities;
  const redis = await startRedisServer();
  const workers = new Set<WorkerProcess>();
  return {
    dir,
    db,
    workDir,
    redis,
    un,
    workers,
    async portfolio(name, rows, seed) {
      const path = join(dir, name);
      await generatePortfolio(path, { rows, seed, listed: un, listedShare: 0.03 });
      return path;
    },
    async local(portfolio, out, extra = []) {
      const run = await runCli(['batch', portfolio, '--out', out, '--db', db, '--workers', '1', ...extra]);
      expect(run.code, run.stderr).toBe(0);
      return lastJsonLine<BatchSummary>(run.stdout);
    },
    async dispose() {
      for (const w of workers) w.kill('SIGKILL');
      await Promise.all([...workers].map((w) => w.done));
      await redis.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The summary fields a person compares between two runs: every count, not the timings. */
const COUNTED = [
  'status',
  'rows',
  'matched_rows',
  'matches',
  'errors',
  'warning_rows',
  'removed_match_rows',
  'matches_by_strength',
  'matches_by_list',
  'matches_by_list_strength',
  'matches_by_program',
  'rows_by_risk',
  'list_versions',
  'lists',
  'delta',
] as const satisfies readonly (keyof BatchSummary)[];

/** What a person compares between two runs' summaries: every count, not the timings. */
export const countsOf = (summary: BatchSummary): Partial<BatchSummary> =>
  Object.fromEntries(COUNTED.map((key) => [key, summary[key]]));

/** The record a distributed run leaves beside OUT (`OUT.distributed.json`). */
export const recordOf = (out: string): DistributedRecord =>
  DistributedRecord.parse(JSON.parse(readFileSync(distributedRecordPath(out), 'utf8')));

export const readText = (path: string) => readFileSync(path, 'utf8');
