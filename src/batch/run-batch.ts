/**
 * runBatch: portfolio source → chunks → worker pool → ordered writer → sink, with checkpoints,
 * progress, and at the end the run record and the HTML report. Memory stays flat whatever the
 * portfolio size: at most `workers × 3` chunks are between the reader and the sink at any time.
 */
import { writeFile } from 'node:fs/promises';
import type { RunBatchOptions } from './batch-options.js';
import { listsNotLoaded } from '../screening/index.js';
import { emptyStats, type BatchStats } from './batch-stats.js';
import { removeCheckpoint, writeCheckpoint } from './checkpoint.js';
import { skippedChunk, type ChunkTask } from './chunk-task.js';
import { OrderedWriter } from './ordered-writer.js';
import type { GatedSelection } from './gated-selection.js';
import { cachedIndex, saveIndex, type CachedIndex } from './index-cache.js';
import { indexCodeVersion } from './normalization-version.js';
import { pruneCachedRowSources } from './portfolio-cache.js';
import { defaultWorkers, openScreeningPool, type ScreeningPool } from './pool.js';
import { startProgress, type ProgressReporter } from './progress.js';
import { renderHtmlReport } from './report-html.js';
import { summarize, type BatchSummary } from './report.js';
import type { ListsInUse } from './delta.js';
import { listedEntities, planRun, removeDeltaSidecar, workerSetupOf, type RunPlan } from './run-plan.js';
import type { RowSourcesPosition } from './row-sources.js';
import { RowSourcesWriter } from './row-sources-writer.js';
import { recordedReview, writeRunRecord } from './run-record.js';
import type { BatchSink } from './sinks/batch-sink.js';
import { openSink } from './sinks/open-sink.js';
import type { RowInput } from './sources/csv-record.js';

const DEFAULT_CHUNK = 1_000;
/** Most chunks' worth of portfolio rows one chunk covers when a delta run skips most of them. */
const MAX_CHUNK_SPAN = 20;
/** Chunks per worker between reader and sink: one running, one queued, one being written. */
const OUTSTANDING_PER_WORKER = 3;

export const reportPath = (out: string) => `${out}.report.html`;

/**
 * The full run's sidecar writer; when a resume cannot continue it (its files are gone), the run goes
 * on without one: a later delta run then screens every row, as it says.
 */
async function openRowSources(
  base: string,
  resume: RowSourcesPosition | null,
): Promise<RowSourcesWriter | null> {
  try {
    return await RowSourcesWriter.open(base, resume);
  } catch (e) {
    if (resume === null) throw e;
    return null;
  }
}

/**
 * Reads the portfolio in order and keeps the pool busy; stops early (returns true) on abort.
 * A worker failure rejects, leaving the last checkpoint for a resume. A delta run with a selection
 * reads only the selected rows, each batch once the gate has decided its rows; its chunks still
 * cover every ordinal, so checkpoints stay "rows before N are done", and a chunk covers at most
 * MAX_CHUNK_SPAN × chunkSize ordinals.
 */
async function pump(
  plan: RunPlan,
  selection: GatedSelection | null,
  startRow: number,
  chunkSize: number,
  pool: ScreeningPool,
  writer: OrderedWriter,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const maxOutstandingRows = Math.max(1, pool.workers) * OUTSTANDING_PER_WORKER * chunkSize;
  const inflight = new Set<Promise<void>>();
  let outstanding = 0;
  const dispatch = async (task: ChunkTask) => {
    while (outstanding >= maxOutstandingRows && inflight.size > 0) await Promise.race(inflight);
    outstanding += task.rows.length;
    const done =
      task.rows.length === 0
        ? writer.accept(skippedChunk(task))
        : pool.run(task).then((output) => writer.accept(output));
    const tracked = done.finally(() => {
      outstanding -= task.rows.length;
      inflight.delete(tracked);
    });
    inflight.add(tracked);
    // A failure is raised by the race above or by the final Promise.all, not as an unhandled rejection.
    tracked.catch(() => undefined);
  };
  const only = selection === null ? undefined : (ordinal: number) => selection.wanted(ordinal);
  let rows: RowInput[] = [];
  let ordinals: number[] | null = selection === null ? null : [];
  let first = startRow;
  let covered = startRow;
  const cut = async (end: number) => {
    const task: ChunkTask = { first, count: end - first, rows, ordinals };
    first = end;
    rows = [];
    ordinals = selection === null ? null : [];
    await dispatch(task);
  };
  let stopped = false;
  for await (const batch of plan.source.read(startRow, only, selection?.seeks ?? undefined)) {
    // Rows read ahead of the gate are dropped here if it leaves them out.
    await selection?.decided(batch.to);
    for (let i = 0; i < batch.rows.length && !stopped; i++) {
      const ordinal = batch.ordinals === null ? batch.from + i : batch.ordinals[i]!;
      if (selection !== null && selection.selected[ordinal] !== 1) continue;
      rows.push(batch.rows[i]!);
      ordinals?.push(ordinal);
      if (rows.length >= chunkSize && !(stopped ||= signal?.aborted === true)) await cut(ordinal + 1);
    }
    if (stopped) break;
    covered = batch.to;
    if (covered - first >= MAX_CHUNK_SPAN * chunkSize && !(stopped ||= signal?.aborted === true)) {
      await cut(covered);
    }
    if (stopped) break;
  }
  stopped ||= signal?.aborted === true;
  if (!stopped && covered > first) await cut(covered);
  await Promise.all(inflight);
  return stopped;
}

