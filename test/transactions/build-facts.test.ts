import { describe, expect, it } from 'vitest';
import { ClientSettings } from '../../src/model/client.js';
import { Participant } from '../../src/model/participant.js';
import { TransactionRequest } from '../../src/model/transaction.js';
import type { WalletAlert } from '../../src/model/wallet.js';
import { buildBlacklistIndex } from '../../src/screening/index.js';
import {
  decisionSettingsOf,
  indexScreeningPort,
  participantFacts,
  screenParticipant,
  usdValueOf,
  type ParticipantScreening,
} from '../../src/transactions/index.js';
import {
  aCompanyData,
  aCompanyParticipant,
  aCryptoParticipant,
  aLegalPerson,
  aNaturalPerson,
  aPersonParticipant,
  aPersonRecord,
} from '../support/factories/participants.js';
import { aCryptoTransaction, aFiatTransaction } from '../support/factories/transactions.js';
import { CLIENT, LISTED, SEVERE_ADDRESS, aBlacklistedName, indexOf, standInWallet } from './harness.js';

const index = indexOf(LISTED);
let seq = 0;
const portWith = (blacklisted: string[] = []) => ({
  screening: indexScreeningPort({
    index: () => index,
    blacklistOf: () =>
      blacklisted.length
        ? buildBlacklistIndex(blacklisted.map((v, i) => aBlacklistedName(v, `bl_${i}`)))
        : null,
    now: () => 1,
    newId: () => `id-${++seq}`,
  }),
  wallet: standInWallet,
});
const screen = (participant: unknown, blacklisted: string[] = []) =>
  screenParticipant(portWith(blacklisted), CLIENT, Participant.parse(participant), []);

describe('usdValueOf', () => {
  it.each([
    [
      'a CRYPTO value',
      aCryptoTransaction({ sending_dollar_amount: 2500 }),
      {},
      2500,
      'SENDING_DOLLAR_AMOUNT',
    ],
    [
      'a FIAT value sent in USD terms',
      aFiatTransaction({ sending_currency: 'EUR', sending_dollar_amount: 1080 }),
      {},
      1080,
      'SENDING_DOLLAR_AMOUNT',
    ],
    [
      'a USD sending side',
      aFiatTransaction({ sending_amount: 1500, sending_currency: 'USD' }),
      {},
      1500,
      'SENDING_AMOUNT',
    ],
    [
      'a USD receiving side',
      aFiatTransaction({ sending_currency: 'MXN', receiving_amount: 300, receiving_currency: 'USD' }),
      {},
      300,
      'RECEIVING_AMOUNT',
    ],
    [
      'a configured rate',
      aFiatTransaction({ sending_amount: 1000, sending_currency: 'EUR' }),
      { EUR: 1.0834 },
      1083.4,
      'USD_RATE',
    ],
    [
      'no rate for the currency',
      aFiatTransaction({ sending_amount: 1000, sending_currency: 'EUR' }),
      { GBP: 1.27 },
      null,
      'UNKNOWN',
    ],
  ])('%s', (_label, tx, rates, usd, source) => {
    expect(usdValueOf(TransactionRequest.parse(tx), rates)).toEqual({ usd, source });
  });
});

describe('decisionSettingsOf', () => {
  it("follows the FATF lists unless the client keeps its own, and maps the client's actions", () => {
    const defaults = decisionSettingsOf(ClientSettings.parse({}));
    expect(defaults).toMatchObject({
      complianceThresholdUsd: 10_000,
      blacklistAction: 'EVALUATION',
      pepAction: 'EVALUATION',
    });
    expect(defaults.highRiskCountries).toEqual(expect.arrayContaining(['IRN', 'PRK', 'MMR']));
    const own = decisionSettingsOf(
      ClientSettings.parse({
        high_risk_countries: ['RUS'],
        pep_action: 'REJECTED',
        blacklist: { enabled: true, match_action: 'REJECTED' },
      }),
    );
    expect(own).toMatchObject({
      highRiskCountries: ['RUS'],
      pepAction: 'REJECTED',
      blacklistAction: 'REJECTED',
    });
  });
});

