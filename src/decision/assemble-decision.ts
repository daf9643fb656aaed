/**
 * Fired rules → Decision. Shared by the compiled path and the json-rules-engine path, so the two can only
 * differ in which rules fired — which is exactly what the equivalence test compares.
 */
import type { Decision, DecisionFacts, DecisionReason, DecisionState } from '../model/decision.js';
import type { LoadedRule } from './load-rules.js';
import { renderReason } from './reason-template.js';

/**
 * Most severe wins. REJECTED blocks the payment; EVALUATION asks a compliance officer about the parties;
 * COMPLIANCE only asks the client to check its own limits, so a party-level concern outranks it.
 */
export const STATE_SEVERITY: Readonly<Record<DecisionState, number>> = {
  COMPLETED: 0,
  COMPLIANCE: 1,
  EVALUATION: 2,
  REJECTED: 3,
};

/** Orders reasons most severe first, then by rule-set order, and picks the state of the first. */
export function assembleDecision(
  ruleSetVersion: string,
  fired: readonly LoadedRule[],
  facts: DecisionFacts,
): Decision {
  const ordered = [...fired].sort(
    (a, b) => STATE_SEVERITY[b.outcome] - STATE_SEVERITY[a.outcome] || a.index - b.index,
  );
  const reasons: DecisionReason[] = ordered.map((rule) => ({
    ruleId: rule.ruleId,
    concern: rule.concern,
    outcome: rule.outcome,
    text: renderReason(rule.reason, facts),
  }));
  return {
    state: reasons[0]?.outcome ?? 'COMPLETED',
    reasons,
    reasonText: reasons.length === 0 ? null : reasons.map((r) => asSentence(r.text)).join(' '),
    ruleSetVersion,
  };
}

function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
