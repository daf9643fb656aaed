/**
 * runDistributedBatch: a batch run whose rows are screened by a fleet of workers (`warden worker`)
 * taking shards from Redis, with the same output, summary, run record and report as runBatch.
 * The coordinator plans as a local run does, writes the shards and the lists' snapshot into the
 * work folder, enqueues one BullMQ flow, gathers the committed results into OUT in shard order, and
 * finishes as a local run does. A coordinator stopped (a signal) or killed continues the same run
 * with `resume`; the workers go on screening meanwhile.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Redis } from 'ioredis';
import type { WorkerSetup } from '../batch/chunk-task.js';
import { removeCheckpoint } from '../batch/checkpoint.js';
import { renderHtmlReport } from '../batch/report-html.js';
import { summarize, type BatchSummary } from '../batch/report.js';
import type { ReviewPlan } from '../batch/review-plan.js';
import { reportPath } from '../batch/run-batch.js';
import { removeDeltaSidecar } from '../batch/run-plan.js';
import { recordedReview, writeRunRecord } from '../batch/run-record.js';
import { WardenError } from '../model/errors.js';
import {
  readDistributedRecord,
  writeDistributedRecord,
  type DistributedRecord,
} from './distributed-record.js';
import type { DistributedBatchOptions } from './distributed-options.js';
import { enqueueRun, removeRun } from './enqueue-run.js';
import { gatherRun } from './gather-run.js';
import { prepareRun } from './prepare-run.js';
import { connectRedis, checkRedisUrl } from './redis-connection.js';
import { shardAttempts } from './shard-attempts.js';
import { runIdentity } from './run-identity.js';
import { readRunManifest, type RunManifest } from './run-manifest.js';
import { RunWatch } from './run-watch.js';
import { committedShards, newRunId, runFiles, runFolder } from './work-dir.js';

/** Most time the clean-up at the end waits for Redis: the run's results are written by then. */
const CLEANUP_MS = 5_000;

function checkOptions(options: DistributedBatchOptions): void {
  checkRedisUrl(options.redis, '--distributed');
  const rows = options.shardRows;
  if (rows !== undefined && (!Number.isInteger(rows) || rows < 1)) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `--shard-rows takes a whole number of rows, 1 or more, not ${rows}.`,
    );
  }
  if (!existsSync(options.workDir) || !statSync(options.workDir).isDirectory()) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `The work folder ${options.workDir} does not exist; create it on a file system every worker sees.`,
    );
  }
}

/** The promise's value, or undefined when it fails or takes longer than `ms`. */
const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([
    promise.catch(() => undefined),
    new Promise<undefined>((r) => setTimeout(() => r(undefined), ms).unref()),
  ]);

/** Drops an earlier, unfinished run into the same OUT: its jobs, then its folder. */
async function discardRun(redis: Redis, earlier: DistributedRecord): Promise<void> {
  const runDir = runFolder(earlier.work_dir, earlier.run);
  const manifest = await readRunManifest(runFiles(runDir).manifest).catch(() => null);
  if (manifest !== null) await within(removeRun(redis, manifest), CLEANUP_MS);
  await rm(runDir, { recursive: true, force: true });
}

/** A resumed run for a client: the review plan of today's store, with the suppressions the shards were set up with. */
async function resumedReview(
  options: DistributedBatchOptions,
  manifest: RunManifest,
  runDir: string,
): Promise<ReviewPlan | null> {
  if (options.review === undefined) return null;
  const { planReview } = await import('../batch/review-plan.js');
  const plan = await planReview(options.review, options.store?.records, manifest.summary.list_versions);
  const setup = JSON.parse(await readFile(runFiles(runDir).setup, 'utf8')) as WorkerSetup;
  return setup.review === null ? plan : { ...plan, setup: setup.review };
}

