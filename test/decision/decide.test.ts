import { describe, expect, it } from 'vitest';
import {
  compileRuleSet,
  createJsonRulesEngine,
  decideTransaction,
  decideWithJsonRulesEngine,
  loadRuleSet,
} from '../../src/decision/index.js';
import type { DecisionFacts } from '../../src/model/decision.js';
import { readDefaultRuleFile, someFacts } from './factories.js';

const ruleSet = loadRuleSet(readDefaultRuleFile);
const compiled = compileRuleSet(ruleSet);
const jre = createJsonRulesEngine(ruleSet);

const OFAC_HIT = { strength: 'EXACT', name: 'Viktor Bout', list: 'OFAC SDN', entity_id: '9281' } as const;

const CASES: [string, DecisionFacts, string, string[]][] = [
  ['an unlisted pair', someFacts(), 'COMPLETED', []],
  [
    'an EXACT sanctions match on the remitter',
    someFacts({ remitter: { sanctions: OFAC_HIT, best: OFAC_HIT } }),
    'REJECTED',
    ['sanctions.remitter.strong'],
  ],
  [
    'a STRONG sanctions match on the beneficiary',
    someFacts({ beneficiary: { sanctions: { ...OFAC_HIT, strength: 'STRONG' } } }),
    'REJECTED',
    ['sanctions.beneficiary.strong'],
  ],
  [
    'a MEDIUM sanctions match',
    someFacts({ remitter: { sanctions: { ...OFAC_HIT, strength: 'MEDIUM' } } }),
    'EVALUATION',
    ['sanctions.remitter.possible'],
  ],
  [
    'a WEAK sanctions match',
    someFacts({ beneficiary: { sanctions: { ...OFAC_HIT, strength: 'WEAK' } } }),
    'EVALUATION',
    ['sanctions.beneficiary.possible'],
  ],
  [
    '5,000,000 USD',
    someFacts({ amounts: { usd: 5_000_000 } }),
    'COMPLIANCE',
    ['thresholds.amount-above-limit'],
  ],
  ['exactly the threshold (near miss)', someFacts({ amounts: { usd: 10_000 } }), 'COMPLETED', []],
  [
    'an amount above a client threshold of 1,000',
    someFacts({ amounts: { usd: 1_500 }, settings: { complianceThresholdUsd: 1_000 } }),
    'COMPLIANCE',
    ['thresholds.amount-above-limit'],
  ],
  [
    'a SEVERE wallet',
    someFacts({
      beneficiary: {
        entity_type: 'CRYPTO',
        wallet: {
          address: '0x8589427373d6d84e98730d7795d8f6f8731fda16',
          riskLevel: 'SEVERE',
          exposure: 'DIRECT',
        },
      },
      amounts: { transaction_type: 'CRYPTO' },
    }),
    'REJECTED',
    ['wallet-risk.beneficiary.severe'],
  ],
  [
    'a HIGH wallet',
    someFacts({ remitter: { wallet: { riskLevel: 'HIGH' } } }),
    'EVALUATION',
    ['wallet-risk.remitter.high'],
  ],
  [
    'a MEDIUM wallet (near miss)',
    someFacts({ remitter: { wallet: { riskLevel: 'MEDIUM' } } }),
    'COMPLETED',
    [],
  ],
  [
    'a PEP match',
    someFacts({ beneficiary: { pep: { strength: 'STRONG', name: 'Jane Minister', list: 'PEP' } } }),
    'EVALUATION',
    ['pep.beneficiary.review'],
  ],
  [
    'a PEP match when the client rejects PEPs',
    someFacts({ remitter: { pep: { strength: 'WEAK' } }, settings: { pepAction: 'REJECTED' } }),
    'REJECTED',
    ['pep.remitter.reject'],
  ],
  [
    'a blacklist hit with the default action',
    someFacts({ remitter: { blacklist: { match: 'EXACT', value: 'Claire Dubois' } } }),
    'EVALUATION',
    ['blacklist.remitter.exact-review'],
  ],
  [
    'a blacklist hit with action REJECTED',
    someFacts({
      beneficiary: { blacklist: { match: 'EXACT', value: 'Tom Baker' } },
      settings: { blacklistAction: 'REJECTED' },
    }),
    'REJECTED',
    ['blacklist.beneficiary.exact-reject'],
  ],
  [
    'a possible blacklist hit with action REJECTED',
    someFacts({ remitter: { blacklist: { match: 'POSSIBLE' } }, settings: { blacklistAction: 'REJECTED' } }),
    'EVALUATION',
    ['blacklist.remitter.possible'],
  ],
  [
    'a remitter of Iranian nationality',
    someFacts({ remitter: { countries: ['IRN'] } }),
    'EVALUATION',
    ['geography.remitter.high-risk-country'],
  ],
  [
    'Iran when the client narrowed its list (near miss)',
    someFacts({ remitter: { countries: ['IRN'] }, settings: { highRiskCountries: ['PRK'] } }),
    'COMPLETED',
    [],
  ],
  [
    'several concerns at once: most severe wins, all are listed',
    someFacts({
      remitter: { countries: ['PRK'], pep: { strength: 'MEDIUM' } },
      beneficiary: { sanctions: OFAC_HIT },
      amounts: { usd: 50_000 },
    }),
    'REJECTED',
    [
      'sanctions.beneficiary.strong',
      'pep.remitter.review',
      'geography.remitter.high-risk-country',
      'thresholds.amount-above-limit',
    ],
  ],
  [
    'EVALUATION outranks COMPLIANCE',
    someFacts({ beneficiary: { wallet: { riskLevel: 'HIGH' } }, amounts: { usd: 20_000 } }),
    'EVALUATION',
    ['wallet-risk.beneficiary.high', 'thresholds.amount-above-limit'],
  ],
];

describe('decideTransaction (compiled) and json-rules-engine on the default rules', () => {
  it.each(CASES)('%s → %s', async (_label, facts, state, ruleIds) => {
    const compiledDecision = decideTransaction(compiled, facts);
    expect(compiledDecision.state).toBe(state);
    expect(compiledDecision.reasons.map((r) => r.ruleId)).toEqual(ruleIds);
    expect(await decideWithJsonRulesEngine(jre, facts)).toEqual(compiledDecision);
  });

  it('names the sanctions entry in the reason', () => {
    const decision = decideTransaction(compiled, someFacts({ remitter: { sanctions: OFAC_HIT } }));
    expect(decision.reasons[0]).toEqual({
      ruleId: 'sanctions.remitter.strong',
      concern: 'sanctions',
      outcome: 'REJECTED',
      text: 'Remitter matches OFAC SDN entry Viktor Bout (9281) with strength EXACT.',
    });
    expect(decision.reasonText).toBe(decision.reasons[0]?.text);
  });

  it('joins every reason into reasonText, most severe first, and records the rule-set version', () => {
    const decision = decideTransaction(
      compiled,
      someFacts({ remitter: { countries: ['FRA', 'MMR'] }, amounts: { usd: 5_000_000 } }),
    );
    expect(decision.reasonText).toBe(
      "Remitter is tied to FRA, MMR, which includes a jurisdiction on the client's high-risk list. " +
        "Amount of 5,000,000 USD is above the client's compliance threshold of 10,000 USD.",
    );
    expect(decision.ruleSetVersion).toBe(ruleSet.version);
    expect(decision.ruleSetVersion).toMatch(/^1\.0\.0\+[0-9a-f]{16}$/);
  });

  it('gives no reasonText when nothing fired', () => {
    expect(decideTransaction(compiled, someFacts()).reasonText).toBeNull();
  });
});
