/**
 * An onboarding's queue item from its screening audit: each match beside the name screened, with the
 * role as a transaction's relation; findings other than list matches as rules; none for an onboarding
 * stored before audits were kept.
 */
import { describe, expect, it } from 'vitest';
import type { OnboardingAudit, OnboardingListMatch, SubjectRole } from '../../src/model/onboarding-audit.js';
import { QueueQuery } from '../../src/model/review-queue.js';
import { saveOnboardingAudit } from '../../src/onboarding/index.js';
import { onboardingMatches, onboardingRules } from '../../src/review/onboarding-queue-details.js';
import { onboardingQueueItem, readQueue } from '../../src/review/index.js';
import { openMemoryStore } from '../../src/store/index.js';
import { anOnboardingRecord } from '../support/factories.js';

const aListMatch = (overrides: Partial<OnboardingListMatch> = {}): OnboardingListMatch => ({
  list: 'ofac-sdn',
  entity_id: '36',
  name: 'PEREZ, Juan Carlos',
  strength: 'MEDIUM',
  score: 0.81,
  categories: ['Sanctions'],
  programs: ['SDNTK'],
  list_version: 'ofac-sdn@3',
  secondary_fields: [
    {
      typeId: 'DATE_OF_BIRTH',
      result: 'NOT_MATCHED',
      submittedValue: '1975-01-01',
      matchedValue: '1961-02-11',
    },
  ],
  explanation: null,
  ...overrides,
});

const AUDIT: OnboardingAudit = {
  onboarding_id: 'onb_1',
  screened_at: '2026-05-01T10:00:00.000Z',
  subjects: [
    { role: 'Company', name: 'Tacos del Norte', ref: null, matches: [aListMatch({ entity_id: '27311' })] },
    {
      role: 'Final beneficiary',
      name: 'Juan Pérez',
      ref: 'party_1',
      matches: [
        aListMatch(),
        aListMatch({ list: 'un', entity_id: 'QDi.1', strength: 'WEAK', list_version: null }),
      ],
    },
  ],
  findings: [
    {
      kind: 'LIST_MATCH',
      role: 'Final beneficiary',
      name: 'Juan Pérez',
      ref: 'party_1',
      status: 'PENDING_REVIEW',
      text: 'Final beneficiary Juan Pérez matches ofac-sdn entry 36 "PEREZ, Juan Carlos" (Sanctions, MEDIUM).',
    },
    {
      kind: 'DECLARED_PEP',
      role: 'Cash controller',
      name: 'Ana Gómez',
      ref: 'party_3',
      status: 'PENDING_REVIEW',
      text: 'Cash controller Ana Gómez is declared a politically exposed person.',
    },
    {
      kind: 'UNSCREENABLE_PARTY',
      role: 'Legal representative',
      name: null,
      ref: 'party_2',
      status: 'PENDING_REVIEW',
      text: 'Legal representative party_2 has no name to screen; give full_name or a document_data.identity_id.',
    },
  ],
};

describe('onboardingMatches', () => {
  it('lists every audited match beside the name screened, in reading order', () => {
    const matches = onboardingMatches(AUDIT);
    expect(matches.map((m) => [m.query_name, m.entity_id, m.strength])).toEqual([
      ['Tacos del Norte', '27311', 'MEDIUM'],
      ['Juan Pérez', '36', 'MEDIUM'],
      ['Juan Pérez', 'QDi.1', 'WEAK'],
    ]);
    expect(matches[1]).toEqual({
      participant: 'APPLICANT',
      customer_external_id: 'party_1',
      query_name: 'Juan Pérez',
      relation: 'final_beneficiary',
      list: 'ofac-sdn',
      entity_id: '36',
      listed_name: 'PEREZ, Juan Carlos',
      strength: 'MEDIUM',
      score: 0.81,
      categories: ['Sanctions'],
      programs: ['SDNTK'],
      list_version: 'ofac-sdn@3',
      secondary_fields: [aListMatch().secondary_fields[0]],
      explanation: null,
      suppressed_by: null,
    });
  });

  it.each<[SubjectRole, string]>([
    ['Applicant', 'natural_person'],
    ['Company', 'company'],
    ['Final beneficiary', 'final_beneficiary'],
    ['Legal representative', 'legal_representative'],
    ['Cash controller', 'cash_controller'],
  ])('names a %s match as the relation %s', (role, relation) => {
    const audit = { ...AUDIT, subjects: [{ role, name: 'X', ref: null, matches: [aListMatch()] }] };
    expect(onboardingMatches(audit)[0]!.relation).toBe(relation);
  });
});

describe('onboardingRules', () => {
  it('gives the findings that are not list matches, with their status and sentence', () => {
    expect(onboardingRules(AUDIT)).toEqual([
      {
        rule_id: 'DECLARED_PEP',
        outcome: 'PENDING_REVIEW',
        text: 'Cash controller Ana Gómez is declared a politically exposed person.',
      },
      {
        rule_id: 'UNSCREENABLE_PARTY',
        outcome: 'PENDING_REVIEW',
        text: 'Legal representative party_2 has no name to screen; give full_name or a document_data.identity_id.',
      },
    ]);
  });
});

describe('onboardingQueueItem', () => {
  const record = anOnboardingRecord({ _id: 'onb_1', status: 'PENDING_REVIEW', reason: 'Why.' });

  it('shows the audit’s matches and rules', () => {
    const item = onboardingQueueItem(record, null, AUDIT);
    expect(item).toMatchObject({ kind: 'ONBOARDING', subject: 'onb_1', reason: 'Why.' });
    expect(item.matches).toHaveLength(3);
    expect(item.rules.map((r) => r.rule_id)).toEqual(['DECLARED_PEP', 'UNSCREENABLE_PARTY']);
  });

  it('lists an onboarding without an audit with no matches or rules', () => {
    expect(onboardingQueueItem(record, null)).toMatchObject({ matches: [], rules: [] });
  });
});

describe('readQueue over onboardings', () => {
  it('reads each pending onboarding’s audit; one stored before audits lists with empty matches', async () => {
    const { records } = openMemoryStore();
    const put = (id: string, createdAt: string) =>
      records.put({
        collection: 'onboardings',
        id,
        client_id: 'client-a',
        key: null,
        created_at: Date.parse(createdAt),
        updated_at: Date.parse(createdAt),
        data: anOnboardingRecord({ _id: id, status: 'PENDING_REVIEW', createdAt, updatedAt: createdAt }),
      });
    await put('onb_old', '2026-04-01T10:00:00.000Z');
    await put('onb_1', '2026-05-01T10:00:00.000Z');
    await saveOnboardingAudit(records, 'client-a', AUDIT);

    const queue = await readQueue(
      records,
      'client-a',
      QueueQuery.parse({ kind: 'ONBOARDING' }),
      Date.now(),
      () => null,
    );
    expect(queue.items.map((i) => [i.subject, i.matches.length, i.rules.length])).toEqual([
      ['onb_old', 0, 0],
      ['onb_1', 3, 2],
    ]);
    const weak = await readQueue(
      records,
      'client-a',
      QueueQuery.parse({ kind: 'ONBOARDING', strength: 'WEAK' }),
      Date.now(),
      () => null,
    );
    expect(weak.items.map((i) => i.subject)).toEqual(['onb_1']);
    // Another client's reviewers see neither the onboardings nor their audits.
    const other = await readQueue(records, 'client-b', QueueQuery.parse({}), Date.now(), () => null);
    expect(other.items).toEqual([]);
  });
});
