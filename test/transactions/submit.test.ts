import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ClientSettings } from '../../src/model/client.js';
import { SubmitTransactionRequest } from '../../src/model/transaction.js';
import type { PersonParticipant } from '../../src/model/participant.js';
import { openMemoryStore, type Store } from '../../src/store/index.js';
import { TRANSACTIONS_COLLECTION, type StoredTransaction } from '../../src/transactions/index.js';
import {
  aCompanyParticipant,
  aCryptoParticipant,
  aLegalPerson,
  aNaturalPerson,
  aPersonParticipant,
  aPersonRecord,
  aCompanyData,
} from '../support/factories/participants.js';
import {
  aCryptoTransaction,
  aFiatTransaction,
  aSubmitFiatRequest,
} from '../support/factories/transactions.js';
import {
  CLIENT,
  LIST_VERSIONS,
  RULES,
  SEVERE_ADDRESS,
  aBlacklistedName,
  aHarness,
  type Harness,
} from './harness.js';

type RequestInput = z.input<typeof SubmitTransactionRequest>;
const submitted = (overrides: Partial<RequestInput> = {}) =>
  SubmitTransactionRequest.parse(aSubmitFiatRequest(overrides));
const aPerson = (
  full_name: string,
  extra: Partial<z.input<typeof PersonParticipant>['natural_person']> = {},
): z.input<typeof PersonParticipant> =>
  aPersonParticipant({
    external_id: `cust-${full_name.length}`,
    natural_person: aNaturalPerson({ full_name, ...extra }),
  });

const MADURO = aPerson('Nicolás Maduro Moros', {
  nationality: 'VEN',
  birth_date: '1962-11-23',
  document_type: null,
  document_number: '5892464',
});

const CASES: [string, Partial<RequestInput>, string, string | null][] = [
  ['an unlisted pair', {}, 'COMPLETED', null],
  [
    'a listed natural person as remitter',
    { remitter: MADURO },
    'REJECTED',
    'Remitter matches ofac-sdn entry MADURO MOROS, Nicolas (22790) with strength EXACT.',
  ],
  [
    'a listed natural person as beneficiary',
    { beneficiary: MADURO },
    'REJECTED',
    'Beneficiary matches ofac-sdn entry MADURO MOROS, Nicolas (22790) with strength EXACT.',
  ],
  [
    'an amount of 5,000,000 USD',
    { transaction: aFiatTransaction({ sending_amount: 5_000_000, sending_currency: 'USD' }) },
    'COMPLIANCE',
    "Amount of 5,000,000 USD is above the client's compliance threshold of 10,000 USD.",
  ],
  [
    'a beneficiary wallet with SEVERE risk',
    {
      transaction: aCryptoTransaction({
        network: 'Ethereum',
        asset: 'USDT',
        receiving_wallet: SEVERE_ADDRESS,
      }),
      beneficiary: aCryptoParticipant({
        crypto: { address: SEVERE_ADDRESS, network: 'Ethereum', asset: 'USDT' },
      }),
    },
    'REJECTED',
    `Beneficiary wallet ${SEVERE_ADDRESS} has SEVERE risk (Sanctions; DIRECT exposure).`,
  ],
  [
    'a SEVERE receiving_wallet behind a natural-person beneficiary',
    {
      transaction: aCryptoTransaction({
        network: 'Ethereum',
        asset: 'USDT',
        receiving_wallet: SEVERE_ADDRESS,
      }),
    },
    'REJECTED',
    `Beneficiary wallet ${SEVERE_ADDRESS} has SEVERE risk`,
  ],
  [
    'a company whose final beneficiary is listed',
    {
      beneficiary: aCompanyParticipant({
        legal_person: aLegalPerson({
          final_beneficiaries: [
            aPersonRecord(),
            aPersonRecord({
              external_id: 'ubo-0009',
              first_name: 'Nicolas',
              last_name: 'Maduro Moros',
              participation: 40,
            }),
          ],
        }),
      }),
    },
    'REJECTED',
    'Beneficiary matches ofac-sdn entry MADURO MOROS, Nicolas [final beneficiary Nicolas Maduro Moros] (22790) with strength EXACT.',
  ],
  [
    'a listed company',
    {
      remitter: aCompanyParticipant({
        legal_person: aLegalPerson({
          company_data: aCompanyData({ company_name: 'Bank Melli Iran', country_constitution: 'IRN' }),
        }),
      }),
    },
    'REJECTED',
    'Remitter matches ofac-sdn entry BANK MELLI IRAN (200) with strength EXACT.',
  ],
  [
    'a politically exposed remitter',
    { remitter: aPerson('Jane Q. Senator', { nationality: 'USA' }) },
    'EVALUATION',
    'Remitter matches politically exposed person Jane Q. Senator (pep-us 100)',
  ],
  [
    'a beneficiary tied to a FATF high-risk country',
    { beneficiary: aPerson('Reza Karimi Tehrani', { nationality: 'IRN' }) },
    'EVALUATION',
    "Beneficiary is tied to IRN, which includes a jurisdiction on the client's high-risk list.",
  ],
];

