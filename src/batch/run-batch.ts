/**
 * runBatch: portfolio source → chunks → worker pool → ordered writer → sink, with checkpoints,
 * progress, and at the end the run record and the HTML report. Memory stays flat whatever the
 * portfolio size: at most `workers × 3` chunks are between the reader and the sink at any time.
 */
import { writeFile } from 'node:fs/promises';
import type { RunBatchOptions } from './batch-options.js';
import { emptyStats, type BatchStats } from './batch-stats.js';
import { removeCheckpoint, writeCheckpoint } from './checkpoint.js';
import type { ChunkTask } from './chunk-task.js';
import { OrderedWriter } from './ordered-writer.js';
import { defaultWorkers, openScreeningPool, type ScreeningPool } from './pool.js';
import type { PortfolioRow } from './portfolio-row.js';
import { startProgress, type ProgressReporter } from './progress.js';
import { renderHtmlReport } from './report-html.js';
import { summarize, type BatchSummary } from './report.js';
import { planRun, removeDeltaSidecar, type RunPlan } from './run-plan.js';
import { writeRunRecord } from './run-record.js';
import type { BatchSink } from './sinks/batch-sink.js';
import { openSink } from './sinks/open-sink.js';

const DEFAULT_CHUNK = 1_000;
/** Chunks per worker between reader and sink: one running, one queued, one being written. */
const OUTSTANDING_PER_WORKER = 3;

export const reportPath = (out: string) => `${out}.report.html`;

/**
 * Reads the portfolio in order and keeps the pool busy; stops early (returns true) on abort.
 * A worker failure rejects, leaving the last checkpoint for a resume.
 */
async function pump(
  plan: RunPlan,
  startRow: number,
  chunkSize: number,
  pool: ScreeningPool,
  writer: OrderedWriter,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const maxOutstandingRows = Math.max(1, pool.workers) * OUTSTANDING_PER_WORKER * chunkSize;
  const inflight = new Set<Promise<void>>();
  let next = startRow;
  const dispatch = async (rows: PortfolioRow[]) => {
    while (next - writer.written >= maxOutstandingRows && inflight.size > 0) await Promise.race(inflight);
    const task: ChunkTask = { first: next, rows };
    next += rows.length;
    const done = pool.run(task).then((output) => writer.accept(output));
    const tracked = done.finally(() => inflight.delete(tracked));
    inflight.add(tracked);
    // A failure is raised by the race above or by the final Promise.all, not as an unhandled rejection.
    tracked.catch(() => undefined);
  };
  let buffer: PortfolioRow[] = [];
  let stopped = false;
  for await (const batch of plan.source.rows(startRow)) {
    for (const row of batch) buffer.push(row);
    while (buffer.length >= chunkSize && !(stopped ||= signal?.aborted === true)) {
      await dispatch(buffer.slice(0, chunkSize));
      buffer = buffer.slice(chunkSize);
    }
    if (stopped) break;
  }
  stopped ||= signal?.aborted === true;
  if (!stopped && buffer.length > 0) await dispatch(buffer);
  await Promise.all(inflight);
  return stopped;
}

/**
 * Screens a portfolio against the lists and writes one result per row to OUT.
 *
 * @example const summary = await runBatch({ portfolio: 'portfolio.csv', out: 'results.jsonl', store })
 */
export async function runBatch(options: RunBatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  const plan = await planRun(options);
  const startRow = plan.checkpoint?.rows ?? 0;
  const stats: BatchStats = plan.checkpoint?.stats ?? emptyStats();
  const earlierMs = plan.checkpoint?.elapsed_ms ?? 0;
  const elapsedMs = () => earlierMs + performance.now() - started;
  let sink: BatchSink | null = null;
  let pool: ScreeningPool | null = null;
  let progress: ProgressReporter | null = null;
  try {
    // A fresh start must not leave an older run's checkpoint to describe this run's output.
    if (plan.checkpoint === null) await removeCheckpoint(options.out);
    sink = await openSink(
      options.out,
      plan.checkpoint ? { rows: startRow, bytes: plan.checkpoint.bytes } : null,
    );
    pool = openScreeningPool(
      {
        entitiesJson: plan.entitiesJson,
        cfg: plan.cfg,
        limit: plan.limit,
        encoding: plan.encoding,
        previous: plan.previous,
        only: plan.only,
      },
      options.workers ?? defaultWorkers(),
    );
    const reporter = startProgress({
      mode: options.progress ?? 'auto',
      startRows: startRow,
      ...(options.progressStream ? { stream: options.progressStream } : {}),
    });
    progress = reporter;
    const total = plan.source.totalRows;
    const writer = new OrderedWriter({
      sink,
      startRow,
      stats,
      checkpointIntervalMs: options.checkpointIntervalMs ?? 2_000,
      saveCheckpoint: (rows, bytes) =>
        writeCheckpoint(options.out, {
          format: 1,
          params: plan.params,
          rows,
          bytes,
          list_versions: [...plan.versions],
          stats,
          elapsed_ms: elapsedMs(),
          updated_at: new Date().toISOString(),
        }),
      onWritten: (rows) => reporter.update(rows, plan.source.progress() ?? (total ? rows / total : null)),
    });
    const interrupted = await pump(
      plan,
      startRow,
      options.chunkSize ?? DEFAULT_CHUNK,
      pool,
      writer,
      options.signal,
    );
    await writer.flush();
    reporter.update(writer.written, interrupted ? plan.source.progress() : 1);
    const workers = pool.workers;
    await sink.close();
    sink = null;
    const report = !interrupted && options.report !== false ? reportPath(options.out) : null;
    const summary = summarize(stats, {
      status: interrupted ? 'interrupted' : 'completed',
      out: options.out,
      report,
      seconds: elapsedMs() / 1000,
      workers,
      resumed_from_row: startRow,
      list_versions: plan.versions,
      delta: plan.delta,
    });
    if (!interrupted) {
      await writeRunRecord({
        format: 1,
        out: options.out,
        portfolio: options.portfolio,
        finished_at: new Date().toISOString(),
        list_versions: [...plan.versions],
        delta_since: options.deltaSince ?? null,
        rows: stats.rows,
      });
      if (report !== null)
        await writeFile(report, renderHtmlReport(summary, stats, new Date().toISOString()));
      await removeCheckpoint(options.out);
      await removeDeltaSidecar(options.out);
    }
    return summary;
  } finally {
    progress?.stop();
    await pool?.close();
    await sink?.close();
    await plan.source.close();
  }
}
