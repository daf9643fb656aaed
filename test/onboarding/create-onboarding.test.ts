import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { NewIdentity } from '../../src/model/identity.js';
import type { DataCompany } from '../../src/model/onboarding-data.js';
import { OnboardingRecord, type CreateOnboardingRequestInput } from '../../src/model/onboarding.js';
import { Identity } from '../../src/model/identity.js';
import { FlowInstance } from '../../src/model/flow.js';
import {
  aCreateOnboardingRequest,
  aDataCompany,
  aDataIndividual,
  aNewIdentity,
  aParty,
} from '../support/factories.js';
import { CLIENT_A, NOW, anOnboardingHarness } from '../support/onboarding-harness.js';

type Request = Omit<CreateOnboardingRequestInput, 'flow'>;

function anIndividual(
  name: string,
  identity: Partial<z.input<typeof NewIdentity>> = {},
  isPep = false,
): Request {
  return aCreateOnboardingRequest({
    data: { type: 'INDIVIDUAL', data_individual: aDataIndividual({ name, is_pep: isPep }) },
    identity: aNewIdentity(identity),
  });
}

function aCompany(overrides: Partial<z.input<typeof DataCompany>> = {}): Request {
  return { data: { type: 'COMPANY', data_company: aDataCompany(overrides) } };
}

const VALENTINA = 'Valentina Ríos Castaño';

describe('createOnboarding decides on the way in', () => {
  it.each<[string, Request, string, string | null]>([
    ['a clean individual', anIndividual(VALENTINA), 'APPROVED', null],
    [
      'an individual declared PEP',
      anIndividual(VALENTINA, {}, true),
      'PENDING_REVIEW',
      'Applicant Valentina Ríos Castaño is declared a politically exposed person.',
    ],
    [
      'an individual on a PEP list',
      anIndividual('Gustavo Adolfo Mejía Vélez'),
      'PENDING_REVIEW',
      'Applicant Gustavo Adolfo Mejía Vélez matches Colombia PEP entry PEP-0042 "MEJIA VELEZ, Gustavo Adolfo" (PEP, EXACT).',
    ],
    [
      'a possible sanctions match (MEDIUM)',
      anIndividual('Carlos Ramírez López'),
      'PENDING_REVIEW',
      'Applicant Carlos Ramírez López matches UN Consolidated entry QDi.401 "Carlos Alberto RAMIREZ SOTO" (Sanctions, MEDIUM).',
    ],
    [
      'a weak sanctions match',
      anIndividual('Dmitri Kovalenko'),
      'PENDING_REVIEW',
      'Applicant Dmitri Kovalenko matches UK OFSI entry 14012 "Ivan Petrovych KOVALENKO" (Sanctions, WEAK).',
    ],
    [
      'an exact sanctions match of the individual',
      anIndividual('Viktor Anatolyevich Bout'),
      'REJECTED',
      'Applicant Viktor Anatolyevich Bout matches OFAC SDN entry 9410 "Viktor Anatolyevich BOUT" (Sanctions, EXACT).',
    ],
    [
      'an individual under the age threshold',
      anIndividual(VALENTINA, { birth_date: '2009-06-15' }),
      'PENDING_REVIEW',
      "Applicant Valentina Ríos Castaño is 16, under the flow's age threshold of 18.",
    ],
    [
      'an individual turning 18 today',
      anIndividual(VALENTINA, { birth_date: '2008-05-01' }),
      'APPROVED',
      null,
    ],
    [
      'an expired identity document',
      anIndividual(VALENTINA, { expiry_date: '2026-04-30' }),
      'PENDING_REVIEW',
      'Applicant Valentina Ríos Castaño presents identity document 1037612345, which expired on 2026-04-30.',
    ],
    ['a document expiring today', anIndividual(VALENTINA, { expiry_date: '2026-05-01' }), 'APPROVED', null],
    ['a clean company', aCompany(), 'APPROVED', null],
    [
      'a company on a sanctions list',
      aCompany({ name: 'Oceanic Shell Trading S.A.' }),
      'REJECTED',
      'Company Oceanic Shell Trading S.A. matches OFAC SDN entry 27311 "Oceanic Shell Trading LLC" (Sanctions, EXACT).',
    ],
    [
      'a final beneficiary strongly matching a sanctions entry',
      aCompany({ final_beneficiaries: [aParty({ id: 'party_fb', full_name: 'Juan Perez' })] }),
      'REJECTED',
      'Final beneficiary Juan Perez matches OFAC SDN entry 36 "PEREZ, Juan Carlos" (Sanctions, STRONG).',
    ],
    [
      'a legal representative declared PEP',
      aCompany({ legal_representatives: [aParty({ id: 'party_lr', is_pep: true })] }),
      'PENDING_REVIEW',
      'Legal representative Rodrigo Salazar Vega is declared a politically exposed person.',
    ],
    [
      'a cash controller possibly matching',
      aCompany({ cash_controllers: [aParty({ id: 'party_cc', full_name: 'Carlos Ramirez Lopez' })] }),
      'PENDING_REVIEW',
      'Cash controller Carlos Ramirez Lopez matches UN Consolidated entry QDi.401 "Carlos Alberto RAMIREZ SOTO" (Sanctions, MEDIUM).',
    ],
    [
      'a party with no name to screen',
      aCompany({
        cash_controllers: [aParty({ id: 'party_cc', full_name: null, document_data: null, is_pep: false })],
      }),
      'PENDING_REVIEW',
      'Cash controller party_cc has no name to screen; give full_name or a document_data.identity_id.',
    ],
    [
      'a rejection and a review finding, the rejection named first',
      aCompany({
        final_beneficiaries: [aParty({ id: 'party_fb', is_pep: true })],
        legal_representatives: [aParty({ id: 'party_lr', full_name: 'Juan Perez' })],
      }),
      'REJECTED',
      'Legal representative Juan Perez matches OFAC SDN entry 36 "PEREZ, Juan Carlos" (Sanctions, STRONG). ' +
        'Final beneficiary Rodrigo Salazar Vega is declared a politically exposed person.',
    ],
  ])('%s → %s', async (_case, request, status, reason) => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const record = await h.service.createOnboarding(CLIENT_A, { ...request, flow: flow._id });
    expect(record.status).toBe(status);
    expect(record.reason).toBe(reason);
    expect(record.completed_at).toBe(status === 'PENDING_REVIEW' ? null : NOW);
    expect(record.status_history).toEqual([{ from: null, to: status, reason, at: NOW, by: 'warden' }]);
  });

  it.each([
    [{ age_threshold: 21 }, '2006-01-01', 'PENDING_REVIEW'],
    [{ age_threshold: 18 }, '2006-01-01', 'APPROVED'],
  ])('applies the flow configuration %j to a birth date of %s → %s', async (config, birthDate, status) => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow({ config_service: config });
    const record = await h.service.createOnboarding(CLIENT_A, {
      ...anIndividual(VALENTINA, { birth_date: birthDate }),
      flow: flow._id,
    });
    expect(record.status).toBe(status);
  });

  it('ignores an expired document when the flow does not check expiry', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow({ config_service: { document_expiration: false } });
    const record = await h.service.createOnboarding(CLIENT_A, {
      ...anIndividual(VALENTINA, { expiry_date: '2020-01-01' }),
      flow: flow._id,
    });
    expect(record.status).toBe('APPROVED');
  });

  it('screens the individual, the company and every party', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    await h.service.createOnboarding(CLIENT_A, {
      ...aCompany({ cash_controllers: [aParty({ id: 'party_cc', full_name: 'Lucía Fernández' })] }),
      flow: flow._id,
    });
    expect(h.screeningQueries).toEqual([
      { kind: 'organization', name: 'Tacos del Norte S.A. de C.V.' },
      { kind: 'person', name: 'Rodrigo Salazar Vega' },
      { kind: 'person', name: 'Rodrigo Salazar Vega' },
      { kind: 'person', name: 'Lucía Fernández' },
    ]);
  });
});

