/**
 * A small, honest OnboardingScreening for tests, until the real engine is plugged in: it screens
 * against a table of listed names with a deliberately simple, documented rule, so each test can say
 * why a name matched. It is not the screening engine and is not a mock of it.
 *
 * Names are folded (case, diacritics, punctuation) into token sets, organizations minus a few legal
 * forms. Then, against each entry of the same kind:
 * - EXACT: the same token set;
 * - STRONG: one name's tokens all appear in the other, at least two of them ("Juan Perez" in "PEREZ, Juan Carlos");
 * - MEDIUM: at least two tokens shared;
 * - WEAK: one shared token of seven letters or more (a rare surname: "Kovalenko");
 * - no match when both sides give a birth date and the years differ (evidence against).
 * The strongest entry wins; on a tie, the first in the table. Every matching entry is reported too,
 * in that order, scored as the share of the larger token set the two names have in common; the
 * table has no programmes, list versions, secondary fields or explanations to give.
 */
import type {
  OnboardingScreening,
  PersonScreeningQuery,
  ScreeningOutcome,
} from '../../src/onboarding/index.js';
import { NO_MATCH } from '../../src/onboarding/index.js';
import type { OnboardingListMatch } from '../../src/model/onboarding-audit.js';
import type { MatchStrength } from '../../src/model/risk.js';

export interface ListedName {
  readonly kind: 'person' | 'organization';
  readonly name: string;
  readonly list: string;
  readonly entityId: string;
  readonly category: string;
  readonly birthDate?: string;
}

export const LISTED_NAMES: readonly ListedName[] = [
  {
    kind: 'person',
    name: 'PEREZ, Juan Carlos',
    list: 'OFAC SDN',
    entityId: '36',
    category: 'Sanctions',
    birthDate: '1961-02-11',
  },
  {
    kind: 'person',
    name: 'Viktor Anatolyevich BOUT',
    list: 'OFAC SDN',
    entityId: '9410',
    category: 'Sanctions',
  },
  {
    kind: 'person',
    name: 'Carlos Alberto RAMIREZ SOTO',
    list: 'UN Consolidated',
    entityId: 'QDi.401',
    category: 'Sanctions',
  },
  {
    kind: 'person',
    name: 'Ivan Petrovych KOVALENKO',
    list: 'UK OFSI',
    entityId: '14012',
    category: 'Sanctions',
  },
  {
    kind: 'person',
    name: 'MEJIA VELEZ, Gustavo Adolfo',
    list: 'Colombia PEP',
    entityId: 'PEP-0042',
    category: 'PEP',
  },
  {
    kind: 'organization',
    name: 'Oceanic Shell Trading LLC',
    list: 'OFAC SDN',
    entityId: '27311',
    category: 'Sanctions',
  },
];

const LEGAL_FORMS = new Set(['llc', 'ltd', 'inc', 'sa', 'cv', 's', 'a', 'c', 'v', 'de']);

function tokensOf(name: string, kind: ListedName['kind']): Set<string> {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const tokens = folded.split(/[^a-z0-9]+/).filter((t) => t !== '');
  return new Set(kind === 'organization' ? tokens.filter((t) => !LEGAL_FORMS.has(t)) : tokens);
}

function strengthOf(query: Set<string>, listed: Set<string>): MatchStrength | null {
  const shared = [...query].filter((t) => listed.has(t));
  if (shared.length === query.size && shared.length === listed.size) return 'EXACT';
  if (shared.length >= 2 && shared.length === Math.min(query.size, listed.size)) return 'STRONG';
  if (shared.length >= 2) return 'MEDIUM';
  if (shared.length === 1 && shared[0]!.length >= 7) return 'WEAK';
  return null;
}

function scoreOf(query: Set<string>, listed: Set<string>): number {
  return [...query].filter((t) => listed.has(t)).length / Math.max(query.size, listed.size);
}

const RANK: Readonly<Record<MatchStrength, number>> = { EXACT: 4, STRONG: 3, MEDIUM: 2, WEAK: 1 };

function screen(
  table: readonly ListedName[],
  kind: ListedName['kind'],
  name: string,
  birthDate?: string,
): ScreeningOutcome {
  const query = tokensOf(name, kind);
  const matches: OnboardingListMatch[] = [];
  for (const entry of table) {
    if (entry.kind !== kind) continue;
    if (birthDate && entry.birthDate && birthDate.slice(0, 4) !== entry.birthDate.slice(0, 4)) continue;
    const listed = tokensOf(entry.name, kind);
    const strength = strengthOf(query, listed);
    if (strength === null) continue;
    matches.push({
      list: entry.list,
      entity_id: entry.entityId,
      name: entry.name,
      strength,
      score: scoreOf(query, listed),
      categories: [entry.category],
      programs: [],
      list_version: null,
      secondary_fields: [],
      explanation: null,
    });
  }
  // A stable sort: on a tie, the first in the table.
  matches.sort((a, b) => RANK[b.strength] - RANK[a.strength]);
  const best = matches[0];
  if (best === undefined) return NO_MATCH;
  return {
    strength: best.strength,
    category: best.categories[0]!,
    matchedName: best.name,
    list: best.list,
    entityId: best.entity_id,
    matches,
  };
}

/** Screening over `table`; every query is also recorded, so a test can see what was asked. */
export function listedNamesScreening(table: readonly ListedName[] = LISTED_NAMES) {
  const queries: { kind: ListedName['kind']; name: string }[] = [];
  const screening: OnboardingScreening = {
    screenPerson(q: PersonScreeningQuery) {
      queries.push({ kind: 'person', name: q.full_name });
      return screen(table, 'person', q.full_name, q.birth_date);
    },
    screenOrganization(q) {
      queries.push({ kind: 'organization', name: q.name });
      return screen(table, 'organization', q.name);
    },
  };
  return { screening, queries };
}
