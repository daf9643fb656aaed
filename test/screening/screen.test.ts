import { describe, expect, it } from 'vitest';
import { IndividualQuery, OrganizationQuery } from '../../src/model/screening.js';
import { ScreeningResult } from '../../src/model/screening-result.js';
import type { EntityInput } from '../../src/model/entity.js';
import {
  buildBlacklistIndex,
  buildEntityIndex,
  screenIndividual,
  screenOrganization,
  screenSummary,
} from '../../src/screening/index.js';
import { anEntity, LISTED } from '../support/entities.js';

const EXTRA: Partial<EntityInput>[] = [
  { entity_id: '201', list: 'ofac-sdn', type: 'organization', name: 'ACME TRADING CORP', aliases: [] },
  {
    entity_id: '10391',
    list: 'ofac-sdn',
    type: 'organization',
    name: 'ISLAMIC REVOLUTIONARY GUARD CORPS',
    aliases: [],
  },
  {
    entity_id: 'QDe.088',
    list: 'un',
    type: 'organization',
    name: 'EASTERN TURKISTAN ISLAMIC MOVEMENT (ETIM)',
    aliases: [],
  },
  {
    entity_id: '300',
    list: 'uk-ofsi',
    name: 'PETROV, Oleg',
    aliases: [],
    gender: 'male',
    birth_dates: [{ date: '1980-05-01' }],
  },
];

const index = buildEntityIndex([...LISTED, ...EXTRA].map((e) => anEntity(e)));
let seq = 0;
const ctx = () => ({ now: Date.UTC(2026, 10, 22), newId: () => `id-${++seq}` });
const screen = (full_name: string, extra: Partial<IndividualQuery> = {}) =>
  screenIndividual(index, IndividualQuery.parse({ full_name, ...extra }), ctx());