describe('submit decides', () => {
  let store: Store;
  let h: Harness;
  beforeEach(() => {
    store = openMemoryStore();
    h = aHarness(store);
  });
  afterEach(() => store.close());

  it.each(CASES)('%s → %s', async (_label, overrides, state, reason) => {
    const report = await h.service.submit(CLIENT, submitted(overrides));
    expect(report.transaction.state).toBe(state);
    if (reason === null) expect(report.transaction.reasons_rejection_analysis).toBeNull();
    else expect(report.transaction.reasons_rejection_analysis).toContain(reason);
  });

  it('fills the spec fields of a decided FIAT transaction', async () => {
    const report = await h.service.submit(CLIENT, submitted({ remitter: MADURO }));
    const t = report.transaction;
    expect(report.external_transaction_id).toBe('tx-fiat-20240501-0001');
    expect(report.analyzed_at).toBeGreaterThan(report.request_at);
    expect(t).toMatchObject({
      transaction_type: 'FIAT',
      sending_amount: 1500,
      sending_currency: 'USD',
      sending_dollar_amount: 1500,
      receving_amount: 6123450,
      receiving_currency: 'COP',
      receiving_wallet: null,
      crypto_asset: null,
      crypto_network: null,
      registered_in: report.request_at,
      analyzed_at: report.analyzed_at,
      rejected_at: report.analyzed_at,
      reasons_rejection_operator: null,
      notification: null,
    });
  });

  it('keeps an audit trail: rule set, list versions, facts and their digest, what screening saw', async () => {
    const report = await h.service.submit(CLIENT, submitted({ remitter: MADURO }));
    const stored = (await store.records.get<StoredTransaction>(
      TRANSACTIONS_COLLECTION,
      CLIENT,
      report.transaction.id,
    ))!.data;
    const audit = stored.audit!;
    expect(audit.rule_set_version).toBe(RULES.version);
    expect(audit.list_versions).toEqual(LIST_VERSIONS);
    expect(audit.facts_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(audit.facts.remitter.sanctions).toMatchObject({
      list: 'ofac-sdn',
      entity_id: '22790',
      strength: 'EXACT',
    });
    expect(audit.reasons.map((r) => r.ruleId)).toContain('sanctions.remitter.strong');
    expect(audit.usd).toEqual({ value: 1500, source: 'SENDING_AMOUNT' });
    expect(audit.remitter.risk_level).toBe('HIGH');
    expect(audit.remitter.subjects[0]).toMatchObject({
      relation: 'natural_person',
      name: 'Nicolás Maduro Moros',
    });
    expect(audit.remitter.subjects[0]!.matches[0]).toMatchObject({ list: 'ofac-sdn', entity_id: '22790' });
    expect(stored.history.map((c) => [c.from, c.to, c.by])).toEqual([
      [null, 'PROGRESS', 'SERVICE'],
      ['PROGRESS', 'REJECTED', 'ENGINE'],
    ]);
  });

  it('names the matched person and the company in the audit of a company participant', async () => {
    const beneficiary = aCompanyParticipant({
      legal_person: aLegalPerson({
        legal_representative: [
          aPersonRecord({ external_id: 'rep-7', first_name: 'Jane Q.', last_name: 'Senator' }),
        ],
      }),
    });
    const report = await h.service.submit(CLIENT, submitted({ beneficiary }));
    expect(report.transaction.state).toBe('EVALUATION');
    expect(report.transaction.reasons_rejection_analysis).toContain(
      'Jane Q. Senator [legal representative Jane Q. Senator]',
    );
    const audit = (await store.records.get<StoredTransaction>(
      TRANSACTIONS_COLLECTION,
      CLIENT,
      report.transaction.id,
    ))!.data.audit!;
    const relations = audit.beneficiary.subjects.map((s) => s.relation);
    expect(relations).toEqual([
      'company',
      'legal_representative',
      'final_beneficiary',
      'final_beneficiary',
      'people_effective_control',
    ]);
    expect(audit.beneficiary.subjects.find((s) => s.external_id === 'rep-7')!.matches[0]!.entity_id).toBe(
      '100',
    );
  });

  it.each([
    ['REJECTED', 'REJECTED'],
    ['EVALUATION', 'EVALUATION'],
  ] as const)('a blacklisted name with match_action %s → %s', async (action, state) => {
    h.settings.set(CLIENT, ClientSettings.parse({ blacklist: { enabled: true, match_action: action } }));
    h.blacklists.set(CLIENT, [aBlacklistedName('Carlos Andrés Pérez Quintero')]);
    const report = await h.service.submit(CLIENT, submitted());
    expect(report.transaction.state).toBe(state);
    expect(report.transaction.reasons_rejection_analysis).toContain(
      "Beneficiary is on the client's blacklist as Carlos Andrés Pérez Quintero",
    );
  });

  it('ignores the blacklist when the client disabled it', async () => {
    h.settings.set(CLIENT, ClientSettings.parse({ blacklist: { enabled: false, match_action: 'REJECTED' } }));
    h.blacklists.set(CLIENT, [aBlacklistedName('Carlos Andrés Pérez Quintero')]);
    expect((await h.service.submit(CLIENT, submitted())).transaction.state).toBe('COMPLETED');
  });

  it("applies the client's own compliance threshold", async () => {
    h.settings.set(CLIENT, ClientSettings.parse({ compliance_threshold_usd: 1000 }));
    const report = await h.service.submit(CLIENT, submitted());
    expect(report.transaction.state).toBe('COMPLIANCE');
  });

  it('converts a FIAT amount with the configured USD rates when no USD value is sent', async () => {
    const withRates = aHarness(store, { usdRates: { EUR: 1.08 } });
    const transaction = aFiatTransaction({
      sending_amount: 20_000,
      sending_currency: 'EUR',
      receiving_currency: 'COP',
    });
    const report = await withRates.service.submit(CLIENT, submitted({ transaction }));
    expect(report.transaction.sending_dollar_amount).toBe(21_600);
    expect(report.transaction.state).toBe('COMPLIANCE');
  });

  it('leaves the threshold unapplied when a FIAT amount has no known USD value', async () => {
    const transaction = aFiatTransaction({
      sending_amount: 20_000,
      sending_currency: 'EUR',
      receiving_currency: 'COP',
    });
    const report = await h.service.submit(CLIENT, submitted({ transaction }));
    expect(report.transaction.sending_dollar_amount).toBeNull();
    expect(report.transaction.state).toBe('COMPLETED');
  });
});
