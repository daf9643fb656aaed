/**
 * Screens each query with the real engine (screenIndividual / screenOrganization over an
 * EntityIndex, default MatchConfig, top 10) and records what a reviewer would see: the top hit,
 * whether it is the target, its strength and score.
 */
import type { Entity } from '../../../src/model/entity.js';
import type { MatchStrength } from '../../../src/model/risk.js';
import type { ScreeningMatch } from '../../../src/model/screening-result.js';
import {
  buildEntityIndex,
  companyQuery,
  personQuery,
  screenIndividual,
  screenOrganization,
  type EntityIndex,
} from '../../../src/screening/index.js';
import type { EvalLists, ListKey } from './lists.js';
import { withoutNativeNames } from './native-scripts.js';
import type { EvalQuery } from './queries.js';

/** Positives meet their target's list without native names; negatives meet everything, as deployed. */
export interface EvalIndexes {
  readonly byList: Readonly<Record<ListKey, EntityIndex>>;
  readonly all: EntityIndex;
}

export interface EvalOutcome {
  readonly query: EvalQuery;
  /** Reference ("<list>:<id>") and name of the top hit; null without a hit at WEAK or above. */
  readonly top: string | null;
  readonly topName: string | null;
  readonly topStrength: MatchStrength | null;
  /** Score of the top hit, the best of any hit (0 without one). */
  readonly topScore: number;
  /** The target is the top hit, or tied with it (several records may share a name). */
  readonly targetTop: boolean;
  /** The target is among the ≤ 10 hits, at any strength. */
  readonly targetInTop10: boolean;
}

export function buildEvalIndexes(lists: EvalLists): EvalIndexes {
  const stripped = (entities: readonly Entity[]): EntityIndex =>
    buildEntityIndex(entities.map(withoutNativeNames));
  return {
    byList: { ofac: stripped(lists.ofac), un: stripped(lists.un), uk: stripped(lists.uk) },
    all: buildEntityIndex([...lists.ofac, ...lists.un, ...lists.uk]),
  };
}

// The clock and ids only stamp the response; the matching does not read them.
const CONTEXT = { now: 0, newId: (): string => '' };

function matchesOf(q: EvalQuery, index: EntityIndex): ScreeningMatch[] {
  return q.subject === 'INDIVIDUAL'
    ? screenIndividual(index, personQuery({ full_name: q.name }), CONTEXT).response
    : screenOrganization(index, companyQuery({ name: q.name }), CONTEXT).response;
}

export function screenQuery(q: EvalQuery, indexes: EvalIndexes): EvalOutcome {
  const index = q.against === 'all' ? indexes.all : indexes.byList[q.against];
  const matches = matchesOf(q, index);
  const top = matches[0];
  const topScore = top?.score ?? 0;
  // Scores come rounded to 3 decimals: equal ones are ties.
  const targetTop = matches.some((m) => m.referenceId === q.target && m.score >= topScore);
  return {
    query: q,
    top: top?.referenceId ?? null,
    topName: top?.name ?? null,
    topStrength: top?.strength ?? null,
    topScore,
    targetTop,
    targetInTop10: matches.some((m) => m.referenceId === q.target),
  };
}