/**
 * Screens a portfolio on the workers of a Redis queue.
 *
 * @example const summary = await runDistributedBatch({ portfolio: 'p.csv', out: 'r.jsonl', store, redis: 'redis://127.0.0.1:6379', workDir: '/mnt/warden' })
 */
export async function runDistributedBatch(options: DistributedBatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  checkOptions(options);
  const workDir = resolve(options.workDir);
  const identity = await runIdentity(options);
  const redis = await connectRedis(options.redis, '--distributed');
  try {
    const earlier = await readDistributedRecord(options.out);
    const continuing =
      options.resume === true && earlier?.status === 'running' && earlier.work_dir === workDir;
    if (continuing && earlier.identity !== identity) {
      throw new WardenError(
        'VALIDATION_ERROR',
        `Cannot resume into ${options.out}: the portfolio, the lists or the options differ from the interrupted run's; run without --resume to start over.`,
      );
    }
    let record: DistributedRecord;
    let manifest: RunManifest | null = null;
    let review: ReviewPlan | null = null;
    if (continuing) {
      record = earlier;
      manifest = await readRunManifest(runFiles(runFolder(workDir, earlier.run)).manifest);
    } else {
      if (earlier?.status === 'running') await discardRun(redis, earlier);
      record = {
        format: 1,
        run: newRunId(Date.now()),
        work_dir: workDir,
        identity,
        status: 'running',
        started_at: new Date().toISOString(),
        finished_at: null,
        shards: null,
        attempts: null,
        workers: [],
      };
    }
    const runDir = runFolder(workDir, record.run);
    if (manifest === null) {
      // Written before anything else: a coordinator killed from here on resumes this run.
      await writeDistributedRecord(options.out, record);
      const prepared = await prepareRun(options, identity, record.run, runDir);
      manifest = prepared.manifest;
      review = prepared.review;
    } else {
      review = await resumedReview(options, manifest, runDir);
    }
    const committed = committedShards(await readdir(runFiles(runDir).results));
    await enqueueRun(redis, manifest, runDir, committed);
    const watch = new RunWatch(redis, manifest, runDir);
    try {
      const gathered = await gatherRun({ options, manifest, runDir, review, watch, started });
      const seconds = (gathered.earlierMs + performance.now() - started) / 1000;
      const report = !gathered.interrupted && options.report !== false ? reportPath(options.out) : null;
      const summary = summarize(gathered.stats, {
        status: gathered.interrupted ? 'interrupted' : 'completed',
        portfolio: options.portfolio,
        out: options.out,
        report,
        seconds,
        workers: gathered.workers.size,
        resumed_from_row: gathered.startRow,
        list_versions: manifest.summary.list_versions,
        lists: manifest.summary.lists,
        delta: manifest.summary.delta,
        review,
      });
      if (gathered.interrupted) return summary;
      await writeRunRecord({
        format: 1,
        out: options.out,
        portfolio: options.portfolio,
        finished_at: new Date().toISOString(),
        list_versions: [...manifest.summary.list_versions],
        delta_since: options.deltaSince ?? null,
        rows: gathered.stats.rows,
        row_sources: manifest.record_row_sources,
        ...(summary.review === undefined ? {} : { review: recordedReview(summary.review) }),
      });
      if (report !== null)
        await writeFile(report, renderHtmlReport(summary, gathered.stats, new Date().toISOString()));
      const attempts = (await within(shardAttempts(redis, manifest), CLEANUP_MS)) ?? null;
      await writeDistributedRecord(options.out, {
        ...record,
        status: 'completed',
        finished_at: new Date().toISOString(),
        shards: manifest.shards.length,
        attempts,
        workers: [...gathered.workers].sort(),
      });
      await removeCheckpoint(options.out);
      await removeDeltaSidecar(options.out);
      await within(removeRun(redis, manifest), CLEANUP_MS);
      await rm(runDir, { recursive: true, force: true });
      return summary;
    } finally {
      await watch.close();
    }
  } finally {
    redis.disconnect();
  }
}
