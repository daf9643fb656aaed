/**
 * Cross-list links: two records of different lists that are one person or organization. Their names
 * are real variant pairs written by different clerks, so a name of one record, screened against the
 * other list, should find the other record. UN↔UK links come from the UN reference the UK record
 * carries; OFAC↔UN/UK links from dob-links.ts.
 */
import type { Entity } from '../../../src/model/entity.js';
import type { ListKey } from './lists.js';
import { unReferenceOf } from './un-reference.js';

export interface LinkedEntity {
  readonly list: ListKey;
  readonly entity: Entity;
}

export interface EntityLink {
  readonly a: LinkedEntity;
  readonly b: LinkedEntity;
  readonly evidence: 'un-reference' | 'birth-date';
}

/** "<list>:<entity_id>" as the engine reports a hit (EntityIndex.byReference). */
export const referenceOf = (entity: Entity): string => `${entity.list}:${entity.entity_id}`;

/**
 * Every UK record that names a UN reference, linked to the UN record of that number (same type).
 *
 * @example unUkLinks(lists.un, lists.uk).length // ≈ 1,000
 */
export function unUkLinks(un: readonly Entity[], uk: readonly Entity[]): EntityLink[] {
  const byReference = new Map(un.map((e) => [e.entity_id, e]));
  const links: EntityLink[] = [];
  for (const ukEntity of uk) {
    const reference = unReferenceOf(ukEntity);
    const unEntity = reference === null ? undefined : byReference.get(reference);
    // A UK individual citing an entity's number (its organization) is not the same party.
    if (unEntity === undefined || unEntity.type !== ukEntity.type) continue;
    links.push({
      a: { list: 'un', entity: unEntity },
      b: { list: 'uk', entity: ukEntity },
      evidence: 'un-reference',
    });
  }
  return links;
}
