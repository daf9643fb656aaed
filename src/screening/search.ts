/**
 * The matching hot path: candidates from the index, the best name of each candidate entity,
 * the secondary features for the plausible ones, ranked. Work per query is bounded by the
 * index's candidate budget, whatever the query.
 */
import type { MatchStrength } from '../model/risk.js';
import { explainLastScore, namesEqual, type AlignedPair, type MatchConfig } from '../names/index.js';
import { scopeOf, type EntityIndex } from './entity-index.js';
import type { FeatureOutcome } from './features/index.js';
import type { PreparedQuery } from './prepared-query.js';
import { atLeast, featureBoostOf, scoreEntity } from './score-entity.js';

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
  // A name below this cannot become a hit, whatever the query's secondary fields add.
  const nameFloor = thresholdOf(floor, cfg) - featureBoostOf(q);
  let entities = 0;
  for (let i = 0; i < candidates.length; i++) {
    const slot = candidates[i]!;
    const entity = index.slotEntities[slot]!;
    const score = index.names.score(q.name, slot, cfg, nameFloor);
    let at = 0;
    while (at < entities && bestEntity[at] !== entity) at++;
    if (at === entities) {
      if (entities === SCRATCH) continue;
      entities++;
      bestEntity[at] = entity;
      bestScore[at] = -1;
    }
    if (score > bestScore[at]!) {
      bestScore[at] = score;
      bestSlot[at] = slot;
      // Explained now, while its alignment is at hand: only names that can become hits, most of
      // which do (a better name of the same entity, or conflicting secondary fields, are rare).
      if (score > 0 && score >= nameFloor) {
        const listed = index.names.nameAt(slot);
        const exact = score === 1 && namesEqual(q.name, listed, cfg);
        bestPairs[at] = explainLastScore(q.name, listed, score, exact);
      } else bestPairs[at] = null;
    }
  }
  const hits: EntityHit[] = [];
  for (let at = 0; at < entities; at++) {
    const entity = bestEntity[at]!;
    const nameScore = bestScore[at]!;
    if (nameScore <= 0 || nameScore < nameFloor) continue;
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
