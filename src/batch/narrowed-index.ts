/**
 * The full EntityIndex with candidate retrieval narrowed to some entities (a delta run's added and
 * changed ones), through the index's candidate mask. Why not a small index of just those
 * entities: a NameIndex weighs tokens by their IDF over the names it holds, so a small index scores
 * differently — measured on the OFAC SDN 2023-12 → 2024-05 delta, it missed 26 of the 465 matches a
 * full run finds and added 59. Narrowing the full index keeps every score identical to a full run's:
 * a delta run reports every match a full run makes to those entities (plus the few a full run's
 * top-`limit` cut hides behind other entities), and scores nothing else. It scores only queries
 * whose full-index candidates include a kept name (keptAmongFullCandidates), as a full run would.
 * A worker given the lists' index snapshot restores it narrowed already (restoreNarrowedIndex), and
 * never prepares the names it would not meet.
 */
import { entityKey, scopeOf, type EntityIndex, type PreparedQuery } from '../screening/index.js';

export { entityKey };

/**
 * A view of `full` whose searches only ever see the entities in `keep` ("list:entity_id").
 *
 * @example narrowIndex(index, new Set(['ofac-sdn:48612']))
 */
export function narrowIndex(full: EntityIndex, keep: ReadonlySet<string>): EntityIndex {
  const mask = new Uint8Array(full.slots.length);
  full.slots.forEach((slot, i) => {
    const e = full.entities[slot.entity]!.entity;
    if (keep.has(entityKey(e.list, e.entity_id))) mask[i] = 1;
  });
  return { ...full, keep: mask };
}

/**
 * Whether a full run could match the query to a kept entity: one of the kept names is among the
 * query's candidates in the whole index (a full run scores nothing else). When none is, the narrowed
 * search is skipped: no match a full run finds is lost, and the names that only a narrowed candidate
 * list would surface are not scored. Measured on the bench delta (300 added SDN entries, 100,000
 * rows): 53 % of the rows have kept names among their narrowed candidates, 6 % among their full ones.
 *
 * @example if (keptAmongFullCandidates(narrowed, q)) hits = searchEntities(narrowed, q, { cfg })
 */
export function keptAmongFullCandidates(index: EntityIndex, q: PreparedQuery): boolean {
  const keep = index.keep;
  if (keep === undefined) return true;
  const candidates = index.names.candidates(q.name, { ...scopeOf(index, q.subject), keep: undefined });
  for (let i = 0; i < candidates.length; i++) if (keep[candidates[i]!] === 1) return true;
  return false;
}