/**
 * Hands the workers the lists, with their index's snapshot when `cacheDir` holds one. A cache that
 * cannot be read costs the workers a build, not the run. A delta run's workers restore the snapshot
 * narrowed to the changed entities, and ask for every entity's JSON only if it fails them: the lists
 * are not read at all (measured: 0.12–0.17 s of a cold delta's start with OFAC SDN alone).
 */
async function offerLists(
  pool: ScreeningPool,
  lists: ListsInUse,
  onlyJson: string | null,
  cacheDir: string | undefined,
): Promise<CachedIndex | null> {
  const cached = cacheDir === undefined ? null : await cachedIndex(cacheDir, lists.key).catch(() => null);
  const snapshot = cached?.bytes ?? null;
  if (onlyJson !== null && snapshot !== null && pool.workers > 0) {
    pool.lists({ json: null, snapshot, onlyJson }, lists.entitiesJson);
  } else {
    pool.lists({ json: await lists.entitiesJson(), snapshot, onlyJson });
  }
  return cached;
}

/**
 * Leaves the snapshot of the index the workers built, for the next run against these lists: none
 * was there, or it could not be restored (then it is replaced).
 */
async function keepIndex(pool: ScreeningPool, cached: CachedIndex | null): Promise<void> {
  if (cached === null) return;
  try {
    const bytes = await pool.snapshot();
    if (bytes !== null) await saveIndex(cached, bytes);
  } catch {
    // A cache that cannot be written costs the next run a build; this run has its results.
  }
}

/**
 * Screens a portfolio against the lists and writes one result per row to OUT.
 *
 * @example const summary = await runBatch({ portfolio: 'portfolio.csv', out: 'results.jsonl', store })
 */
