/**
 * The coordinator's gather: committed shard results, taken in shard order as soon as each is
 * committed, go through the local run's OrderedWriter into OUT's sink (and the token sidecar, and a
 * client's review queue), so OUT is written exactly as a local run writes it, and checkpointed as a
 * local run is (OUT.checkpoint.json): a coordinator killed mid-gather and started with `--resume`
 * continues from its checkpoint. Before a shard's rows go in, its result must cover exactly the
 * shard's ordinals and hold one result per input row; at the end every shard is in, and the rows
 * add up to the plan's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchHitFeeder } from '../batch/batch-hit-feeder.js';
import { emptyStats, type BatchStats } from '../batch/batch-stats.js';
import { readCheckpoint, removeCheckpoint, writeCheckpoint, type Checkpoint } from '../batch/checkpoint.js';
import { OrderedWriter } from '../batch/ordered-writer.js';
import { pruneCachedRowSources } from '../batch/portfolio-cache.js';
import type { ReviewPlan } from '../batch/review-plan.js';
import { RowSourcesWriter } from '../batch/row-sources-writer.js';
import type { BatchSink } from '../batch/sinks/batch-sink.js';
import { openSink } from '../batch/sinks/open-sink.js';
import { paramsHash } from '../batch/checkpoint.js';
import { WardenError } from '../model/errors.js';
import type { DistributedBatchOptions } from './distributed-options.js';
import { startDistributedProgress } from './distributed-progress.js';
import { seekPointsOf, type RunManifest } from './run-manifest.js';
import type { RunWatch } from './run-watch.js';
import { readShardResult, type ShardResult } from './shard-result.js';
import { shardResultPath } from './work-dir.js';

export interface Gathered {
  readonly stats: BatchStats;
  readonly interrupted: boolean;
  /** Row the gather of this attempt started from (0 unless resumed). */
  readonly startRow: number;
  /** Time of earlier attempts, from the checkpoint. */
  readonly earlierMs: number;
  /** Workers whose results this attempt gathered. */
  readonly workers: ReadonlySet<string>;
}

export interface GatherContext {
  readonly options: DistributedBatchOptions;
  readonly manifest: RunManifest;
  readonly runDir: string;
  readonly review: ReviewPlan | null;
  readonly watch: RunWatch;
  /** When this attempt started (performance.now()). */
  readonly started: number;
}

/** The checkpoint's `params`: the run's identity and id, so no other run's checkpoint is continued. */
const checkpointParams = (manifest: RunManifest) =>
  paramsHash({ identity: manifest.identity, run: manifest.run });

/** The checkpoint this gather continues from, or null to gather from the first shard. */
async function resumePoint(ctx: GatherContext): Promise<Checkpoint | null> {
  const checkpoint = await readCheckpoint(ctx.options.out).catch(() => null);
  if (checkpoint === null || checkpoint.params !== checkpointParams(ctx.manifest)) return null;
  const atShard =
    checkpoint.rows === ctx.manifest.covered || ctx.manifest.shards.some((s) => s.first === checkpoint.rows);
  // A sidecar to continue needs its position; without it, the gather starts over.
  if (!atShard || (ctx.manifest.row_sources !== null && checkpoint.row_sources === null)) return null;
  return checkpoint;
}

function checkShard(result: ShardResult, ctx: GatherContext, shard: number): void {
  const plan = ctx.manifest.shards[shard]!;
  const { meta, output } = result;
  if (
    meta.shard !== shard ||
    meta.first !== plan.first ||
    meta.count !== plan.count ||
    meta.rows !== plan.rows ||
    output.stats.rows !== plan.rows
  ) {
    throw new WardenError(
      'SHARD_FAILED',
      `The result of shard ${shard} does not add up (${output.stats.rows} rows for the ${plan.rows} of its input); remove ${shardResultPath(ctx.runDir, shard)} and run again with --resume to screen it again.`,
    );
  }
}

/** Gathers the run into OUT; stops early (interrupted) when the options' signal is raised. */
export async function gatherRun(ctx: GatherContext): Promise<Gathered> {
  const { options, manifest } = ctx;
  const resume = await resumePoint(ctx);
  if (resume === null) await removeCheckpoint(options.out);
  const startRow = resume?.rows ?? 0;
  const earlierMs = resume?.elapsed_ms ?? 0;
  let next =
    startRow === manifest.covered
      ? manifest.shards.length
      : manifest.shards.findIndex((s) => s.first === startRow);
  const stats: BatchStats = { ...emptyStats(), ...resume?.stats };
  const workers = new Set<string>();
  let sink: BatchSink | null = null;
  let rowSources: RowSourcesWriter | null = null;
  const progress = startDistributedProgress({
    mode: options.progress ?? 'auto',
    rows: manifest.rows,
    shards: manifest.shards.length,
    startRows: 0,
    ...(options.progressStream ? { stream: options.progressStream } : {}),
  });
  try {
    sink = await openSink(
      options.out,
      resume ? { rows: resume.rows, bytes: resume.bytes } : null,
      manifest.review_columns,
    );
    if (manifest.row_sources !== null) {
      rowSources = await RowSourcesWriter.open(manifest.row_sources.base, resume?.row_sources ?? null);
    }
    const feeder = ctx.review?.feedQueue ? new BatchHitFeeder(ctx.review, options, stats) : null;
    const writer = new OrderedWriter({
      sink,
      startRow,
      stats,
      checkpointIntervalMs: options.checkpointIntervalMs ?? 2_000,
      rowSources: rowSources ?? undefined,
      hits: feeder ?? undefined,
      saveCheckpoint: (rows, bytes, sourcesAt) =>
        writeCheckpoint(options.out, {
          format: 1,
          params: checkpointParams(manifest),
          rows,
          bytes,
          row_sources: sourcesAt,
          list_versions: [...manifest.summary.list_versions],
          stats,
          elapsed_ms: earlierMs + performance.now() - ctx.started,
          updated_at: new Date().toISOString(),
        }),
      onWritten: () => undefined,
    });
    let interrupted = false;
    while (next < manifest.shards.length) {
      if (options.signal?.aborted) {
        interrupted = true;
        break;
      }
      await ctx.watch.refresh();
      progress.update(ctx.watch.state);
      if (!ctx.watch.state.committed.has(next)) {
        await sleep(options.pollIntervalMs ?? 200);
        continue;
      }
      while (next < manifest.shards.length && ctx.watch.state.committed.has(next)) {
        const result = await readShardResult(ctx.runDir, next);
        checkShard(result, ctx, next);
        workers.add(result.meta.worker);
        await writer.accept(result.output);
        next++;
      }
    }
    await writer.flush();
    if (!interrupted && (writer.written !== manifest.covered || stats.rows !== manifest.rows)) {
      throw new WardenError(
        'SHARD_FAILED',
        `The gathered rows do not add up: ${stats.rows} rows over ${writer.written} ordinals, where the shards hold ${manifest.rows} over ${manifest.covered}.`,
      );
    }
    progress.stop(interrupted ? null : ctx.watch.state);
    await sink.close();
    sink = null;
    if (!interrupted && rowSources !== null && manifest.row_sources !== null) {
      const { identity, seeks } = manifest.row_sources;
      await rowSources.finish(identity, options.out, seekPointsOf(seeks));
      if (options.portfolioCache !== undefined) await pruneCachedRowSources(options.portfolioCache);
    }
    return { stats, interrupted, startRow, earlierMs, workers };
  } finally {
    progress.stop(null);
    await rowSources?.close();
    await sink?.close();
  }
}
