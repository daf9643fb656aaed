/**
 * Counts for the run summary and the HTML report, gathered per chunk in the workers and merged in
 * the main thread, so the report never re-reads the output. Bounded whatever the portfolio's size,
 * and JSON-safe: they also ride in the checkpoint, which makes a resumed run's report cover the rows
 * written before the crash.
 */
import type { MatchStrength, RiskLevel } from '../model/risk.js';
import { isErrorRow, type BatchMatch, type RowResult } from './batch-result.js';
import { addCount, entryOf } from './counts-by-key.js';
import {
  emptyNeedsReview,
  isReviewStrength,
  mergeNeedsReview,
  offerForReview,
  type NeedsReview,
} from './needs-review.js';

/** A match worth showing in the report, with the name that was screened. */
export interface TopMatch {
  readonly external_id: string;
  readonly query: string;
  readonly match: BatchMatch;
}

/** A row the report names: one that could not be screened, or one screened without some field. */
export interface NotedRow {
  /** 1-based portfolio row (header excluded). */
  readonly row: number;
  readonly external_id: string | null;
  /** The error, or the warnings joined with "; ". */
  readonly reason: string;
}

export interface BatchStats {
  rows: number;
  matchedRows: number;
  errors: number;
  /** Rows screened with warnings (a secondary field left out). */
  warningRows: number;
  /** The first NOTED_ROWS rows that could not be screened, in row order. */
  unscreened: NotedRow[];
  /** The first NOTED_ROWS rows with warnings, in row order. */
  warned: NotedRow[];
  /** Rows with removed_matches (delta runs). */
  removedRows: number;
  /** Runs for a client: matches its suppressions left out, and the rows with any. */
  suppressedMatches: number;
  suppressedRows: number;
  /** Runs feeding the review queue: batch hits opened or extended, and the matches they gained. */
  queuedItems: number;
  queuedMatches: number;
  matches: number;
  byStrength: Record<MatchStrength, number>;
  byList: Record<string, number>;
  /** Matches per list and strength. */
  byListStrength: Record<string, Record<MatchStrength, number>>;
  /**
   * Matches per list and sanctions programme (a match counts once under each of its entity's
   * programmes; entities without one, PEPs for instance, count under none). As many keys as the
   * lists have programmes.
   */
  byProgram: Record<string, Record<string, number>>;
  /** Screened rows per risk level (the rows' risk_level, as written to the output). */
  byRisk: Partial<Record<RiskLevel, number>>;
  /** Match scores in HISTOGRAM_BINS bins from HISTOGRAM_FROM to 1 (lower scores in the first bin). */
  histogram: number[];
  /** The best TOP_MATCHES matches, highest score first. */
  top: TopMatch[];
  /** MEDIUM and WEAK matches for the report's "Needs review": a bounded sample (needs-review.ts). */
  needsReview: NeedsReview;
}

/** The report's short table of the strongest matches: on a typical run all EXACT 1.000, so a few do. */
export const TOP_MATCHES = 20;
export const NOTED_ROWS = 20;
export const HISTOGRAM_FROM = 0.6;
export const HISTOGRAM_BINS = 20;

export function emptyStats(): BatchStats {
  return {
    rows: 0,
    matchedRows: 0,
    errors: 0,
    warningRows: 0,
    unscreened: [],
    warned: [],
    removedRows: 0,
    suppressedMatches: 0,
    suppressedRows: 0,
    queuedItems: 0,
    queuedMatches: 0,
    matches: 0,
    byStrength: { EXACT: 0, STRONG: 0, MEDIUM: 0, WEAK: 0 },
    byList: {},
    byListStrength: {},
    byProgram: {},
    byRisk: {},
    histogram: new Array<number>(HISTOGRAM_BINS).fill(0),
    top: [],
    needsReview: emptyNeedsReview(),
  };
}

function binOf(score: number): number {
  const bin = Math.floor(((score - HISTOGRAM_FROM) / (1 - HISTOGRAM_FROM)) * HISTOGRAM_BINS);
  return Math.min(HISTOGRAM_BINS - 1, Math.max(0, bin));
}

/** Keeps `top` sorted and at most TOP_MATCHES long; cheap because few rows match. */
function offerTop(top: TopMatch[], candidate: TopMatch): void {
  if (top.length >= TOP_MATCHES && top[top.length - 1]!.match.score >= candidate.match.score) return;
  let i = top.length;
  while (i > 0 && top[i - 1]!.match.score < candidate.match.score) i--;
  top.splice(i, 0, candidate);
  if (top.length > TOP_MATCHES) top.pop();
}

