/**
 * The alias benchmark's data, prepared once: every positive query (an alias, its entity, the index
 * of its list's primary names, the retrieved candidate slots) and every negative query (a PEP name
 * and its candidates among all sanctioned individuals' names). Candidates do not depend on
 * MatchConfig, so accuracy.ts and calibrate.ts score the same candidate sets under any config.
 */
import { NameIndex, type NameIndexOptions } from '../../src/names/candidates.js';
import type { MatchConfig } from '../../src/names/config.js';
import { namesEqual, scoreNameValue } from '../../src/names/score.js';
import type { NameKind, PreparedName } from '../../src/names/types.js';
import { loadOfac, loadPepNames, loadUn, type ListedEntry } from './datasets.js';
import { variantKind, type VariantKind } from './variant-kind.js';

export interface BenchQuery {
  readonly group: string;
  readonly raw: string;
  readonly kind: NameKind;
  /** The entity the query should find (positives), or -1 (negatives). */
  readonly owner: number;
  readonly index: NameIndex;
  readonly query: PreparedName;
  readonly slots: Int32Array;
  /** The listed names of the owner (for printing misses). */
  readonly expected: string;
  /** How the alias relates to the primary name (positives); 'different' for negatives. */
  readonly variant: VariantKind;
}

export interface AliasBenchmark {
  readonly positives: readonly BenchQuery[];
  readonly negatives: readonly BenchQuery[];
  readonly lists: Readonly<Record<string, readonly ListedEntry[]>>;
}

function buildIndex(
  entries: readonly ListedEntry[],
  kind: NameKind,
  withAliases: boolean,
  options: NameIndexOptions,
): NameIndex {
  const index = new NameIndex(options);
  entries.forEach((e, owner) => {
    index.add(e.primary, kind, owner);
    if (withAliases) for (const alias of e.aliases) index.add(alias, kind, owner);
  });
  index.build();
  return index;
}

function query(
  group: string,
  index: NameIndex,
  raw: string,
  kind: NameKind,
  owner: number,
  expected: string,
): BenchQuery {
  const prepared = index.prepare(raw, kind);
  return {
    group,
    raw,
    kind,
    owner,
    index,
    query: prepared,
    slots: index.candidates(prepared).slice(),
    expected,
    variant: owner < 0 ? 'different' : variantKind(raw, expected, kind),
  };
}

/** Loads the lists and prepares every query with its candidates. */
export function loadAliasBenchmark(options: NameIndexOptions = {}): AliasBenchmark {
  const lists = { UN: loadUn(), OFAC: loadOfac() };
  const positives: BenchQuery[] = [];
  for (const [listName, entries] of Object.entries(lists)) {
    for (const kind of ['individual', 'organization'] as const) {
      const scope = entries.filter((e) => e.kind === kind);
      const index = buildIndex(scope, kind, false, options);
      scope.forEach((entry, owner) => {
        for (const alias of entry.aliases) {
          positives.push(query(`${listName} ${kind}`, index, alias, kind, owner, entry.primary));
        }
      });
    }
  }
  const individuals = [...lists.UN, ...lists.OFAC].filter((e) => e.kind === 'individual');
  const negativeIndex = buildIndex(individuals, 'individual', true, options);
  const negatives = loadPepNames().map((name) => query('PEP', negativeIndex, name, 'individual', -1, ''));
  return { positives, negatives, lists };
}

/** The best hit of a query under a config: score, exactness, and whether the expected owner is among the top ties. */
export interface BenchHit {
  readonly score: number;
  readonly exact: boolean;
  readonly found: boolean;
  readonly retrieved: boolean;
}

/** Scores a query's candidates (the index has already put its IDF into the token weights). */
export function runQuery(q: BenchQuery, cfg: MatchConfig): BenchHit {
  let best = 0;
  let exact = false;
  let found = false;
  let retrieved = false;
  for (const slot of q.slots) {
    const c = q.index.nameAt(slot);
    const owner = q.index.ownerOf(slot);
    if (owner === q.owner) retrieved = true;
    const s = scoreNameValue(q.query, c, cfg);
    if (s > best + 1e-12) {
      best = s;
      exact = s === 1 && namesEqual(q.query, c, cfg);
      found = owner === q.owner;
    } else if (s > 0 && s >= best - 1e-12 && owner === q.owner) found = true;
  }
  return { score: best, exact, found, retrieved };
}
