/**
 * The matching hot path: candidates from the index, the best name of each candidate entity,
 * the secondary features for the plausible ones, ranked. Work per query is bounded by the
 * index's candidate budget, whatever the query.
 */
import type { MatchStrength } from '../model/risk.js';
import {
  BOUND_SLACK,
  explainLastScore,
  isInformativeClass,
  namesEqual,
  type AlignedPair,
  type MatchConfig,
  type PreparedName,
} from '../names/index.js';
import { ACRONYM_SLOT, scopeOf, type EntityIndex } from './entity-index.js';
import { queryTraitsOf } from './entity-traits.js';
import type { FeatureOutcome } from './features/index.js';
import type { PreparedQuery } from './prepared-query.js';
import { atLeast, featureBoostOf, floorForAdjustment, nameFloorOf, scoreEntity } from './score-entity.js';

export interface EntityHit {
  /** Ordinal in `index.entities`. */
  readonly entity: number;
  /** The NameIndex slot of the name that scored best. */
  readonly slot: number;
  readonly nameScore: number;
  readonly score: number;
  readonly strength: MatchStrength;
  readonly features: FeatureOutcome[];
  /** Token alignment of the best name (built only for hits). */
  readonly pairs: AlignedPair[];
}

export interface SearchOptions {
  readonly cfg: MatchConfig;
  /** Most hits returned, best first. */
  readonly limit?: number;
  /** Weakest strength returned (default WEAK). */
  readonly minStrength?: MatchStrength;
}

/** The lowest score of a strength (EXACT: an exact name, score 1). */
function thresholdOf(strength: MatchStrength, cfg: MatchConfig): number {
  if (strength === 'EXACT') return 1;
  if (strength === 'STRONG') return cfg.strongThreshold;
  return strength === 'MEDIUM' ? cfg.mediumThreshold : cfg.weakThreshold;
}

// Per-query scratch: the best name of each candidate entity. A query meets ≤ maxCandidates names,
// so a linear scan of a few typed-array cells beats a Map (and allocates nothing).
const SCRATCH = 64;
const bestEntity = new Int32Array(SCRATCH);
const bestSlot = new Int32Array(SCRATCH);
const bestScore = new Float64Array(SCRATCH);
const nameFloor = new Float64Array(SCRATCH);
/** 1 once nameFloor holds the features' exact floor (0: the traits' lower one). */
const exactFloor = new Uint8Array(SCRATCH);
const bestPairs: (AlignedPair[] | null)[] = new Array<AlignedPair[] | null>(SCRATCH).fill(null);

export function searchEntities(index: EntityIndex, q: PreparedQuery, options: SearchOptions): EntityHit[] {
  if (!q.name.informative) return [];
  const cfg =
    options.cfg.nameTransposition === q.nameTransposition
      ? options.cfg
      : { ...options.cfg, nameTransposition: q.nameTransposition };
  // Individuals meet individuals, organizations the rest, before the index's candidate cut.
  const candidates = index.names.candidates(q.name, scopeOf(index, q.subject));
  const floor = options.minStrength ?? 'WEAK';
  const threshold = thresholdOf(floor, cfg);
  // A name below this cannot become a hit, whatever the query's secondary fields add.
  const queryFloor = threshold - featureBoostOf(q);
  const traits = queryTraitsOf(q, index.traits);
  // Most candidates fall to their bound, on their packed numbers alone.
  const bounds = index.names.scoreBounds(q.name, candidates, cfg);
  let entities = 0;
  for (let i = 0; i < candidates.length; i++) {
    const slot = candidates[i]!;
    const bound = bounds[i]!;
    if (bound < queryFloor - BOUND_SLACK) continue;
    const entity = index.slotEntities[slot]!;
    let at = 0;
    while (at < entities && bestEntity[at] !== entity) at++;
    if (at === entities) {
      if (entities === SCRATCH) continue;
      entities++;
      bestEntity[at] = entity;
      bestScore[at] = -1;
      // Below this, no name of the entity becomes a hit with the secondary fields it has: first
      // from its traits, then, for a name whose bound passes, from the features themselves.
      const most = index.traits.maxAdjustment(traits, entity);
      nameFloor[at] = floorForAdjustment(threshold, queryFloor, most) - BOUND_SLACK;
      exactFloor[at] = 0;
    }
    if (bound < nameFloor[at]!) continue;
    if (exactFloor[at] === 0) {
      exactFloor[at] = 1;
      nameFloor[at] = nameFloorOf(q, index.entities[entity]!, threshold, queryFloor) - BOUND_SLACK;
      if (bound < nameFloor[at]!) continue;
    }
    let score = index.names.score(q.name, slot, cfg);
    const acronym = score > 0 && index.slots[slot]!.alias === ACRONYM_SLOT;
    if (acronym) score = acronymScore(q.name, index.names.nameAt(slot), cfg);
    if (score > bestScore[at]!) {
      bestScore[at] = score;
      bestSlot[at] = slot;
      // Explained now, while its alignment is at hand: only names that can become hits, most of
      // which do (a better name of the same entity is rare).
      if (score > 0 && score >= nameFloor[at]!) {
        const listed = index.names.nameAt(slot);
        const exact = score === 1 && namesEqual(q.name, listed, cfg);
        bestPairs[at] = acronym
          ? [
              {
                query: listed.tokens[0]!,
                candidate: listed.tokens[0]!,
                signal: 'acronym',
                similarity: score,
                weight: 1,
              },
            ]
          : explainLastScore(q.name, listed, score, exact);
      } else bestPairs[at] = null;
    }
  }
  const hits: EntityHit[] = [];
  for (let at = 0; at < entities; at++) {
    const entity = bestEntity[at]!;
    const nameScore = bestScore[at]!;
    if (nameScore <= 0 || nameScore < nameFloor[at]!) continue;
    const slot = bestSlot[at]!;
    const listed = index.names.nameAt(slot);
    const exact = nameScore === 1 && namesEqual(q.name, listed, cfg);
    const scored = scoreEntity(q, index.entities[entity]!, nameScore, exact, cfg);
    const pairs = bestPairs[at] ?? [];
    bestPairs[at] = null;
    if (!atLeast(scored.strength, floor)) continue;
    hits.push({
      entity,
      slot,
      nameScore,
      score: scored.score,
      strength: scored.strength!,
      features: scored.features,
      pairs,
    });
  }
  hits.sort((a, b) => b.score - a.score || b.nameScore - a.nameScore);
  return hits.slice(0, options.limit ?? 10);
}

/**
 * A derived acronym (entity-index.ts) counts only for a query that is that acronym and nothing else
 * ("IRGC", not "IRGC Navy" nor a spelling near it), and then as acronymSimilarity: acronyms collide.
 */
function acronymScore(q: PreparedName, acronym: PreparedName, cfg: MatchConfig): number {
  let informative = -1;
  for (let i = 0; i < q.tokens.length; i++) {
    if (!isInformativeClass(q.classes[i]!)) continue;
    if (informative >= 0) return 0;
    informative = i;
  }
  return informative >= 0 && q.tokens[informative] === acronym.tokens[0] ? cfg.acronymSimilarity : 0;
}
