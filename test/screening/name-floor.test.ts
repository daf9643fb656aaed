import { beforeAll, expect, it } from 'vitest';
import { readOfacLegacyFolder } from '../../src/lists/read-source.js';
import type { Entity } from '../../src/model/entity.js';
import { PersonQuery } from '../../src/batch/portfolio-row.js';
import { IndividualQuery } from '../../src/model/screening.js';
import { DEFAULT_MATCH_CONFIG, namesEqual } from '../../src/names/index.js';
import {
  atLeast,
  buildEntityIndex,
  INDIVIDUAL_FEATURES,
  prepareIndividualQuery,
  scopeOf,
  searchEntities,
  type EntityIndex,
  type PreparedQuery,
} from '../../src/screening/index.js';
import { queryTraitsOf } from '../../src/screening/entity-traits.js';
import { scoreEntity } from '../../src/screening/score-entity.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const cfg = DEFAULT_MATCH_CONFIG;
/** A document number no OFAC entity lists. */
const UNLISTED_DOCUMENT = 'ZZ0000000017';
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Queries that meet the listed people's own secondary fields in every way the features tell apart:
 * the same date, the same year, a year a circa date allows, a day and month swapped, another decade,
 * the year alone (as a portfolio may give it: PersonQuery);
 * the listed gender and the other one; a listed nationality, another one, none; a listed document,
 * one no entity lists, none.
 */
function queriesOf(entities: readonly Entity[]): PreparedQuery[][] {
  return entities.map((e) => {
    const listed = e.birth_dates[0]?.date ?? '1970-03-04';
    const [y = 1970, m = 3, d = 4] = listed.split('-').map(Number);
    const dates = [
      `${y}-${pad(m || 3)}-${pad(d || 4)}`,
      `${y}-${pad(d && d <= 12 ? d : 1)}-${pad(m || 7)}`,
      `${y + 1}-01-01`,
      `${y - 2}-06-15`,
      `${y + 30}-12-31`,
      String(y),
      String(y + 30),
      null,
    ];
    const genders = ['MALE', 'FEMALE', null] as const;
    const countries = [e.nationalities[0] ?? 'IRN', 'NOR', null];
    const queries: PreparedQuery[] = [];
    for (const date of dates) {
      for (const gender of genders) {
        for (const country of countries) {
          const q = PersonQuery.parse({
            full_name: e.aliases[queries.length % Math.max(1, e.aliases.length)]?.name ?? e.name,
            date_of_birth: date,
            gender,
            citizenship: country,
            residence: country,
            place_of_birth: country,
            identification_number:
              queries.length % 7 === 0
                ? (e.documents[0]?.number ?? null)
                : queries.length % 7 === 3
                  ? UNLISTED_DOCUMENT
                  : null,
          });
          queries.push(prepareIndividualQuery(index, q));
        }
      }
    }
    return queries;
  });
}

let index: EntityIndex;
let people: Entity[];

