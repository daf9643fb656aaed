/**
 * The audit of an onboarding's screening: kept when the onboarding is created, beside it (never in
 * the spec's record), with every match of each screened name (at most ten) and every finding's
 * status and sentence.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DataCompany } from '../../src/model/onboarding-data.js';
import { OnboardingAudit, type OnboardingListMatch } from '../../src/model/onboarding-audit.js';
import { OnboardingRecord } from '../../src/model/onboarding.js';
import {
  ONBOARDING_AUDITS_COLLECTION,
  onboardingAudit,
  readOnboardingAudit,
  type Finding,
} from '../../src/onboarding/index.js';
import { aCreateOnboardingRequest, aDataCompany, aParty } from '../support/factories.js';
import { CLIENT_A, CLIENT_B, NOW, anOnboardingHarness } from '../support/onboarding-harness.js';

const aListMatch = (entity_id: string): OnboardingListMatch => ({
  list: 'ofac-sdn',
  entity_id,
  name: `Listed ${entity_id}`,
  strength: 'WEAK',
  score: 0.7,
  categories: ['Sanctions'],
  programs: [],
  list_version: 'ofac-sdn@1',
  secondary_fields: [],
  explanation: null,
});

describe('onboardingAudit', () => {
  it('keeps at most ten matches of a name, strongest first as screened', () => {
    const matches = Array.from({ length: 15 }, (_, i) => aListMatch(String(i)));
    const finding: Finding = {
      kind: 'LIST_MATCH',
      subject: { role: 'Legal representative', name: 'Juan Perez', ref: 'party_lr' },
      match: {
        strength: 'WEAK',
        category: 'Sanctions',
        matchedName: 'Listed 0',
        list: 'ofac-sdn',
        entityId: '0',
        matches,
      },
    };
    const audit = onboardingAudit('onb_1', [finding], NOW);
    expect(audit.subjects[0]!.matches.map((m) => m.entity_id)).toEqual(
      matches.slice(0, 10).map((m) => m.entity_id),
    );
    expect(audit.findings).toEqual([
      {
        kind: 'LIST_MATCH',
        role: 'Legal representative',
        name: 'Juan Perez',
        ref: 'party_lr',
        status: 'PENDING_REVIEW',
        text: 'Legal representative Juan Perez matches ofac-sdn entry 0 "Listed 0" (Sanctions, WEAK).',
      },
    ]);
    expect(OnboardingAudit.safeParse(audit).success).toBe(true);
  });

  it('lists no subject for findings that are not list matches', () => {
    const pep: Finding = {
      kind: 'DECLARED_PEP',
      subject: { role: 'Applicant', name: 'Ana Gómez', ref: null },
    };
    const audit = onboardingAudit('onb_1', [pep], NOW);
    expect(audit.subjects).toEqual([]);
    expect(audit.findings.map((f) => [f.kind, f.status])).toEqual([['DECLARED_PEP', 'PENDING_REVIEW']]);
  });
});

function aCompanyRequest(flow: string, overrides: Partial<z.input<typeof DataCompany>>) {
  return aCreateOnboardingRequest({ flow, data: { type: 'COMPANY', data_company: aDataCompany(overrides) } });
}

describe('createOnboarding keeps the audit', () => {
  it('stores every match of each screened name and every finding, beside the record', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const created = await h.service.createOnboarding(
      CLIENT_A,
      aCompanyRequest(flow._id, {
        // Shares two tokens with two listed people: both matches are kept, not only the best.
        final_beneficiaries: [aParty({ id: 'party_fb', full_name: 'Juan Carlos Ramirez' })],
        legal_representatives: [aParty({ id: 'party_lr', full_name: null, document_data: null })],
        cash_controllers: [aParty({ id: 'party_cc', is_pep: true })],
      }),
    );
    expect(created.status).toBe('PENDING_REVIEW');

    const audit = await readOnboardingAudit(h.store.records, CLIENT_A, created._id);
    expect(audit).toMatchObject({ onboarding_id: created._id, screened_at: NOW });
    expect(audit!.subjects.map((s) => [s.role, s.name, s.ref])).toEqual([
      ['Final beneficiary', 'Juan Carlos Ramirez', 'party_fb'],
    ]);
    expect(audit!.subjects[0]!.matches.map((m) => [m.list, m.entity_id, m.strength])).toEqual([
      ['OFAC SDN', '36', 'MEDIUM'],
      ['UN Consolidated', 'QDi.401', 'MEDIUM'],
    ]);
    expect(audit!.findings.map((f) => [f.kind, f.ref, f.status])).toEqual([
      ['LIST_MATCH', 'party_fb', 'PENDING_REVIEW'],
      ['UNSCREENABLE_PARTY', 'party_lr', 'PENDING_REVIEW'],
      ['DECLARED_PEP', 'party_cc', 'PENDING_REVIEW'],
    ]);
    expect(audit!.findings.map((f) => f.text).join(' ')).toBe(created.reason);
    expect(OnboardingAudit.safeParse(audit).success).toBe(true);

    // The record stays the spec's shape: the audit lives in a collection of its own.
    const stored = (await h.store.records.get<OnboardingRecord>('onboardings', CLIENT_A, created._id))!.data;
    expect(Object.keys(stored).sort()).toEqual(Object.keys(OnboardingRecord.shape).sort());
    expect(JSON.stringify(stored)).toBe(JSON.stringify(created));
    expect(h.store.records.entry(ONBOARDING_AUDITS_COLLECTION, CLIENT_A, created._id)).toBeDefined();
  });

  it('keeps an empty audit of a clean onboarding, and only for its own client', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const created = await h.service.createOnboarding(CLIENT_A, aCompanyRequest(flow._id, {}));
    expect(created.status).toBe('APPROVED');
    expect(await readOnboardingAudit(h.store.records, CLIENT_A, created._id)).toMatchObject({
      subjects: [],
      findings: [],
    });
    expect(await readOnboardingAudit(h.store.records, CLIENT_B, created._id)).toBeNull();
  });
});
