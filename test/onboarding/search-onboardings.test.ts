import { beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingSearchInput } from '../../src/onboarding/index.js';
import {
  aCreateOnboardingRequest,
  aDataCompany,
  aDataIndividual,
  aNewIdentity,
  aParty,
} from '../support/factories.js';
import { CLIENT_A, CLIENT_B, anOnboardingHarness } from '../support/onboarding-harness.js';

/**
 * Five onboardings, created in this order (so listed newest first: 5, 4, 3, 2, 1):
 * 1 Valentina Ríos Castaño (COL id 1037612345, APPROVED, /signup/personal)
 * 2 Ana María Gómez Ruiz (ESP passport AB-123456, declared PEP → PENDING_REVIEW, /signup/partner)
 * 3 Mariana Torres (MEX id X9.876.543, second flow) — the near miss for first name "ana"
 * 4 Tacos del Norte (company, second flow, register N-2011012345, tax TNO110315AB1)
 * 5 Andes Logistics (company, a sanctioned final beneficiary → REJECTED)
 */
const h = anOnboardingHarness();
const flows: string[] = [];

beforeAll(async () => {
  flows.push((await h.aFlow())._id, (await h.aFlow({ name: 'Partners' }))._id);
  const [first, second] = flows as [string, string];
  const create = h.service.createOnboarding.bind(h.service, CLIENT_A);
  await create({ ...aCreateOnboardingRequest(), flow: first });
  await create({
    flow: first,
    data: {
      type: 'INDIVIDUAL',
      data_individual: aDataIndividual({
        name: 'Ana María Gómez Ruiz',
        email: 'amgomez@example.es',
        is_pep: true,
      }),
    },
    identity: aNewIdentity({
      document_type: 'PASSPORT',
      document_number: 'AB-123456',
      issue_country_iso3: 'ESP',
      first_name: 'Ana María',
      last_name: 'Gómez Ruiz',
      personal_number: null,
    }),
    metadata: { url_path: '/signup/partner', is_fullpage: 'true' },
  });
  await create({
    flow: second,
    data: {
      type: 'INDIVIDUAL',
      data_individual: aDataIndividual({ name: 'Mariana Torres', email: 'mtorres@example.mx' }),
    },
    identity: aNewIdentity({
      document_number: 'X9.876.543',
      issue_country_iso3: 'MEX',
      first_name: 'Mariana',
      last_name: 'Torres',
      personal_number: 'TOMA900101',
    }),
  });
  await create({ flow: second, data: { type: 'COMPANY', data_company: aDataCompany() } });
  await create({
    flow: first,
    data: {
      type: 'COMPANY',
      data_company: aDataCompany({
        name: 'Andes Logistics SAS',
        country_constitution: 'COL',
        register_number: '900123456-7',
        tax_number: null,
        tax_residence_country_code: null,
        email: 'ops@andeslogistics.co',
        final_beneficiaries: [aParty({ id: 'party_fb', full_name: 'Juan Perez', email: 'jp@example.com' })],
      }),
    },
  });
});

const ids = (...n: number[]) => n.map((i) => `onboarding_${i}`);