const noStrengths = (): Record<MatchStrength, number> => ({ EXACT: 0, STRONG: 0, MEDIUM: 0, WEAK: 0 });

/** Keeps the first NOTED_ROWS; chunks are merged in row order, so these are the run's first. */
function note(rows: NotedRow[], row: NotedRow): void {
  if (rows.length < NOTED_ROWS) rows.push(row);
}

/**
 * Adds a chunk's results; `queries[i]` is the name screened for `results[i]`, `rowsAt` the first
 * result's 0-based row ordinal or each result's.
 */
export function addResults(
  stats: BatchStats,
  results: readonly RowResult[],
  queries: readonly (string | null)[],
  rowsAt: number | readonly number[] = 0,
): BatchStats {
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    const row = (typeof rowsAt === 'number' ? rowsAt + i : rowsAt[i]!) + 1;
    stats.rows++;
    if (isErrorRow(r)) {
      stats.errors++;
      note(stats.unscreened, { row, external_id: r.external_id, reason: r.error });
      continue;
    }
    if (r.warnings !== undefined) {
      stats.warningRows++;
      note(stats.warned, { row, external_id: r.external_id, reason: r.warnings.join('; ') });
    }
    stats.byRisk[r.risk_level] = (stats.byRisk[r.risk_level] ?? 0) + 1;
    if (r.removed_matches !== undefined) stats.removedRows++;
    if (r.suppressed_matches !== undefined) {
      stats.suppressedRows++;
      stats.suppressedMatches += r.suppressed_matches.length;
    }
    if (r.matches.length === 0) continue;
    stats.matchedRows++;
    for (const m of r.matches) {
      stats.matches++;
      stats.byStrength[m.strength]++;
      addCount(stats.byList, m.list);
      entryOf(stats.byListStrength, m.list, noStrengths)[m.strength]++;
      if (m.programs.length > 0) {
        const programs = entryOf(stats.byProgram, m.list, (): Record<string, number> => ({}));
        for (const p of m.programs) addCount(programs, p);
      }
      stats.histogram[binOf(m.score)]!++;
      const query = queries[i] ?? '';
      offerTop(stats.top, { external_id: r.external_id, query, match: m });
      if (isReviewStrength(m.strength)) {
        offerForReview(stats.needsReview, m.strength, { external_id: r.external_id, query, match: m, row });
      }
    }
  }
  return stats;
}

/** Folds `more` into `into` (both may come from different workers or an earlier, interrupted run). */
export function mergeStats(into: BatchStats, more: BatchStats): BatchStats {
  into.rows += more.rows;
  into.matchedRows += more.matchedRows;
  into.errors += more.errors;
  // `?? …`: stats from a checkpoint written before these were counted.
  into.warningRows += more.warningRows ?? 0;
  for (const r of more.unscreened ?? []) note(into.unscreened, r);
  for (const r of more.warned ?? []) note(into.warned, r);
  into.removedRows += more.removedRows;
  into.suppressedMatches += more.suppressedMatches ?? 0;
  into.suppressedRows += more.suppressedRows ?? 0;
  into.queuedItems += more.queuedItems ?? 0;
  into.queuedMatches += more.queuedMatches ?? 0;
  into.matches += more.matches;
  for (const s of Object.keys(more.byStrength) as MatchStrength[]) into.byStrength[s] += more.byStrength[s];
  for (const [list, n] of Object.entries(more.byList)) addCount(into.byList, list, n);
  for (const [list, counts] of Object.entries(more.byListStrength ?? {})) {
    const to = entryOf(into.byListStrength, list, noStrengths);
    for (const s of Object.keys(counts) as MatchStrength[]) to[s] += counts[s];
  }
  for (const [list, counts] of Object.entries(more.byProgram ?? {})) {
    const to = entryOf(into.byProgram, list, (): Record<string, number> => ({}));
    for (const [program, n] of Object.entries(counts)) addCount(to, program, n);
  }
  for (const [risk, n] of Object.entries(more.byRisk) as [RiskLevel, number][]) {
    into.byRisk[risk] = (into.byRisk[risk] ?? 0) + n;
  }
  more.histogram.forEach((n, i) => (into.histogram[i] = (into.histogram[i] ?? 0) + n));
  for (const t of more.top) offerTop(into.top, t);
  mergeNeedsReview(into.needsReview, more.needsReview);
  return into;
}
