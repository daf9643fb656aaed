/**
 * The coordinator's view of a run in progress. The files are the truth: a shard is done when its
 * result is committed in the work folder. Redis is asked, one question at a time so a Redis that is
 * restarting only delays the answers, which workers are connected (progress), whether a shard has
 * failed on every attempt (the run stops: SHARD_FAILED), and now and then whether every shard not
 * done still has its job (one lost with Redis's data is added again).
 */
import { readdir } from 'node:fs/promises';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { WardenError } from '../model/errors.js';
import { restoreMissingShards, type ShardJobData } from './enqueue-run.js';
import { SHARD_QUEUE } from './redis-connection.js';
import type { RunManifest } from './run-manifest.js';
import { committedShards, runFiles } from './work-dir.js';

const REDIS_CHECK_MS = 2_000;
const RESTORE_CHECK_MS = 15_000;
/** A question to Redis unanswered for this long: the progress line says Redis is away. */
const REDIS_SLOW_MS = 3_000;

export interface WatchState {
  readonly committed: ReadonlySet<number>;
  /** Rows of the committed shards. */
  readonly committedRows: number;
  /** Workers connected at the last answer, and every one seen during this attempt. */
  readonly workersNow: number;
  readonly workersSeen: number;
  /** Since when Redis has not answered, or null. */
  readonly redisAwaySince: number | null;
}

export class RunWatch {
  readonly #queue: Queue;
  readonly #manifest: RunManifest;
  readonly #results: string;
  readonly #runDir: string;
  readonly #redis: Redis;
  #committed = new Set<number>();
  #committedRows = 0;
  #seen = new Set<string>();
  #now = 0;
  #asking: { readonly since: number } | null = null;
  #lastCheck = 0;
  #lastRestore = performance.now();
  #failure: WardenError | null = null;

  constructor(redis: Redis, manifest: RunManifest, runDir: string) {
    this.#redis = redis;
    this.#queue = new Queue(SHARD_QUEUE, { connection: redis });
    this.#manifest = manifest;
    this.#runDir = runDir;
    this.#results = runFiles(runDir).results;
  }

  get state(): WatchState {
    return {
      committed: this.#committed,
      committedRows: this.#committedRows,
      workersNow: this.#now,
      workersSeen: this.#seen.size,
      redisAwaySince:
        this.#asking !== null && performance.now() - this.#asking.since > REDIS_SLOW_MS
          ? this.#asking.since
          : null,
    };
  }

  /** Reads the results folder; throws SHARD_FAILED once Redis has said a shard failed for good. */
  async refresh(): Promise<void> {
    if (this.#failure !== null) throw this.#failure;
    this.#committed = committedShards(await readdir(this.#results));
    let rows = 0;
    for (const shard of this.#committed) rows += this.#manifest.shards[shard]?.rows ?? 0;
    this.#committedRows = rows;
    const now = performance.now();
    if (this.#asking === null && now - this.#lastCheck >= REDIS_CHECK_MS) {
      this.#lastCheck = now;
      const asking = { since: now };
      this.#asking = asking;
      // Not awaited: the gather goes on while Redis answers (or restarts).
      this.#ask().then(
        () => (this.#asking = null),
        () => (this.#asking = null),
      );
    }
  }

  async #ask(): Promise<void> {
    const workers = await this.#queue.getWorkers();
    this.#now = new Set(workers.map((w) => w.rawname as string)).size;
    for (const w of workers) this.#seen.add(w.rawname as string);
    // The newest failures: a run that fails stops at its first, so older ones are other runs.
    for (const job of await this.#queue.getFailed(0, 999)) {
      const data = job.data as Partial<ShardJobData>;
      if (data.run !== this.#manifest.run || typeof data.shard !== 'number') continue;
      if (this.#committed.has(data.shard)) continue;
      this.#failure = new WardenError(
        'SHARD_FAILED',
        `Shard ${data.shard} of run ${this.#manifest.run} failed on all its ${job.attemptsMade} attempts (${(job.failedReason ?? 'no reason given').slice(0, 200)}); fix the cause and run again with --resume.`,
      );
    }
    if (performance.now() - this.#lastRestore >= RESTORE_CHECK_MS) {
      this.#lastRestore = performance.now();
      await restoreMissingShards(this.#redis, this.#manifest, this.#runDir, this.#committed);
    }
  }

  async close(): Promise<void> {
    await this.#queue.close();
  }
}