describe('createOnboarding writes the session', () => {
  it('returns the spec record and stores the flow instance and the identity it points at', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow({ config_service: { age_threshold: 21 } });
    const record = await h.service.createOnboarding(CLIENT_A, {
      ...aCreateOnboardingRequest(),
      flow: flow._id,
    });
    expect(OnboardingRecord.parse(record)).toEqual(record);
    expect(record).toMatchObject({
      _id: 'onboarding_1',
      flow: flow._id,
      user: CLIENT_A,
      flow_instance: 'flow_instance_1',
      flow_event: 'ONBOARDING_COMPLETED',
      identities: ['identity_1'],
      data: { type: 'INDIVIDUAL', config_service: { age_threshold: 21, document_expiration: true } },
      metadata: { url_path: '/signup/personal', is_fullpage: 'true' },
      file_references_data: [],
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(await h.service.getOnboarding(CLIENT_A, record._id)).toEqual(record);

    const identity = await h.service.getIdentity(CLIENT_A, 'identity_1');
    expect(Identity.parse(identity)).toEqual(identity);
    expect(identity).toMatchObject({
      document_number: '1037612345',
      issue_country_iso3: 'COL',
      flow: flow._id,
      flow_instance: 'flow_instance_1',
      status: 'APPROVED',
      expiry_date: null,
    });

    const instance = await h.service.getFlowInstance(CLIENT_A, 'flow_instance_1');
    expect(FlowInstance.parse(instance)).toEqual(instance);
    expect(instance).toMatchObject({
      status: 'COMPLETED',
      flow_event: 'ONBOARDING_COMPLETED',
      onboarding: record._id,
      identities: ['identity_1'],
    });
  });

  it('gives the identity the verdict of its own document checks only', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const record = await h.service.createOnboarding(CLIENT_A, {
      ...anIndividual('Viktor Anatolyevich Bout', { expiry_date: '2025-01-01' }),
      flow: flow._id,
    });
    expect(record.status).toBe('REJECTED');
    const identity = await h.service.getIdentity(CLIENT_A, record.identities[0]!);
    expect(identity.status).toBe('PENDING_REVIEW');
    expect(identity.reason).toContain('expired on 2025-01-01');
  });

  it('assigns ids to parties that came without one', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const record = await h.service.createOnboarding(CLIENT_A, {
      ...aCompany({ cash_controllers: [aParty({ id: null })] }),
      flow: flow._id,
    });
    expect(record.data.type === 'COMPANY' && record.data.data_company.cash_controllers[0]?.id).toBe(
      'party_1',
    );
  });

  it.each([
    [{ flow: 'flow_unknown' }, 'RESOURCE_NOT_FOUND', ['flow']],
    [{ data: { type: 'PERSON' } }, 'VALIDATION_ERROR', ['data', 'type']],
    [
      { identity: aNewIdentity({ expiry_date: '2026-02-30' }) },
      'VALIDATION_ERROR',
      ['identity', 'expiry_date'],
    ],
  ])('refuses %j with %s', async (override, code, path) => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const request = {
      ...aCreateOnboardingRequest(),
      flow: flow._id,
      ...override,
    } as CreateOnboardingRequestInput;
    await expect(h.service.createOnboarding(CLIENT_A, request)).rejects.toMatchObject({ code, path });
    expect(await h.store.records.list('onboardings', CLIENT_A)).toEqual([]);
  });
});
