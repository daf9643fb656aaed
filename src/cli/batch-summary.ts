/**
 * How `warden batch` ends: one JSON line on stdout for scripts (piped, or with --json), or, when a
 * person watches a terminal, a few lines they can read at a glance (issue #31).
 */
import type { BatchSummary } from '../batch/index.js';
import { printJson, type CommandContext } from './command-context.js';
import { EXIT_UNSCREENED_ROWS } from './batch-exit-code.js';

const count = new Intl.NumberFormat('en-US');

/** Why some rows have no result: the sentence said with the summary when any could not be screened. */
function unscreenedRows(summary: BatchSummary): string {
  const where = summary.report ? ` and ${summary.report} lists the first` : '';
  return `${count.format(summary.errors)} row(s) could not be screened; their lines carry "error"${where}`;
}

/**
 * The summary for a person, a label and a value per line.
 *
 * @example describeBatchSummary(summary, 0) // "status        completed\nrows          2 in 0.4 s (5 rows/s, 2 workers)\n…"
 */
export function describeBatchSummary(summary: BatchSummary, exitCode: number): string {
  const strengths = Object.entries(summary.matches_by_strength)
    .filter(([, n]) => n > 0)
    .map(([strength, n]) => `${strength} ${count.format(n)}`)
    .join(', ');
  const workers = summary.workers === 0 ? 'on the main thread' : `${summary.workers} workers`;
  const lines: [string, string][] = [
    ['status', summary.status === 'interrupted' ? 'interrupted (continue it with --resume)' : summary.status],
    [
      'rows',
      `${count.format(summary.rows)} in ${summary.seconds} s (${count.format(summary.rows_per_second)} rows/s, ${workers})`,
    ],
    ['matched rows', count.format(summary.matched_rows)],
    ['matches', `${count.format(summary.matches)}${strengths ? ` (${strengths})` : ''}`],
    ['errors', count.format(summary.errors)],
  ];
  if (summary.warning_rows > 0)
    lines.push(['warnings', `${count.format(summary.warning_rows)} row(s) screened without a field`]);
  const review = summary.review;
  if (review) {
    const queued =
      review.queued_items === null ? '' : `, ${count.format(review.queued_items)} batch hit(s) queued`;
    lines.push([
      'review',
      `${review.client_id}: ${count.format(review.suppressed_matches)} match(es) suppressed${queued}`,
    ]);
  }
  lines.push(['output', summary.out], ['report', summary.report ?? '(none)']);
  const reason = exitCode === EXIT_UNSCREENED_ROWS ? `exit 3: ${unscreenedRows(summary)}.` : undefined;
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  const text = lines.map(([label, value]) => `${label.padEnd(width)}${value}`);
  return `${[...text, ...(reason ? [reason] : [])].join('\n')}\n`;
}

/**
 * Prints the summary: prose when stdout is a terminal and --json was not given, else the one JSON
 * line (the contract scripts read, with the unscreened rows also said on stderr).
 */
export function printBatchSummary(
  ctx: CommandContext,
  summary: BatchSummary,
  exitCode: number,
  options: { json: boolean },
): void {
  if (ctx.isTTY && !options.json) {
    ctx.stdout.write(describeBatchSummary(summary, exitCode));
    return;
  }
  printJson(ctx, summary);
  if (summary.errors > 0) ctx.stderr.write(`warden: ${unscreenedRows(summary)}.\n`);
}
