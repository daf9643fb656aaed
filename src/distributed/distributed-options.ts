/** The options of `runDistributedBatch` and `runShardWorker` (issue #32; the CLI's `--distributed`, `warden worker`). */
import type { RunBatchOptions } from '../batch/batch-options.js';

export interface DistributedBatchOptions extends RunBatchOptions {
  /** Redis, as a URL (`--distributed redis://host:6379`): the queue the workers take shards from. */
  readonly redis: string;
  /** A folder every machine of the fleet sees at this same path (`--work-dir`). */
  readonly workDir: string;
  /** Rows per shard, the unit of work a worker takes (default DEFAULT_SHARD_ROWS). */
  readonly shardRows?: number;
  /** How often the coordinator looks for committed shards (default 200 ms). */
  readonly pollIntervalMs?: number;
}

/**
 * Rows per shard unless told: ~0.3–0.7 s of one core's screening on OFAC SDN, so the queue's own
 * cost per shard (a few milliseconds) is noise, and 1M rows make 100 shards for a fleet to share.
 */
export const DEFAULT_SHARD_ROWS = 10_000;

export interface ShardWorkerOptions {
  /** Redis, as a URL (`--redis`). */
  readonly redis: string;
  /** Screening threads, and shards taken at once (default: the cores). */
  readonly concurrency?: number;
  /**
   * How long a shard's lock lasts without renewal (default 30,000 ms, BullMQ's); renewed every half
   * of it while the shard is screened. A worker silent for longer (killed, paused) loses the shard
   * to another worker.
   */
  readonly lockDurationMs?: number;
  /** The work folder when this machine mounts it elsewhere than the coordinator (default: the job's). */
  readonly workDir?: string;
  /** The worker's name in Redis and in the run records (default HOST-PID). */
  readonly name?: string;
  /** Where the worker says what it does (default: nowhere). */
  readonly log?: (line: string) => void;
}
