/**
 * The run summary the CLI prints (one JSON object) and the HTML report is drawn from. Field names
 * are snake_case like the rest of the batch contract.
 */
import type { MatchStrength, RiskLevel } from '../model/risk.js';
import type { BatchStats } from './batch-stats.js';
import type { ListVersionRef } from './checkpoint.js';
import type { ListDelta, ScreenedList } from './delta.js';
import type { ReviewPlan } from './review-plan.js';

/** A run for a client (issue #30): what its suppressions left out and what it queued. */
export interface ReviewSummary {
  readonly client_id: string;
  /** The client's active suppressions the run was given (one whose entity changed is not applied). */
  readonly suppressions: number;
  /** Matches moved to `suppressed_matches`: in no other count of the summary. */
  readonly suppressed_matches: number;
  readonly suppressed_rows: number;
  /** Batch hits opened or extended in the review queue, and the matches they gained; null unless fed. */
  readonly queued_items: number | null;
  readonly queued_matches: number | null;
}

export interface BatchSummary {
  /** `interrupted`: stopped by a signal at a chunk boundary; `--resume` continues it. */
  readonly status: 'completed' | 'interrupted';
  /** The portfolio as given: a file path, or `duckdb:TABLE`. */
  readonly portfolio: string;
  readonly out: string;
  /** The HTML report (completed runs only). */
  readonly report: string | null;
  readonly rows: number;
  readonly matched_rows: number;
  readonly matches: number;
  /** Rows that could not be screened (error lines); `warden batch` then exits 3. */
  readonly errors: number;
  /** Rows screened by name with a secondary field left out (their lines carry `warnings`). */
  readonly warning_rows: number;
  /** Delta runs: rows whose earlier matches were withdrawn. */
  readonly removed_match_rows: number;
  readonly matches_by_strength: Record<MatchStrength, number>;
  readonly matches_by_list: Record<string, number>;
  /** Matches per list, then per strength. */
  readonly matches_by_list_strength: Record<string, Record<MatchStrength, number>>;
  /** Matches per list, then per sanctions programme of the matched entity (none for a PEP). */
  readonly matches_by_program: Record<string, Record<string, number>>;
  /** Screened rows per risk level (rows not screened are `errors`). */
  readonly rows_by_risk: Partial<Record<RiskLevel, number>>;
  /** Wall time of every attempt of this run, and rows per second over it. */
  readonly seconds: number;
  readonly rows_per_second: number;
  readonly workers: number;
  /** Row this attempt started from (0 unless resumed). */
  readonly resumed_from_row: number;
  readonly list_versions: readonly ListVersionRef[];
  /** The same lists with what a reader asks of them: source, publication and import dates, entities. */
  readonly lists: readonly ScreenedList[];
  /** Null for a full run. */
  readonly delta: {
    readonly since: string;
    readonly entities: number;
    readonly lists: readonly ListDelta[];
    /** The output earlier matches were read from, or null when none was available. */
    readonly previous_output: string | null;
    /**
     * The token sidecar of an earlier full run that chose the rows to screen (its path
     * without extensions), or null when every row was screened.
     */
    readonly row_sources: string | null;
    /** Rows left out because they cannot meet a changed entity: they have no line in the output. */
    readonly skipped_rows: number;
    /** Why every row was screened (no usable sidecar), or null. */
    readonly full_scan_reason: string | null;
  } | null;
  /** Only in runs for a client (`--client`). */
  readonly review?: ReviewSummary;
}

export function summarize(
  stats: BatchStats,
  run: Omit<
    BatchSummary,
    | 'rows'
    | 'matched_rows'
    | 'matches'
    | 'errors'
    | 'warning_rows'
    | 'removed_match_rows'
    | 'matches_by_strength'
    | 'matches_by_list'
    | 'matches_by_list_strength'
    | 'matches_by_program'
    | 'rows_by_risk'
    | 'rows_per_second'
    | 'review'
  > & { readonly review?: ReviewPlan | null },
): BatchSummary {
  const plan = run.review ?? null;
  const review: ReviewSummary | undefined =
    plan === null
      ? undefined
      : {
          client_id: plan.clientId,
          suppressions: plan.setup.suppressions.length,
          suppressed_matches: stats.suppressedMatches,
          suppressed_rows: stats.suppressedRows,
          queued_items: plan.feedQueue ? stats.queuedItems : null,
          queued_matches: plan.feedQueue ? stats.queuedMatches : null,
        };
  return {
    status: run.status,
    portfolio: run.portfolio,
    out: run.out,
    report: run.report,
    rows: stats.rows,
    matched_rows: stats.matchedRows,
    matches: stats.matches,
    errors: stats.errors,
    warning_rows: stats.warningRows,
    removed_match_rows: stats.removedRows,
    matches_by_strength: { ...stats.byStrength },
    matches_by_list: { ...stats.byList },
    matches_by_list_strength: structuredClone(stats.byListStrength),
    matches_by_program: structuredClone(stats.byProgram),
    rows_by_risk: { ...stats.byRisk },
    seconds: Math.round(run.seconds * 100) / 100,
    rows_per_second: run.seconds > 0 ? Math.round(stats.rows / run.seconds) : stats.rows,
    workers: run.workers,
    resumed_from_row: run.resumed_from_row,
    list_versions: run.list_versions,
    lists: run.lists,
    delta: run.delta,
    ...(review === undefined ? {} : { review }),
  };
}
