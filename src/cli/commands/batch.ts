/**
 * `warden batch PORTFOLIO --out OUT …`: re-screens a portfolio through the worker pool (DESIGN.md §5), or
 * with `--distributed REDIS_URL --work-dir DIR` on a fleet of `warden worker`s (src/distributed/).
 */
// The modules it needs, not batch/index.js: that one also loads the portfolio generator and faker (~0.14 s).
import type { RunBatchOptions } from '../../batch/batch-options.js';
import { indexCacheBeside } from '../../batch/index-cache.js';
import { portfolioCacheBeside } from '../../batch/portfolio-cache.js';
import { runBatch } from '../../batch/run-batch.js';
import { stopOnSignals } from '../../batch/stop-signals.js';
import { openStore } from '../../store/open-store.js';
import { UsageError, type CommandContext } from '../command-context.js';
import { batchExitCode } from '../batch-exit-code.js';
import { printBatchSummary } from '../batch-summary.js';

/** `--columns full_name=Name,birth_date=DOB` → a column mapping. */
function columnMapping(text: string | undefined): RunBatchOptions['columns'] {
  if (!text) return undefined;
  const mapping: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [ours, theirs] = pair.split('=').map((s) => s.trim());
    if (!ours || !theirs) throw new UsageError(`--columns takes ours=theirs pairs, not "${pair}".`);
    mapping[ours] = theirs;
  }
  return mapping as RunBatchOptions['columns'];
}

export interface BatchCommandOptions {
  readonly portfolio: string;
  readonly out: string;
  readonly workers?: string;
  readonly deltaSince?: string;
  readonly sinceRun?: string;
  readonly resume?: boolean;
  readonly columns?: string;
  /** False with --no-report. */
  readonly report: boolean;
  readonly client?: string;
  readonly reviewQueue?: boolean;
  readonly json?: boolean;
  readonly distributed?: string;
  readonly workDir?: string;
  readonly shardRows?: string;
}

/** `--distributed URL --work-dir DIR [--shard-rows N]`, checked; null for a local run. */
function distributedOptions(
  options: BatchCommandOptions,
): { redis: string; workDir: string; shardRows?: number } | null {
  if (options.distributed === undefined) {
    if (options.workDir !== undefined || options.shardRows !== undefined) {
      throw new UsageError('--work-dir and --shard-rows go with --distributed REDIS_URL.');
    }
    return null;
  }
  if (!options.workDir) {
    throw new UsageError('--distributed needs --work-dir DIR, a folder every worker sees at the same path.');
  }
  const shardRows = options.shardRows === undefined ? undefined : Number(options.shardRows);
  if (shardRows !== undefined && (!Number.isInteger(shardRows) || shardRows < 1)) {
    throw new UsageError(`--shard-rows takes a whole number of rows, 1 or more, not "${options.shardRows}".`);
  }
  return {
    redis: options.distributed,
    workDir: options.workDir,
    ...(shardRows === undefined ? {} : { shardRows }),
  };
}

export async function run(options: BatchCommandOptions, ctx: CommandContext): Promise<number> {
  const workers = options.workers === undefined ? undefined : Number(options.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 0)) {
    throw new UsageError(`--workers takes a whole number, not "${options.workers}".`);
  }
  if (options.client !== undefined && options.client.trim() === '') {
    throw new UsageError('--client needs the id of a client of --db.');
  }
  if (options.reviewQueue && options.client === undefined) {
    throw new UsageError("--review-queue needs --client CLIENT_ID: the review queue is a client's.");
  }
  const distributed = distributedOptions(options);
  const stop = stopOnSignals();
  const store = await openStore(ctx.db);
  try {
    const batch: RunBatchOptions = {
      portfolio: options.portfolio,
      out: options.out,
      store,
      db: ctx.db,
      indexCache: indexCacheBeside(ctx.db),
      portfolioCache: portfolioCacheBeside(ctx.db),
      signal: stop.signal,
      report: options.report,
      ...(workers === undefined ? {} : { workers }),
      ...(options.deltaSince ? { deltaSince: options.deltaSince } : {}),
      ...(options.sinceRun ? { sinceRun: options.sinceRun } : {}),
      ...(options.resume ? { resume: true } : {}),
      ...(options.columns ? { columns: columnMapping(options.columns) } : {}),
      ...(options.client === undefined
        ? {}
        : { review: { clientId: options.client, feedQueue: options.reviewQueue === true } }),
    };
    // Loaded only for a distributed run: BullMQ and ioredis cost every other start ~0.1 s.
    const summary =
      distributed === null
        ? await runBatch(batch)
        : await (
            await import('../../distributed/index.js')
          ).runDistributedBatch({ ...batch, ...distributed });
    const exitCode = stop.exitCode() ?? batchExitCode(summary);
    printBatchSummary(ctx, summary, exitCode, { json: options.json === true });
    return exitCode;
  } finally {
    stop.dispose();
    await store.close();
  }
}
