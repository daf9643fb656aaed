/**
 * Batch rows as Prometheus metrics, for a host that runs `runBatch` inside a long-lived process it
 * scrapes (`warden batch` itself is one-shot and serves nothing). Fed from each run's summary, so the
 * batch hot path carries no instrumentation; a run is counted when it returns, not row by row.
 */
import { Counter, type Registry } from 'prom-client';
import type { BatchSummary } from '../batch/index.js';

export const BATCH_METRIC_NAMES = {
  ROWS: 'warden_batch_rows_total',
  RUNS: 'warden_batch_runs_total',
} as const;

type Counted = Pick<BatchSummary, 'status' | 'out' | 'rows' | 'errors'>;

/** Counts the rows of the batch runs a caller records into its registry. */
export class BatchMetrics {
  readonly #rows: Counter<'outcome'>;
  readonly #runs: Counter<'status'>;
  // A run's figures include its earlier attempts (resume), so each OUT's last figures are kept and
  // only the difference is counted: an interrupted attempt and its resumption are not counted twice.
  readonly #counted = new Map<string, { rows: number; errors: number }>();

  constructor(registry: Registry) {
    this.#rows = new Counter({
      name: BATCH_METRIC_NAMES.ROWS,
      help: 'Portfolio rows of batch runs, by outcome (error: the row could not be screened)',
      labelNames: ['outcome'],
      registers: [registry],
    });
    this.#runs = new Counter({
      name: BATCH_METRIC_NAMES.RUNS,
      help: 'Batch runs (attempts) that returned, by status',
      labelNames: ['status'],
      registers: [registry],
    });
    for (const outcome of ['screened', 'error']) this.#rows.inc({ outcome }, 0);
    for (const status of ['completed', 'interrupted']) this.#runs.inc({ status }, 0);
  }

  /**
   * Counts a run from the summary `runBatch` returned.
   *
   * @example const metrics = new BatchMetrics(registry); metrics.record(await runBatch(options));
   */
  record(summary: Counted): void {
    const before = this.#counted.get(summary.out) ?? { rows: 0, errors: 0 };
    const errors = Math.max(0, summary.errors - before.errors);
    const rows = Math.max(0, summary.rows - before.rows);
    this.#rows.inc({ outcome: 'screened' }, Math.max(0, rows - errors));
    this.#rows.inc({ outcome: 'error' }, errors);
    this.#runs.inc({ status: summary.status });
    if (summary.status === 'interrupted')
      this.#counted.set(summary.out, { rows: summary.rows, errors: summary.errors });
    else this.#counted.delete(summary.out);
  }
}
