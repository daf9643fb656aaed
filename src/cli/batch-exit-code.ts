/**
 * `warden batch` exit codes, beyond main.ts's 0 / 1 / 2: a run that finished but left rows
 * unscreened (error lines) must not look like a clean run to cron or a CI job.
 */
import type { BatchSummary } from '../batch/index.js';

/** The run finished, but at least one row could not be screened (its line carries `error`). */
export const EXIT_UNSCREENED_ROWS = 3;

/**
 * 0 when every row was screened (warnings allowed: those rows were screened by name), else 3.
 *
 * @example batchExitCode(summary) // 3 when summary.errors > 0
 */
export function batchExitCode(summary: Pick<BatchSummary, 'errors'>): number {
  return summary.errors > 0 ? EXIT_UNSCREENED_ROWS : 0;
}
