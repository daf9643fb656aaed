/**
 * The labelled queries of the held-out evaluation, each with its class, its target and its side of
 * the split. Positives: a name of one record whose target is a linked record of another list
 * (variant / partial / different, by bench/names/variant-kind.ts against the target's names), or a
 * native-script name whose target is its own record stripped of native names. Negatives: faker and
 * PEP names (negatives.ts), screened against every list at once.
 */
import type { Entity } from '../../../src/model/entity.js';
import type { Subject } from '../../../src/screening/prepared-query.js';
import { variantKind, type VariantKind } from '../variant-kind.js';
import { birthDateLinks } from './dob-links.js';
import { latinNames, nameKey } from './entity-names.js';
import { referenceOf, unUkLinks, type EntityLink, type LinkedEntity } from './links.js';
import type { EvalLists, ListKey } from './lists.js';
import { nativeNames, scriptOfName } from './native-scripts.js';
import { fakerNegatives, pepNegatives } from './negatives.js';
import { clusterKeys, splitOf, type Split } from './split.js';

export type EvalClass = VariantKind | 'native-script' | 'negative';
export const POSITIVE_CLASSES: readonly EvalClass[] = ['variant', 'partial', 'different', 'native-script'];

export interface EvalQuery {
  readonly name: string;
  readonly subject: Subject;
  readonly kind: EvalClass;
  /** 'UN→UK', 'OFAC→UN', 'UK native', 'faker ru', 'PEP'… */
  readonly source: string;
  readonly script: string;
  /** The list screened: the target's (positives), every list (negatives). */
  readonly against: ListKey | 'all';
  /** "<list>:<entity_id>" of the record the query should find; null for negatives. */
  readonly target: string | null;
  /** The target's primary name, for printing misses. */
  readonly expected: string;
  /** The party (or negative) the split hashes. */
  readonly party: string;
  readonly split: Split;
}

export interface EvalQuerySet {
  readonly queries: readonly EvalQuery[];
  readonly links: { readonly unUk: number; readonly ofacUn: number; readonly ofacUk: number };
  /** Cross-list names equal to a name of the target up to case, punctuation and order: not queried. */
  readonly identical: number;
  readonly excludedPeps: readonly string[];
}

const LABEL: Readonly<Record<ListKey, string>> = { ofac: 'OFAC', un: 'UN', uk: 'UK' };
const FAKER_PER_LOCALE = 250;

const subjectOf = (e: Entity): Subject => (e.type === 'individual' ? 'INDIVIDUAL' : 'ORGANIZATION');

/** Every Latin-script name the engine indexes for the record, low-quality aliases included. */
const indexedLatinNames = (e: Entity): string[] => [
  e.name,
  ...e.aliases.filter((a) => a.script === null && a.kind !== 'native').map((a) => a.name),
];

const RANK: Readonly<Record<VariantKind, number>> = { variant: 0, partial: 1, different: 2 };

/** How the query relates to the nearest of the target's names. */
function kindAgainst(name: string, target: Entity): VariantKind {
  const kind = target.type === 'individual' ? 'individual' : 'organization';
  let best: VariantKind = 'different';
  for (const listed of indexedLatinNames(target)) {
    const k = variantKind(name, listed, kind);
    if (RANK[k] < RANK[best]) best = k;
    if (best === 'variant') break;
  }
  return best;
}

/** Builds every query from the lists (no screening). */
export function buildEvalQueries(lists: EvalLists): EvalQuerySet {
  const unUk = unUkLinks(lists.un, lists.uk);
  const ofacUn = birthDateLinks(lists.ofac, lists.un, 'un');
  const ofacUk = birthDateLinks(lists.ofac, lists.uk, 'uk');
  const links: EntityLink[] = [...unUk, ...ofacUn, ...ofacUk];
  const clusters = clusterKeys(links);
  const partyOf = (e: Entity): string => clusters.get(referenceOf(e)) ?? referenceOf(e);
  const queries: EvalQuery[] = [];
  const seen = new Set<string>();
  let identical = 0;

  const crossList = (from: LinkedEntity, to: LinkedEntity): void => {
    const targetKeys = new Set(indexedLatinNames(to.entity).map(nameKey));
    const target = referenceOf(to.entity);
    for (const name of latinNames(from.entity)) {
      const key = nameKey(name);
      if (key.length === 0 || seen.has(`${key}|${target}`)) continue;
      seen.add(`${key}|${target}`);
      if (targetKeys.has(key)) {
        identical++;
        continue;
      }
      const party = partyOf(to.entity);
      queries.push({
        name,
        subject: subjectOf(to.entity),
        kind: kindAgainst(name, to.entity),
        source: `${LABEL[from.list]}→${LABEL[to.list]}`,
        script: scriptOfName(name),
        against: to.list,
        target,
        expected: to.entity.name,
        party,
        split: splitOf(party),
      });
    }
  };
  for (const link of links) {
    crossList(link.a, link.b);
    crossList(link.b, link.a);
  }

  for (const list of ['ofac', 'un', 'uk'] as const) {
    // A native spelling given to two records of one list is no label: the UK gives Анатоль
    // Аляксандравiч СIВАК to SIVAK, Anatol and, by a slip, to LITVINA, Alena.
    const records = new Map<string, number>();
    for (const entity of lists[list])
      for (const n of nativeNames(entity)) records.set(n, (records.get(n) ?? 0) + 1);
    for (const entity of lists[list]) {
      const target = referenceOf(entity);
      const party = partyOf(entity);
      for (const name of nativeNames(entity)) {
        if (records.get(name) !== 1) continue;
        queries.push({
          name,
          subject: subjectOf(entity),
          kind: 'native-script',
          source: `${LABEL[list]} native`,
          script: scriptOfName(name),
          against: list,
          target,
          expected: entity.name,
          party,
          split: splitOf(party),
        });
      }
    }
  }

  const listed = [...lists.ofac, ...lists.un, ...lists.uk];
  const peps = pepNegatives(lists.pep, listed);
  for (const n of [...fakerNegatives(FAKER_PER_LOCALE), ...peps.negatives]) {
    queries.push({
      name: n.name,
      subject: 'INDIVIDUAL',
      kind: 'negative',
      source: n.source,
      script: scriptOfName(n.name),
      against: 'all',
      target: null,
      expected: '',
      party: n.key,
      split: splitOf(n.key),
    });
  }
  return {
    queries,
    links: { unUk: unUk.length, ofacUn: ofacUn.length, ofacUk: ofacUk.length },
    identical,
    excludedPeps: peps.excluded,
  };
}