describe('screenIndividual', () => {
  it.each([
    ['MADURO MOROS, Nicolas', '22790', 'EXACT'],
    ['Nicolas Maduro Moros', '22790', 'EXACT'],
    ['nicolás MADURO-MOROS', '22790', 'EXACT'],
    ['Abu Bakr al Baghdadi', 'QDi.299', 'EXACT'],
  ])('%s finds %s as %s', (name, entityId, strength) => {
    const best = screen(name).response[0];
    expect(best?.entityId).toBe(entityId);
    expect(best?.strength).toBe(strength);
  });

  it('returns the spec shape, with the request echoed and the match explained', () => {
    const result = screen('Nicolas Maduro', { date_of_birth: '1962-11-23', citizenship: 'VEN' });
    expect(ScreeningResult.safeParse(result).success).toBe(true);
    expect(result.coincidences).toBe(true);
    expect(result.request.names).toEqual([{ typeId: 'PRIMARY', value: 'Nicolas Maduro' }]);
    expect(result.request.secondaryFields).toContainEqual({ typeId: 'DATE_OF_BIRTH', value: '1962-11-23' });
    const match = result.response[0]!;
    expect(match.referenceId).toBe('ofac-sdn:22790');
    expect(match.providerCategory).toEqual(['Sanctions']);
    expect(match.keywordsExtended[0]?.name).toBe('VENEZUELA-EO13692');
    expect(match.dateOfBirth[0]?.pointInTimePrecision).toBe('DAY');
    expect(match.secondaryFieldResults).toContainEqual(
      expect.objectContaining({ typeId: 'DATE_OF_BIRTH', result: 'MATCHED' }),
    );
    const aligned = match.explanation!.alignments.map((a) => [a.queryToken, a.listToken]);
    expect(aligned).toContainEqual(['maduro', 'maduro']);
    expect(match.explanation!.unmatchedListTokens).toEqual(['moros']);
  });

  it('lowers a match whose date of birth conflicts, and raises one whose document number is equal', () => {
    const plain = screen('Nicolas Maduro').response[0]!;
    const conflicting = screen('Nicolas Maduro', { date_of_birth: '1990-01-01' }).response[0];
    const documented = screen('Nicolas Maduro', { identification_number: '5.892.464' }).response[0]!;
    expect(conflicting === undefined || conflicting.score < plain.score).toBe(true);
    expect(documented.score).toBe(1);
    expect(['STRONG', 'EXACT']).toContain(documented.strength);
    expect(documented.secondaryFieldResults).toContainEqual(
      expect.objectContaining({ typeId: 'IDENTIFICATION_NUMBER', result: 'MATCHED' }),
    );
  });

  it('takes an exact name with a conflicting gender down from EXACT', () => {
    const result = screen('Oleg Petrov', { gender: 'FEMALE' });
    expect(result.response[0]?.strength ?? null).not.toBe('EXACT');
  });

  it('rates sanctions matches HIGH with reasons, PEP matches MEDIUM, and no match NONE', () => {
    const sanctioned = screen('Nicolas Maduro Moros');
    expect(sanctioned.risk_level).toBe('HIGH');
    expect(sanctioned.rejection_reasons).toContain('22790');
    expect(sanctioned.rejected_at).not.toBeNull();
    const pep = screen('Jane Senator');
    expect(pep.response[0]?.providerCategory).toEqual(['PEP']);
    expect(pep.risk_level).toBe('MEDIUM');
    expect(pep.rejected_at).toBeNull();
    const clean = screen('Margaret Thatcherson');
    expect(clean).toMatchObject({ coincidences: false, risk_level: 'NONE', response: [] });
  });

  it('does not match individuals against organizations', () => {
    expect(screen('Bank Melli Iran').response).toEqual([]);
  });

  it('with nameTransposition false, reversed order scores lower', () => {
    const free = screen('Petrov Oleg').response[0]!;
    const ordered = screen('Petrov Oleg', { nameTransposition: false }).response[0];
    expect(ordered === undefined || ordered.score < free.score).toBe(true);
  });

  it('refuses a blank name at validation, naming the field', () => {
    const parsed = IndividualQuery.safeParse({ full_name: '   ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['full_name']);
  });

  it.each(['\u0000\u0001', '-- ..', 'x'.repeat(10_000), 'Владимир ولادیمیر 普京'])(
    'never throws on odd input %#',
    (name) => {
      const started = performance.now();
      const query = { ...IndividualQuery.parse({ full_name: 'placeholder' }), full_name: name };
      expect(() => screenIndividual(index, query, ctx())).not.toThrow();
      expect(performance.now() - started).toBeLessThan(1000);
    },
  );
});

describe('screenOrganization', () => {
  it('finds an organization and ignores legal forms alone', () => {
    const found = screenOrganization(
      index,
      OrganizationQuery.parse({ name: 'Bank Melli Iran', country: 'IRN' }),
      ctx(),
    );
    expect(found.response[0]?.entityId).toBe('200');
    const corp = screenOrganization(
      index,
      OrganizationQuery.parse({ name: 'Globex Corp', country: 'USA' }),
      ctx(),
    );
    expect(corp.response.map((m) => m.entityId)).not.toContain('201');
  });

  const screenOrg = (name: string) =>
    screenOrganization(index, OrganizationQuery.parse({ name, country: 'IRN' }), ctx()).response;

  it('finds an organization by the acronym of its listed name, as MEDIUM and said so', () => {
    const match = screenOrg('IRGC').find((m) => m.entityId === '10391');
    expect(match?.strength).toBe('MEDIUM');
    expect(match?.matchedTerm).toEqual([{ term: 'IRGC', type: 'ACRONYM' }]);
    expect(match?.explanation?.alignments.map((a) => a.signal)).toEqual(['ACRONYM']);
  });

  it('finds an organization by the acronym its name gives in brackets', () => {
    const match = screenOrg('ETIM').find((m) => m.entityId === 'QDe.088');
    expect(match?.strength).toBe('MEDIUM');
    expect(match?.matchedTerm).toEqual([{ term: 'ETIM', type: 'ACRONYM' }]);
  });

  it('meets an acronym only by being it', () => {
    for (const name of ['IRGC Navy', 'IRGD', 'Irgc Trading']) {
      expect(
        screenOrg(name).map((m) => m.entityId),
        name,
      ).not.toContain('10391');
    }
  });
});

describe('blacklist and summary', () => {
  const blacklist = buildBlacklistIndex([
    {
      id: 'bl-1',
      type: 'INDIVIDUAL',
      value: 'Johnny Fraudster',
      network: null,
      asset: null,
      reason: 'chargebacks',
      created_at: 1,
      updated_at: 1,
    },
  ]);

  it('reports the client blacklist in blacklistMatches', () => {
    const result = screenIndividual(index, IndividualQuery.parse({ full_name: 'FRAUDSTER, Johnny' }), {
      ...ctx(),
      blacklist,
    });
    expect(result.blacklistMatches).toEqual([expect.objectContaining({ id: 'bl-1', strength: 'EXACT' })]);
    expect(result.request.providerTypes).toContain('CLIENT_WATCHLIST');
    expect(result.coincidences).toBe(true);
  });

  it('summarises individuals and organizations in request order', () => {
    const summary = screenSummary(
      index,
      {
        entities: [
          {
            type: 'ORGANIZATION',
            ...OrganizationQuery.parse({ name: 'Bank Melli Iran', country: 'IRN' }),
            external_id: 'o1',
          },
          { type: 'INDIVIDUAL', ...IndividualQuery.parse({ full_name: 'Nobody Atall' }), external_id: 'p1' },
        ],
      },
      ctx(),
    );
    expect(summary.results.map((r) => [r.external_id, r.coincidences])).toEqual([
      ['o1', true],
      ['p1', false],
    ]);
  });
});
