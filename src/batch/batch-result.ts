/**
 * The shapes of the batch output (DESIGN.md §5): one result per input row — its matches, highest
 * score first, or why it could not be screened. Every sink writes these; the report reads them.
 */
import type { EntityType } from '../model/entity.js';
import type { MatchStrength, RiskLevel } from '../model/risk.js';

/** Which query token met which list token, by which signal (the match's explanation). */
export interface BatchAlignment {
  readonly query: string;
  readonly list: string;
  readonly signal: string;
  readonly similarity: number;
}

/** A secondary field that moved the score (birthDateConflict −0.2, …). */
export interface BatchFeature {
  readonly name: string;
  readonly result: string;
  readonly adjustment: number;
}

export interface BatchMatch {
  readonly list: string;
  /** The source list's own identifier, as a string. */
  readonly entity_id: string;
  readonly entity_type: EntityType;
  /** The entity's primary name. */
  readonly name: string;
  /** The list spelling that matched (primary name, alias, or a listed address). */
  readonly matched_name: string;
  /** PRIMARY, AKA, FKA, LOW_QUALITY_AKA, NATIVE_AKA, or ADDRESS for a wallet row. */
  readonly matched_name_type: string;
  readonly score: number;
  readonly strength: MatchStrength;
  readonly categories: readonly string[];
  readonly programs: readonly string[];
  readonly alignments: readonly BatchAlignment[];
  readonly features: readonly BatchFeature[];
}

/**
 * A match the client decided was a false positive for this customer (a suppression, issue #30),
 * with the decision that suppressed it: reported apart, counted in neither the row's risk_level
 * nor the run's matches.
 */
export interface SuppressedMatch extends BatchMatch {
  readonly suppressed_by: string;
}

/**
 * A match an earlier run reported that this delta run withdraws: the entity left its list
 * (`removed`), or it changed and no longer matches (`no_longer_matches`).
 */
export interface RemovedMatch {
  readonly list: string;
  readonly entity_id: string;
  readonly reason: 'removed' | 'no_longer_matches';
}

export interface ScreenedRow {
  readonly external_id: string;
  readonly risk_level: RiskLevel;
  readonly matches: readonly BatchMatch[];
  /** Only in runs for a client (`--client`), only on rows with a suppressed match. */
  readonly suppressed_matches?: readonly SuppressedMatch[];
  /** Only in delta runs, only on rows an earlier run matched to a removed or changed entity. */
  readonly removed_matches?: readonly RemovedMatch[];
  /**
   * Only on rows screened without a secondary field that could not be read (a two-letter
   * nationality, an impossible date): which, and why. The name was screened.
   */
  readonly warnings?: readonly string[];
}

export interface ErrorRow {
  readonly external_id: string | null;
  readonly error: string;
}

export type RowResult = ScreenedRow | ErrorRow;

export function isErrorRow(result: RowResult): result is ErrorRow {
  return 'error' in result;
}