export async function runBatch(options: RunBatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  // Started first: the worker threads load their code while the run is planned.
  const workers = options.workers ?? defaultWorkers(options.deltaSince === undefined ? 'full' : 'delta');
  const listed = await listedEntities(options);
  // A run against no list would write "no match" for every row: refuse before anything is written.
  if (listed === 0) throw listsNotLoaded();
  const pool = openScreeningPool(workers, listed);
  // Worked out while the lists are read: their snapshot's name depends on it.
  if (options.indexCache !== undefined) indexCodeVersion().catch(() => undefined);
  let plan: RunPlan;
  let index: Promise<CachedIndex | null> = Promise.resolve(null);
  try {
    plan = await planRun(
      options,
      (lists, onlyJson) => (index = offerLists(pool, lists, onlyJson, options.indexCache)),
    );
  } catch (e) {
    await pool.close();
    throw e;
  }
  const startRow = plan.checkpoint?.rows ?? 0;
  // A checkpoint from before a count was added lacks it: start those at their empty value.
  const stats: BatchStats = { ...emptyStats(), ...plan.checkpoint?.stats };
  const earlierMs = plan.checkpoint?.elapsed_ms ?? 0;
  const elapsedMs = () => earlierMs + performance.now() - started;
  let sink: BatchSink | null = null;
  let progress: ProgressReporter | null = null;
  let rowSources: RowSourcesWriter | null = null;
  try {
    // A fresh start must not leave an older run's checkpoint to describe this run's output.
    if (plan.checkpoint === null) await removeCheckpoint(options.out);
    sink = await openSink(
      options.out,
      plan.checkpoint ? { rows: startRow, bytes: plan.checkpoint.bytes } : null,
      plan.review !== null,
    );
    // The lists go out once their cache lookup is done; an in-process pool needs them before its setup.
    await index;
    pool.setup(workerSetupOf(plan, plan.gate));
    // A delta run's workers select its rows, with the index they then screen them with. Postings that
    // cannot be read (a damaged cache) cost a scan of every row, which the summary explains.
    let selection: GatedSelection | null = null;
    let unreadable: string | null = null;
    try {
      selection = plan.selectRows === null ? null : await plan.selectRows(pool);
    } catch (e) {
      unreadable = `the sidecar at ${plan.rowSources}.* could not be read (${e instanceof Error ? e.message : String(e)})`;
    }
    const reporter = startProgress({
      mode: options.progress ?? 'auto',
      startRows: startRow,
      ...(options.progressStream ? { stream: options.progressStream } : {}),
    });
    progress = reporter;
    if (plan.recordSources !== null) {
      rowSources = await openRowSources(plan.recordSources.base, plan.recordSources.resume);
    }
    const total = plan.source.totalRows;
    // Loaded only for a run that feeds a queue, as the review plan is (run-plan.ts).
    const feeding = plan.review?.feedQueue ? await import('./batch-hit-feeder.js') : null;
    const feeder = feeding && plan.review ? new feeding.BatchHitFeeder(plan.review, options, stats) : null;
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
          params: plan.params,
          rows,
          bytes,
          row_sources: sourcesAt,
          list_versions: [...plan.versions],
          stats,
          elapsed_ms: elapsedMs(),
          updated_at: new Date().toISOString(),
        }),
      onWritten: (rows) => reporter.update(rows, plan.source.progress() ?? (total ? rows / total : null)),
    });
    const interrupted = await pump(
      plan,
      selection,
      startRow,
      options.chunkSize ?? DEFAULT_CHUNK,
      pool,
      writer,
      options.signal,
    );
    await writer.flush();
    // An interrupted run does not wait for the gate to finish rows it will not read.
    const delta =
      plan.delta === null || interrupted
        ? plan.delta
        : unreadable !== null
          ? { ...plan.delta, row_sources: null, full_scan_reason: unreadable }
          : selection === null
            ? plan.delta
            : { ...plan.delta, skipped_rows: await selection.skipped() };
    reporter.update(writer.written, interrupted ? plan.source.progress() : 1);
    const workers = pool.workers;
    await sink.close();
    sink = null;
    const report = !interrupted && options.report !== false ? reportPath(options.out) : null;
    const summary = summarize(stats, {
      status: interrupted ? 'interrupted' : 'completed',
      portfolio: options.portfolio,
      out: options.out,
      report,
      seconds: elapsedMs() / 1000,
      workers,
      resumed_from_row: startRow,
      list_versions: plan.versions,
      lists: plan.lists,
      delta,
      review: plan.review,
    });
    if (!interrupted) {
      if (rowSources !== null && plan.recordSources !== null) {
        await rowSources.finish(plan.recordSources.identity, options.out, plan.source.seekPoints());
        if (options.portfolioCache !== undefined) await pruneCachedRowSources(options.portfolioCache);
      }
      await writeRunRecord({
        format: 1,
        out: options.out,
        portfolio: options.portfolio,
        finished_at: new Date().toISOString(),
        list_versions: [...plan.versions],
        delta_since: options.deltaSince ?? null,
        rows: stats.rows,
        row_sources: rowSources !== null ? plan.rowSources : delta?.row_sources || null,
        ...(summary.review === undefined ? {} : { review: recordedReview(summary.review) }),
      });
      if (report !== null)
        await writeFile(report, renderHtmlReport(summary, stats, new Date().toISOString()));
      await removeCheckpoint(options.out);
      await removeDeltaSidecar(options.out);
      await keepIndex(pool, await index);
    }
    return summary;
  } finally {
    progress?.stop();
    await rowSources?.close();
    await pool.close();
    await sink?.close();
    await plan.source.close();
  }
}
