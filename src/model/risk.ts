/**
 * Ordered vocabularies of risk. The spec shows only observed values (HIGH, SEVERE; EXACT); Warden
 * fixes full ordered sets so rules can compare them ("at least HIGH").
 */
import { z } from 'zod';
import { nameSchema } from './schema-names.js';

/** Lowest first; the index is the order. */
export const RISK_LEVELS = ['NONE', 'LOW', 'MEDIUM', 'HIGH', 'SEVERE'] as const;

export const RiskLevel = z
  .enum(RISK_LEVELS)
  .describe('NONE < LOW < MEDIUM < HIGH < SEVERE; SEVERE means a direct sanctions exposure or hit');
export type RiskLevel = z.infer<typeof RiskLevel>;
nameSchema(RiskLevel, 'RiskLevel');

/** Strongest first, as the spec lists EXACT first. */
export const MatchStrength = z
  .enum(['EXACT', 'STRONG', 'MEDIUM', 'WEAK'])
  .describe('EXACT: normalized names equal; STRONG, MEDIUM, WEAK: decreasing similarity buckets');
export type MatchStrength = z.infer<typeof MatchStrength>;
nameSchema(MatchStrength, 'MatchStrength');

/** Negative when `a` is the lower risk, 0 when equal, positive when higher. */
export function compareRiskLevels(a: RiskLevel, b: RiskLevel): number {
  return RISK_LEVELS.indexOf(a) - RISK_LEVELS.indexOf(b);
}

/**
 * The highest of some risk levels; NONE when there are none.
 *
 * @example highestRiskLevel(['LOW', 'HIGH', 'MEDIUM']) // 'HIGH'
 */
export function highestRiskLevel(levels: Iterable<RiskLevel>): RiskLevel {
  let highest: RiskLevel = 'NONE';
  for (const level of levels) if (compareRiskLevels(level, highest) > 0) highest = level;
  return highest;
}
