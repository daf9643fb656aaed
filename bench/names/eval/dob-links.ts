/**
 * OFAC↔UN and OFAC↔UK links by date of birth: OFAC's records carry no UN reference, so a person
 * is linked when both records give the same full date of birth, their names share at least two words,
 * their primary names are not wholly different (variant-kind.ts: IVANOV, Sergey Borisovich and
 * IVANOV, Sergey Pavlovich, both born 1952-04-19, are left apart), and neither record has another
 * such partner on the other list. Conservative on purpose, so that
 * links are true: the two shared words mean these pairs are never wholly different names (the UN↔UK
 * links, which need no name evidence, are where "different" aliases come from).
 */
import type { Entity } from '../../../src/model/entity.js';
import { variantKind } from '../variant-kind.js';
import { latinNames, nameKey } from './entity-names.js';
import type { EntityLink } from './links.js';
import type { ListKey } from './lists.js';

/** Words of 3+ letters: "al", "bin", initials are no evidence. */
const MIN_WORD = 3;
const MIN_SHARED_WORDS = 2;

function fullBirthDates(entity: Entity): string[] {
  return entity.birth_dates
    .filter((b) => !b.circa && b.until === null && /^\d{4}-\d{2}-\d{2}$/.test(b.date))
    .map((b) => b.date);
}

function wordsOf(entity: Entity): Set<string> {
  const words = latinNames(entity).flatMap((name) => nameKey(name).split(' '));
  return new Set(words.filter((w) => w.length >= MIN_WORD));
}

function sharedWords(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

/**
 * Links of OFAC individuals to individuals of `other` (UN or UK) by date of birth and name words.
 *
 * @example birthDateLinks(lists.ofac, lists.un, 'un')
 */
export function birthDateLinks(
  ofac: readonly Entity[],
  other: readonly Entity[],
  otherList: ListKey,
): EntityLink[] {
  const byDate = new Map<string, Entity[]>();
  for (const e of other) {
    if (e.type !== 'individual') continue;
    for (const date of new Set(fullBirthDates(e))) byDate.set(date, [...(byDate.get(date) ?? []), e]);
  }
  const words = new Map<Entity, Set<string>>();
  const wordsOfCached = (e: Entity): Set<string> => {
    let w = words.get(e);
    if (w === undefined) words.set(e, (w = wordsOf(e)));
    return w;
  };
  // Partners of each record on the other side: a link stands only where both sides have one.
  const ofacPartners = new Map<Entity, Entity[]>();
  const otherPartners = new Map<Entity, number>();
  for (const o of ofac) {
    if (o.type !== 'individual') continue;
    const found = new Set<Entity>();
    for (const date of new Set(fullBirthDates(o))) {
      for (const e of byDate.get(date) ?? []) {
        if (sharedWords(wordsOfCached(o), wordsOfCached(e)) < MIN_SHARED_WORDS) continue;
        if (variantKind(o.name, e.name, 'individual') !== 'different') found.add(e);
      }
    }
    if (found.size === 0) continue;
    ofacPartners.set(o, [...found]);
    for (const e of found) otherPartners.set(e, (otherPartners.get(e) ?? 0) + 1);
  }
  const links: EntityLink[] = [];
  for (const [o, found] of ofacPartners) {
    const e = found[0];
    if (found.length !== 1 || e === undefined || otherPartners.get(e) !== 1) continue;
    links.push({ a: { list: 'ofac', entity: o }, b: { list: otherList, entity: e }, evidence: 'birth-date' });
  }
  return links;
}
