/**
 * A secondary-field feature (STYLE.md §7): it observes one piece of evidence beside the name and
 * reports it the way World-Check does (MATCHED / NOT_MATCHED / UNKNOWN), with the adjustment it
 * makes to the name score. Features are qualifiers: they move a score, they never create one.
 */
import type { SecondaryFieldType } from '../../model/screening-result.js';
import type { IndexedEntity } from '../entity-index.js';
import type { PreparedQuery } from '../prepared-query.js';

export type FieldResult = 'MATCHED' | 'NOT_MATCHED' | 'UNKNOWN';

export interface FeatureOutcome {
  readonly field: SecondaryFieldType;
  readonly result: FieldResult;
  readonly submittedValue: string;
  readonly matchedValue: string | null;
  /** Added to the name score; negative is evidence against. */
  readonly adjustment: number;
  /** The feature's name, for explanations ("birthDateConflict"). */
  readonly name: string;
}

export interface Feature {
  readonly name: string;
  /** The most the feature can add to a name score for this query: 0 when the query lacks its field. */
  maxBoost(q: PreparedQuery): number;
  /** The outcome, or null when the query did not submit this field. */
  evaluate(q: PreparedQuery, e: IndexedEntity): FeatureOutcome | null;
  /**
   * What `evaluate`'s outcome adds to the name score (0 when the query lacks the field), without
   * building the outcome: the search sets each candidate entity's name floor from it before any of
   * its names is scored. +Infinity for evidence that lifts any name (an identical document number).
   */
  adjustment(q: PreparedQuery, e: IndexedEntity): number;
}

/** Weights of the secondary evidence, declared once with their reasons. */
export const FEATURE_WEIGHTS = {
  // A full date of birth that agrees is strong confirmation; a year alone is weaker.
  birthDateExact: 0.08,
  birthYear: 0.04,
  // A conflicting date of birth is the strongest evidence against a name match (DESIGN.md §4):
  // enough to take an EXACT name down to MEDIUM.
  birthDateConflict: -0.2,
  genderEqual: 0.02,
  genderConflict: -0.15,
  // People hold several nationalities and lists are incomplete: a mismatch counts little.
  nationalityEqual: 0.04,
  nationalityConflict: -0.05,
  residenceEqual: 0.02,
  residenceConflict: -0.02,
  placeOfBirthEqual: 0.03,
  placeOfBirthConflict: -0.05,
  countryEqual: 0.03,
  countryConflict: -0.03,
} as const;

export function outcome(
  name: string,
  field: SecondaryFieldType,
  result: FieldResult,
  submittedValue: string,
  matchedValue: string | null,
  adjustment: number,
): FeatureOutcome {
  return { name, field, result, submittedValue, matchedValue, adjustment };
}