describeWithDatasets('name floors from the secondary fields (real OFAC SDN individuals)', () => {
  beforeAll(() => {
    const entities = readOfacLegacyFolder(sharedPath('ofac', 'sdn_2023-12-28')).entities;
    index = buildEntityIndex(entities);
    // Every 15th listed person: dates with circa, ranges and bare years, several nationalities, documents.
    people = entities.filter((e) => e.type === 'individual').filter((_, i) => i % 15 === 0);
  });

  it('each feature adjusts a name score by what its outcome reports', () => {
    // One expect at the end: an expect per pair would take most of the test's time.
    const differing: string[] = [];
    const seen = new Set<string>();
    const sample = index.entities.filter((_, n) => n % 37 === 0);
    queriesOf(people.slice(0, 40)).forEach((queries, i) => {
      const own = index.entities[index.byReference.get(`ofac-sdn:${people[i]!.entity_id}`)!]!;
      for (const q of queries) {
        for (const e of [own, ...sample]) {
          for (const feature of INDIVIDUAL_FEATURES) {
            const outcome = feature.evaluate(q, e);
            const expected = outcome?.name === 'documentNumberEqual' ? Infinity : (outcome?.adjustment ?? 0);
            const actual = feature.adjustment(q, e);
            if (actual !== expected) differing.push(`${feature.name} of ${e.entity.entity_id}: ${actual}`);
            if (outcome !== null) seen.add(outcome.name);
          }
        }
      }
    });
    expect(differing).toEqual([]);
    // Every kind of outcome was met.
    expect([...seen].sort()).toEqual(
      [
        'birthDate',
        'birthDateConflict',
        'birthDateEqual',
        'birthYearEqual',
        'citizenship',
        'citizenshipConflict',
        'citizenshipEqual',
        'documentNumber',
        'documentNumberDiffers',
        'documentNumberEqual',
        'gender',
        'genderConflict',
        'genderEqual',
        'placeOfBirth',
        'placeOfBirthConflict',
        'placeOfBirthEqual',
        'residence',
        'residenceConflict',
        'residenceEqual',
      ].sort(),
    );
  });

  it("an entity's traits never promise less than its features add, and rule out conflicting years", () => {
    let ruledOut = 0;
    const promisedLess: string[] = [];
    for (const q of queriesOf(people.slice(0, 60)).flat()) {
      for (let n = 0; n < index.entities.length; n += 11) {
        const e = index.entities[n]!;
        const added = INDIVIDUAL_FEATURES.reduce((sum, f) => sum + f.adjustment(q, e), 0);
        // As the search reads them (a document counts only when listed) and as a sidecar keeps them.
        const most = index.traits.maxAdjustment(queryTraitsOf(q, index.traits), n);
        const kept = index.traits.maxAdjustment(queryTraitsOf(q), n);
        if (most < added) promisedLess.push(`${e.entity.entity_id} for ${q.birthDate}: ${most} < ${added}`);
        if (kept < most) promisedLess.push(`${e.entity.entity_id}: the sidecar's ${kept} < ${most}`);
        if (most < 0) ruledOut++;
      }
    }
    expect(promisedLess).toEqual([]);
    expect(ruledOut).toBeGreaterThan(10_000);
  });

  it('a document number lifts the bound of the entities with documents only when some entity lists it', () => {
    const e = people.find((p) => p.documents.length > 0)!;
    const n = index.byReference.get(`ofac-sdn:${e.entity_id}`)!;
    const query = (identification_number: string) =>
      prepareIndividualQuery(index, IndividualQuery.parse({ full_name: e.name, identification_number }));
    const listed = query(e.documents[0]!.number);
    const unlisted = query(UNLISTED_DOCUMENT);
    expect(index.traits.listsDocument(listed.documentNumber!)).toBe(true);
    expect(index.traits.listsDocument(unlisted.documentNumber!)).toBe(false);
    expect(index.traits.maxAdjustment(queryTraitsOf(listed, index.traits), n)).toBe(Infinity);
    expect(index.traits.maxAdjustment(queryTraitsOf(unlisted, index.traits), n)).toBe(0);
    // A sidecar keeps any submitted document: a later list may carry it.
    expect(index.traits.maxAdjustment(queryTraitsOf(unlisted), n)).toBe(Infinity);
  });

  it('the search finds what scoring every candidate name in full finds', () => {
    let hits = 0;
    for (const q of queriesOf(people).flat()) {
      const found = searchEntities(index, q, { cfg, limit: 100 });
      // Every candidate name scored in full, its entity's best name then judged with the features.
      const best = new Map<number, { slot: number; score: number }>();
      for (const slot of index.names.candidates(q.name, scopeOf(index, q.subject))) {
        const entity = index.slotEntities[slot]!;
        const score = index.names.score(q.name, slot, cfg);
        if (score > (best.get(entity)?.score ?? 0)) best.set(entity, { slot, score });
      }
      const expected = [...best]
        .map(([entity, { slot, score }]) => {
          const exact = score === 1 && namesEqual(q.name, index.names.nameAt(slot), cfg);
          return { entity, ...scoreEntity(q, index.entities[entity]!, score, exact, cfg) };
        })
        .filter((s) => atLeast(s.strength, 'WEAK'));
      const described = (list: readonly { entity: number; score: number }[]) =>
        list.map((h) => `${h.entity}:${h.score.toFixed(6)}`).sort();
      expect(described(found), q.name.tokens.join(' ')).toEqual(described(expected));
      hits += found.length;
    }
    expect(hits).toBeGreaterThan(1000);
  });
});
