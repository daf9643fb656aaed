/**
 * From a name score and the secondary features to a match score and strength
 * (nomenklatura's logic-v2 shape: the best name feature, then qualifiers add or subtract).
 */
import type { MatchStrength } from '../model/risk.js';
import { strengthOf, type MatchConfig } from '../names/index.js';
import type { IndexedEntity } from './entity-index.js';
import {
  birthDate,
  citizenship,
  DOCUMENT_NUMBER_EQUAL,
  documentNumber,
  gender,
  organizationCountry,
  placeOfBirth,
  residence,
  type Feature,
  type FeatureOutcome,
} from './features/index.js';
import type { PreparedQuery } from './prepared-query.js';

export const INDIVIDUAL_FEATURES: readonly Feature[] = [
  documentNumber,
  birthDate,
  gender,
  citizenship,
  residence,
  placeOfBirth,
];
export const ORGANIZATION_FEATURES: readonly Feature[] = [documentNumber, organizationCountry];

/** The most any combination of features can add: names this far below WEAK cannot reach it. */
export const MAX_FEATURE_BOOST = 0.2;

/**
 * What the features can add for this query: the sum of what each submitted field can add, at most
 * MAX_FEATURE_BOOST (an identical document number lifts only names within that distance of WEAK).
 */
export function featureBoostOf(q: PreparedQuery): number {
  let boost = 0;
  for (const feature of q.subject === 'INDIVIDUAL' ? INDIVIDUAL_FEATURES : ORGANIZATION_FEATURES) {
    boost += feature.maxBoost(q);
  }
  return Math.min(boost, MAX_FEATURE_BOOST);
}

/**
 * The lowest name score with which entity `e` can still reach `threshold` (a strength's lowest
 * score) for this query, and never below `queryFloor` (threshold less featureBoostOf): scoreEntity
 * adds the features' adjustments to the name score, and they are known before any name is scored,
 * so the search skips (or bounds) every name below it. Exact: an exact name with no conflicting
 * feature scores 1, which this floor never exceeds; an identical document number (an adjustment of
 * +Infinity) leaves only `queryFloor`. Measured on the 1M-row bench: 1.55 names a row scored at or
 * above featureBoostOf's floor, nearly all then cancelled by a conflicting date of birth.
 */
export function nameFloorOf(
  q: PreparedQuery,
  e: IndexedEntity,
  threshold: number,
  queryFloor: number,
): number {
  let adjustment = 0;
  for (const feature of q.subject === 'INDIVIDUAL' ? INDIVIDUAL_FEATURES : ORGANIZATION_FEATURES) {
    adjustment += feature.adjustment(q, e);
  }
  return floorForAdjustment(threshold, queryFloor, adjustment);
}

/**
 * The lowest name score with which an entity whose features add at most `adjustment` still reaches
 * `threshold`, never below `queryFloor`. The search floors each candidate entity's names with it, and
 * a delta run's row gate with the same rule, so the gate never drops a row the search would keep.
 */
export const floorForAdjustment = (threshold: number, queryFloor: number, adjustment: number): number =>
  Math.max(queryFloor, threshold - adjustment);

export interface EntityScore {
  readonly score: number;
  readonly strength: MatchStrength | null;
  readonly features: FeatureOutcome[];
}

const STRENGTH_RANK: Readonly<Record<MatchStrength, number>> = { WEAK: 1, MEDIUM: 2, STRONG: 3, EXACT: 4 };

export function atLeast(strength: MatchStrength | null, floor: MatchStrength): boolean {
  return strength !== null && STRENGTH_RANK[strength] >= STRENGTH_RANK[floor];
}

/**
 * Combines the name evidence with the secondary fields.
 * EXACT needs an exact name and no evidence against it; an identical document number lifts the
 * match to the top (score 1, at least STRONG) whatever the spelling.
 */
export function scoreEntity(
  q: PreparedQuery,
  e: IndexedEntity,
  nameScore: number,
  exactName: boolean,
  cfg: MatchConfig,
): EntityScore {
  const features: FeatureOutcome[] = [];
  let adjustment = 0;
  let conflict = false;
  let documentEqual = false;
  for (const feature of q.subject === 'INDIVIDUAL' ? INDIVIDUAL_FEATURES : ORGANIZATION_FEATURES) {
    const result = feature.evaluate(q, e);
    if (result === null) continue;
    features.push(result);
    adjustment += result.adjustment;
    if (result.adjustment < 0) conflict = true;
    if (result.name === DOCUMENT_NUMBER_EQUAL) documentEqual = true;
  }
  if (documentEqual) {
    return { score: 1, strength: exactName && !conflict ? 'EXACT' : 'STRONG', features };
  }
  const score = Math.min(1, Math.max(0, nameScore + adjustment));
  if (exactName && !conflict) return { score: 1, strength: 'EXACT', features };
  // Positive evidence may confirm a fuzzy name, but only an exact name is EXACT.
  const strength = strengthOf(Math.min(score, 0.9999), false, cfg);
  return { score, strength, features };
}