describe('participantFacts', () => {
  it('takes the worst match per concern over a company and the people behind it, naming who matched', async () => {
    const company = aCompanyParticipant({
      legal_person: aLegalPerson({
        company_data: aCompanyData({ country_constitution: 'PAN' }),
        legal_representative: [
          aPersonRecord({ first_name: 'Jane Q.', last_name: 'Senator', country: 'USA' }),
        ],
        final_beneficiaries: [
          aPersonRecord({
            first_name: 'Nicolas',
            last_name: 'Maduro Moros',
            country: 'VEN',
            issuing_country: 'VEN',
          }),
        ],
        people_effective_control: [],
      }),
    });
    const facts = participantFacts('BENEFICIARY', await screen(company), true);
    expect(facts.name).toBe('Andes Logistics S.A.S.');
    expect(facts.sanctions).toEqual({
      strength: 'EXACT',
      name: 'MADURO MOROS, Nicolas [final beneficiary Nicolas Maduro Moros]',
      list: 'ofac-sdn',
      entity_id: '22790',
    });
    expect(facts.pep).toMatchObject({
      name: 'Jane Q. Senator [legal representative Jane Q. Senator]',
      list: 'pep-us',
    });
    expect(facts.best.entity_id).toBe('22790');
    expect(facts.matchedLists.sort()).toEqual(['ofac-sdn', 'pep-us']);
    expect(facts.categories.sort()).toEqual(['PEP', 'Sanctions']);
    expect(facts.countries).toEqual(['PAN', 'USA', 'COL', 'VEN']);
  });

  it('leaves a suppressed match out of the facts, and keeps the others', async () => {
    const maduro = aPersonParticipant({
      natural_person: aNaturalPerson({ full_name: 'Nicolas Maduro Moros' }),
    });
    const screened = await screen(maduro);
    const match = screened.subjects[0]!.result.response[0]!;
    expect(participantFacts('REMITTER', screened, true).sanctions.strength).not.toBe('NONE');
    const facts = participantFacts('REMITTER', screened, true, new Map([[match, 'rvd_1']]));
    expect(facts.sanctions.entity_id).not.toBe(match.entityId);
  });

  it('gives no match for an unlisted person, and the nationality as its country', async () => {
    const facts = participantFacts('REMITTER', await screen(aPersonParticipant()), true);
    expect(facts).toMatchObject({
      entity_type: 'PERSON',
      name: 'María Fernanda Gómez Restrepo',
      best: { strength: 'NONE', name: '', list: '', entity_id: '' },
      sanctions: { strength: 'NONE' },
      blacklist: { match: 'NONE', value: '' },
      wallet: { riskLevel: 'NONE', exposure: 'NONE' },
      countries: ['COL'],
    });
  });

  it.each([
    ['EXACT', 'EXACT'],
    ['STRONG', 'EXACT'],
    ['MEDIUM', 'POSSIBLE'],
    ['WEAK', 'POSSIBLE'],
  ] as const)('reads a %s blacklist match as %s', async (strength, match) => {
    const screened = await screen(aPersonParticipant(), ['María Fernanda Gómez Restrepo']);
    const subject = screened.subjects[0]!;
    expect(subject.result.blacklistMatches).toHaveLength(1);
    const blacklistMatches = subject.result.blacklistMatches.map((b) => ({ ...b, strength }));
    const withStrength: ParticipantScreening = {
      ...screened,
      subjects: [{ ...subject, result: { ...subject.result, blacklistMatches } }],
    };
    expect(participantFacts('REMITTER', withStrength, true).blacklist).toEqual({
      match,
      value: 'María Fernanda Gómez Restrepo',
    });
    expect(participantFacts('REMITTER', withStrength, false).blacklist.match).toBe('NONE');
  });

  it('reads wallet risk, categories, exposure and a blacklisted address', async () => {
    const crypto = aCryptoParticipant({
      crypto: { address: SEVERE_ADDRESS, network: 'Ethereum', asset: 'ETH' },
    });
    const screened = await screen(crypto);
    expect(participantFacts('BENEFICIARY', screened, true)).toMatchObject({
      name: SEVERE_ADDRESS,
      wallet: { address: SEVERE_ADDRESS, riskLevel: 'SEVERE', categories: ['Sanctions'], exposure: 'DIRECT' },
      blacklist: { match: 'NONE' },
    });
    const blacklistAlert: WalletAlert = {
      alertLevel: 'HIGH',
      category: 'Blacklist',
      service: 'Blacklist',
      externalId: null,
      alertAmount: 0,
      exposureType: 'Blacklist',
      categoryId: 99,
    };
    const [analyzed] = screened.wallets;
    const onBlacklist: ParticipantScreening = {
      ...screened,
      wallets: [
        {
          ...analyzed!,
          findings: { risk_level: 'HIGH', alerts: [blacklistAlert], directExposure: { direct: null } },
        },
      ],
    };
    expect(participantFacts('BENEFICIARY', onBlacklist, true)).toMatchObject({
      wallet: { riskLevel: 'HIGH', categories: [], exposure: 'NONE' },
      blacklist: { match: 'EXACT', value: SEVERE_ADDRESS },
    });
    expect(participantFacts('BENEFICIARY', onBlacklist, false).blacklist.match).toBe('NONE');
  });

  it('analyses a receiving wallet beside a natural person, and each wallet once', async () => {
    const wallet = { address: SEVERE_ADDRESS, network: 'Ethereum', asset: 'USDT' } as const;
    const person = await screenParticipant(
      portWith(),
      CLIENT,
      Participant.parse(aPersonParticipant({ natural_person: aNaturalPerson() })),
      [wallet],
    );
    expect(participantFacts('BENEFICIARY', person, true).wallet.riskLevel).toBe('SEVERE');
    const crypto = Participant.parse(aCryptoParticipant({ crypto: wallet }));
    expect((await screenParticipant(portWith(), CLIENT, crypto, [wallet])).wallets).toHaveLength(1);
  });
});
