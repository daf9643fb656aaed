/**
 * Seeded random facts and rule sets for the equivalence property test and the decision bench.
 * mulberry32: tiny, fast and reproducible, so a failing seed can be replayed.
 */
import {
  BlacklistMatch,
  DecisionFacts,
  MatchStrength,
  WalletExposure,
  WalletRiskLevel,
} from '../../src/model/decision.js';

export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A random subset, in the original order; empty allowed unless `min` says otherwise. */
export function subset<T>(random: Random, items: readonly T[], min = 0): T[] {
  const chosen = items.filter(() => random() < 0.3);
  while (chosen.length < min) chosen.push(pick(random, items));
  return chosen;
}

/** Mostly NONE, as in real traffic, so that rules both fire and stay quiet. */
function skewed<T>(random: Random, options: readonly T[]): T {
  return random() < 0.6 ? (options[0] as T) : pick(random, options);
}

export const COUNTRY_POOL = [
  'FRA',
  'GBR',
  'USA',
  'DEU',
  'BRA',
  'IRN',
  'PRK',
  'MMR',
  'KEN',
  'MCO',
  'VGB',
] as const;
const NAMES = ['Viktor Bout', 'Jane Minister', 'Acme Trading LLC', 'Ivan Petrov', ''] as const;
const LISTS = ['OFAC SDN', 'UN', 'UK OFSI', 'PEP'] as const;
const CATEGORIES = ['Sanctions', 'PEP', 'Mixer', 'Darknet market', 'Scam'] as const;

function match(random: Random) {
  return {
    strength: skewed(random, MatchStrength.options),
    name: pick(random, NAMES),
    list: pick(random, LISTS),
    entity_id: String(Math.floor(random() * 100_000)),
  };
}

function participant(random: Random) {
  return {
    entity_type: pick(random, ['PERSON', 'COMPANY', 'CRYPTO'] as const),
    name: pick(random, NAMES),
    best: match(random),
    sanctions: match(random),
    pep: match(random),
    matchedLists: subset(random, LISTS),
    categories: subset(random, CATEGORIES),
    blacklist: { match: skewed(random, BlacklistMatch.options), value: pick(random, NAMES) },
    wallet: {
      address: random() < 0.5 ? '' : 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      riskLevel: skewed(random, WalletRiskLevel.options),
      categories: subset(random, CATEGORIES),
      exposure: skewed(random, WalletExposure.options),
    },
    countries: subset(random, COUNTRY_POOL),
  };
}

/** Amounts cluster around the default threshold so that boundary cases come up often. */
const AMOUNTS = [0, 250, 9_999.99, 10_000, 10_000.01, 49_999, 50_000, 5_000_000] as const;

export function randomFacts(random: Random): DecisionFacts {
  return DecisionFacts.parse({
    remitter: participant(random),
    beneficiary: participant(random),
    amounts: {
      usd: random() < 0.7 ? pick(random, AMOUNTS) : Math.round(random() * 100_000_00) / 100,
      currency: pick(random, ['USD', 'EUR', 'USDT']),
      transaction_type: pick(random, ['FIAT', 'CRYPTO'] as const),
    },
    settings: {
      ...(random() < 0.5 ? {} : { complianceThresholdUsd: pick(random, [1_000, 10_000, 50_000]) }),
      blacklistAction: pick(random, ['EVALUATION', 'REJECTED'] as const),
      pepAction: pick(random, ['EVALUATION', 'REJECTED'] as const),
      ...(random() < 0.5 ? {} : { highRiskCountries: subset(random, COUNTRY_POOL) }),
    },
  });
}
