/**
 * runShardWorker: the long-running worker behind `warden worker --redis URL`. A BullMQ Worker takes
 * shard jobs (up to `concurrency` at once) and screens each on a piscina pool kept warm per run
 * (shard-pools.ts); the main thread only reads, merges and writes files, so its event loop stays free
 * and BullMQ renews each shard's lock every half lock duration however long the shard takes. A
 * worker that dies or pauses stops renewing: once the lock expires, another worker's stalled-job
 * check hands the shard on, and whichever attempt commits first wins (shard-result.ts).
 *
 * stop('finish') takes no more shards and lets those in hand finish; stop('release') hands them back
 * to the queue at once (job.moveToWait, not counted as a failed attempt).
 */
import { existsSync } from 'node:fs';
import { hostname, availableParallelism } from 'node:os';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { WardenError } from '../model/errors.js';
import type { ShardWorkerOptions } from './distributed-options.js';
import type { ShardJobData } from './enqueue-run.js';
import { connectRedis, SHARD_QUEUE } from './redis-connection.js';
import { ShardPools } from './shard-pools.js';
import { screenShard, ShardReleased, type ShardOutcome } from './screen-shard.js';
import { runFiles, runFolder, shardResultPath } from './work-dir.js';

/** BullMQ's default: a worker silent this long loses its shard. */
const DEFAULT_LOCK_MS = 30_000;
/**
 * Times a shard may be recovered from a dead or paused worker before it fails for good (BullMQ's
 * default is 1): a fleet of preemptible machines loses workers often; a shard that kills every
 * worker that takes it still ends, as SHARD_FAILED, after this many.
 */
const MAX_STALLED = 5;

export interface ShardWorker {
  readonly name: string;
  /** Stops taking shards: 'finish' the shards in hand first, or 'release' them to the queue now. */
  stop(how: 'finish' | 'release'): Promise<void>;
  /** Resolves once the worker has stopped. */
  readonly closed: Promise<void>;
}

function jobData(job: Job): ShardJobData {
  const data = job.data as Partial<ShardJobData>;
  if (typeof data.run !== 'string' || typeof data.dir !== 'string' || typeof data.shard !== 'number') {
    throw new UnrecoverableError(`Job ${job.id} is not a Warden shard job.`);
  }
  return data as ShardJobData;
}

/**
 * Starts a worker; QUEUE_UNAVAILABLE when Redis cannot be reached.
 *
 * @example const worker = await runShardWorker({ redis: 'redis://127.0.0.1:6379', concurrency: 1 })
 */
export async function runShardWorker(options: ShardWorkerOptions): Promise<ShardWorker> {
  const concurrency = options.concurrency ?? availableParallelism();
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `--concurrency takes a whole number, 1 or more, not ${concurrency}.`,
    );
  }
  const lockDuration = options.lockDurationMs ?? DEFAULT_LOCK_MS;
  if (!Number.isInteger(lockDuration) || lockDuration < 100) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `--lock-duration takes milliseconds, 100 or more, not ${lockDuration}.`,
    );
  }
  const connection = await connectRedis(options.redis, '--redis');
  const name = options.name ?? `${hostname()}-${process.pid}`;
  const log = options.log ?? (() => undefined);
  // One thread per shard taken at once: a shard's chunks share them, and no shard waits for a thread.
  const pools = new ShardPools(concurrency);
  const letGo = new AbortController();

  // Asked when a shard's run folder is gone: is its job gone too (the run is over)?
  const jobs = new Queue(SHARD_QUEUE, { connection });
  const runIsOver = async (job: Job) => (await jobs.getJob(job.id!)) === undefined;

  const processShard = async (job: Job, token?: string): Promise<ShardOutcome> => {
    const { run, dir, shard } = jobData(job);
    const runDir = options.workDir === undefined ? dir : runFolder(options.workDir, run);
    // A shard whose result is in (this job came back after a commit): nothing to do.
    if (existsSync(shardResultPath(runDir, shard))) return { committed: false, rows: 0, worker: name, ms: 0 };
    let acquired = false;
    try {
      const runPool = await pools.acquire(runDir);
      acquired = true;
      const outcome = await screenShard(runPool, runDir, shard, name, letGo.signal);
      log(
        `worker ${name}: shard ${shard} of ${run}, ${outcome.rows} rows in ${(outcome.ms / 1000).toFixed(2)} s` +
          (outcome.committed ? '' : ' (another attempt committed it first; this one is dropped)'),
      );
      return outcome;
    } catch (e) {
      if (e instanceof ShardReleased) {
        await job.moveToWait(token);
        log(`worker ${name}: shard ${shard} of ${run} handed back to the queue`);
        throw new WaitingError();
      }
      if (!existsSync(runFiles(runDir).manifest)) {
        // A late attempt (its worker paused past the lock): another one's result was gathered, and
        // the coordinator has removed the run's folder and jobs since.
        if (await runIsOver(job)) {
          log(`worker ${name}: shard ${shard} of ${run}: the run is over; this late attempt is dropped`);
          return { committed: false, rows: 0, worker: name, ms: 0 };
        }
        // No retry can help: this machine does not see the work folder where the job says it is.
        throw new UnrecoverableError(
          `The run folder ${runDir} is not visible on worker ${name}; mount the work folder at the same path, or give the worker --work-dir.`,
        );
      }
      log(`worker ${name}: shard ${shard} of ${run} failed: ${e instanceof Error ? e.message : String(e)}`);
      throw e;
    } finally {
      if (acquired) pools.release(runDir);
    }
  };

  const worker = new Worker(SHARD_QUEUE, processShard, {
    connection,
    concurrency,
    lockDuration,
    stalledInterval: lockDuration,
    maxStalledCount: MAX_STALLED,
    name,
    autorun: true,
  });
  let lastError = '';
  worker.on('error', (e) => {
    // Redis away: BullMQ reconnects and says so again and again; one line per kind of trouble.
    if (e.message !== lastError) log(`worker ${name}: ${e.message}`);
    lastError = e.message;
  });
  worker.on('failed', (job, e) => {
    if (job !== undefined) log(`worker ${name}: job ${job.id} failed: ${e.message}`);
  });
  let stopping: Promise<void> | null = null;
  let closedResolve = () => undefined as void;
  const closed = new Promise<void>((r) => (closedResolve = r));
  const stop = async (how: 'finish' | 'release') => {
    if (how === 'release') letGo.abort();
    stopping ??= (async () => {
      await worker.close();
      await jobs.close();
      await pools.close();
      connection.disconnect();
      closedResolve();
    })();
    await stopping;
  };
  await worker.waitUntilReady();
  log(`worker ${name}: taking shards from ${SHARD_QUEUE} (${concurrency} at once, lock ${lockDuration} ms)`);
  return { name, stop, closed };
}