describe('searchOnboardings', () => {
  it.each<[string, (flowIds: string[]) => OnboardingSearchInput, string[]]>([
    ['no filter: everything, newest first', () => ({}), ids(5, 4, 3, 2, 1)],
    ['flow', (f) => ({ flow: f[1] }), ids(4, 3)],
    ['documentNumber, exact', () => ({ documentNumber: '1037612345' }), ids(1)],
    ['documentNumber, punctuation and case ignored', () => ({ documentNumber: 'ab123456' }), ids(2)],
    ['documentNumber, written differently', () => ({ documentNumber: 'x9876543' }), ids(3)],
    ['documentNumber, a company register number', () => ({ documentNumber: 'N-2011012345' }), ids(4)],
    ['documentNumber, a company tax number', () => ({ documentNumber: 'TNO110315AB1' }), ids(4)],
    ['documentNumber, a prefix is not enough', () => ({ documentNumber: '10376' }), []],
    ['issueCountryIso3', () => ({ issueCountryIso3: 'esp' }), ids(2)],
    ['issueCountryIso3, a company country', () => ({ issueCountryIso3: 'MEX' }), ids(4, 3)],
    [
      'documentNumber with its country',
      () => ({ documentNumber: '1037612345', issueCountryIso3: 'COL' }),
      ids(1),
    ],
    [
      'documentNumber with another country',
      () => ({ documentNumber: '1037612345', issueCountryIso3: 'MEX' }),
      [],
    ],
    ['status', () => ({ status: 'PENDING_REVIEW' }), ids(2)],
    ['status REJECTED', () => ({ status: 'REJECTED' }), ids(5)],
    ['search, a name without accents', () => ({ search: 'rios' }), ids(1)],
    ['search, several words in any field', () => ({ search: 'VALENTINA castaño' }), ids(1)],
    ['search, an email', () => ({ search: 'finanzas@tacos' }), ids(4)],
    ['search, a party name', () => ({ search: 'juan perez' }), ids(5)],
    ['search, a party email', () => ({ search: 'rsalazar@' }), ids(5, 4)],
    ['search, a register number without punctuation', () => ({ search: '9001234567' }), ids(5)],
    ['search, a document number fragment', () => ({ search: '876.54' }), ids(3)],
    ['search, a word found nowhere', () => ({ search: 'valentina zzz' }), []],
    ['fullname, substring', () => ({ fullname: 'rios cast' }), ids(1)],
    ['fullname, a company', () => ({ fullname: 'TACOS DEL NORTE' }), ids(4)],
    ['fullname, words out of order do not match', () => ({ fullname: 'castaño valentina' }), []],
    ['firstName, a whole word', () => ({ firstName: 'ana' }), ids(2)],
    ['firstName, the whole field', () => ({ firstName: 'ANA MARIA' }), ids(2)],
    ['firstName, part of a word is not enough', () => ({ firstName: 'mari' }), []],
    ['lastName, one of the surnames', () => ({ lastName: 'Gomez' }), ids(2)],
    ['lastName, accents ignored', () => ({ lastName: 'CASTANO' }), ids(1)],
    ['personalNumber', () => ({ personalNumber: 'toma900101' }), ids(3)],
    ['metadata, JSON text', () => ({ metadata: '{"url_path":"/signup/personal"}' }), ids(1)],
    [
      'metadata, URL-encoded JSON with a boolean',
      () => ({ metadata: encodeURIComponent('{"url_path":"/signup/partner","is_fullpage":true}') }),
      ids(2),
    ],
    ['metadata, an object', () => ({ metadata: { is_fullpage: 'true' } }), ids(2, 1)],
    ['metadata, one value differs', () => ({ metadata: { is_fullpage: 'true', url_path: '/x' } }), []],
    ['metadata, a value differs in case', () => ({ metadata: { url_path: '/SIGNUP/personal' } }), []],
    ['filters combine', (f) => ({ flow: f[0], status: 'APPROVED' }), ids(1)],
    ['skip and limit', () => ({ skip: '1', limit: '2' }), ids(4, 3)],
  ])('%s', async (_case, query, expected) => {
    const page = await h.service.searchOnboardings(CLIENT_A, query(flows));
    expect(page.items.map((r) => r._id)).toEqual(expected);
  });

  it('counts every match in total and echoes skip and limit', async () => {
    expect(await h.service.searchOnboardings(CLIENT_A, { skip: 4, limit: 10 })).toMatchObject({
      total: 5,
      skip: 4,
      limit: 10,
      items: [{ _id: 'onboarding_1' }],
    });
    expect(await h.service.searchOnboardings(CLIENT_A, {})).toMatchObject({ skip: 0, limit: 20 });
  });

  it('sees only the calling client’s onboardings', async () => {
    expect(await h.service.searchOnboardings(CLIENT_B, {})).toEqual({
      items: [],
      total: 0,
      skip: 0,
      limit: 20,
    });
  });

  it('answers RESOURCE_NOT_FOUND for a flow the client does not have', async () => {
    await expect(h.service.searchOnboardings(CLIENT_A, { flow: 'flow_404' })).rejects.toThrow(
      expect.objectContaining({ code: 'RESOURCE_NOT_FOUND', path: ['flow'] }),
    );
    await expect(h.service.searchOnboardings(CLIENT_B, { flow: flows[0] })).rejects.toThrow(
      expect.objectContaining({ code: 'RESOURCE_NOT_FOUND' }),
    );
  });

  it.each([
    [{ limit: 101 }, ['limit']],
    [{ metadata: '{broken' }, ['metadata']],
    [{ status: 'DONE' }, ['status']],
  ])('refuses %j with a VALIDATION_ERROR', async (query, path) => {
    await expect(h.service.searchOnboardings(CLIENT_A, query as OnboardingSearchInput)).rejects.toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', path }),
    );
  });
});

describe('getEntityByDocument', () => {
  it.each([
    [{ documentNumber: '1037612345', issueCountryIso3: 'COL' }, 'onboarding_1'],
    [{ documentNumber: 'AB 123456', issueCountryIso3: 'esp' }, 'onboarding_2'],
    [{ documentNumber: '900123456-7', issueCountryIso3: 'COL' }, 'onboarding_5'],
  ])('finds %j', async (query, id) => {
    expect((await h.service.getEntityByDocument(CLIENT_A, query))._id).toBe(id);
  });

  it.each([
    [CLIENT_A, { documentNumber: '1037612345', issueCountryIso3: 'MEX' }],
    [CLIENT_B, { documentNumber: '1037612345', issueCountryIso3: 'COL' }],
  ])('answers RESOURCE_NOT_FOUND to %s for %j', async (client, query) => {
    await expect(h.service.getEntityByDocument(client, query)).rejects.toThrow(
      expect.objectContaining({ code: 'RESOURCE_NOT_FOUND' }),
    );
  });
});
