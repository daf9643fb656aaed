/**
 * The risk a match carries, by what the list is and how strong the match is. A table, so the
 * policy reads at a glance and changes in one place.
 */
import type { MatchStrength, RiskLevel } from '../model/risk.js';
import { highestRiskLevel } from '../model/risk.js';

const SANCTIONS: Readonly<Record<MatchStrength, RiskLevel>> = {
  EXACT: 'HIGH',
  STRONG: 'HIGH',
  MEDIUM: 'MEDIUM',
  WEAK: 'LOW',
};
// A PEP is not a prohibition: enhanced due diligence, not rejection.
const PEP: Readonly<Record<MatchStrength, RiskLevel>> = {
  EXACT: 'MEDIUM',
  STRONG: 'MEDIUM',
  MEDIUM: 'LOW',
  WEAK: 'LOW',
};

/** Risk by provider category; categories not listed are treated as sanctions. */
export const RISK_BY_CATEGORY: Readonly<Record<string, Readonly<Record<MatchStrength, RiskLevel>>>> = {
  Sanctions: SANCTIONS,
  Blacklist: SANCTIONS,
  PEP,
};

export function riskOfMatch(categories: readonly string[], strength: MatchStrength): RiskLevel {
  return highestRiskLevel(categories.map((c) => (RISK_BY_CATEGORY[c] ?? SANCTIONS)[strength]));
}

/** Risk at or above which a screening result rejects the subject (sets rejected_at and reasons). */
export const REJECTING_RISK: RiskLevel = 'HIGH';
