/**
 * Random rule files over every operator, for the equivalence property test: a condition tree of all / any /
 * not over fact conditions whose operands fit (so the loader accepts them), literal and fact-reference values.
 */
import { MatchStrength, WalletRiskLevel } from '../../src/model/decision.js';
import { COUNTRY_POOL, pick, subset, type Random } from './random-facts.js';

type Json = Record<string, unknown>;
type Leaf = {
  fact: string;
  path: string;
  kind: 'strength' | 'risk' | 'enum' | 'number' | 'countries' | 'texts';
};

const PARTICIPANT_LEAVES = (fact: string): Leaf[] => [
  { fact, path: '$.sanctions.strength', kind: 'strength' },
  { fact, path: '$.pep.strength', kind: 'strength' },
  { fact, path: '$.best.strength', kind: 'strength' },
  { fact, path: '$.wallet.riskLevel', kind: 'risk' },
  { fact, path: '$.blacklist.match', kind: 'enum' },
  { fact, path: '$.wallet.exposure', kind: 'enum' },
  { fact, path: '$.entity_type', kind: 'enum' },
  { fact, path: '$.countries', kind: 'countries' },
  { fact, path: '$.categories', kind: 'texts' },
  { fact, path: '$.wallet.categories', kind: 'texts' },
];

const LEAVES: Leaf[] = [
  ...PARTICIPANT_LEAVES('remitter'),
  ...PARTICIPANT_LEAVES('beneficiary'),
  { fact: 'amounts', path: '$.usd', kind: 'number' },
  { fact: 'settings', path: '$.complianceThresholdUsd', kind: 'number' },
  { fact: 'settings', path: '$.blacklistAction', kind: 'enum' },
  { fact: 'settings', path: '$.highRiskCountries', kind: 'countries' },
];

const ENUM_VALUES: Record<string, readonly string[]> = {
  '$.blacklist.match': ['NONE', 'POSSIBLE', 'EXACT'],
  '$.wallet.exposure': ['NONE', 'INDIRECT', 'DIRECT'],
  '$.entity_type': ['PERSON', 'COMPANY', 'CRYPTO'],
  '$.blacklistAction': ['EVALUATION', 'REJECTED'],
  '$.sanctions.strength': MatchStrength.options,
  '$.pep.strength': MatchStrength.options,
  '$.best.strength': MatchStrength.options,
  '$.wallet.riskLevel': WalletRiskLevel.options,
};
const TEXTS = ['Sanctions', 'PEP', 'Mixer', 'Scam'];
// No 0: settings.complianceThresholdUsd must be positive, and the loader rejects a literal it can never equal.
const NUMBERS = [1, 250, 1_000, 10_000, 50_000, 5_000_000];

function leafCondition(random: Random, used: Set<string>): Json {
  const leaf = pick(random, LEAVES);
  const base = { fact: leaf.fact, path: leaf.path };
  let operator: string;
  let value: unknown;
  if (leaf.kind === 'number') {
    operator = pick(random, [
      'lessThan',
      'lessThanInclusive',
      'greaterThan',
      'greaterThanInclusive',
      'equal',
      'notEqual',
      'in',
      'notIn',
    ]);
    const reference =
      leaf.fact === 'amounts'
        ? { fact: 'settings', path: '$.complianceThresholdUsd' }
        : { fact: 'amounts', path: '$.usd' };
    value =
      operator === 'in' || operator === 'notIn'
        ? subset(random, NUMBERS, 1)
        : random() < 0.3
          ? reference
          : pick(random, NUMBERS);
  } else if (leaf.kind === 'countries' || leaf.kind === 'texts') {
    const pool: readonly string[] = leaf.kind === 'countries' ? COUNTRY_POOL : TEXTS;
    operator = pick(random, ['contains', 'doesNotContain', 'intersects']);
    if (operator === 'intersects') {
      value =
        leaf.kind === 'countries' && random() < 0.4
          ? { fact: 'settings', path: '$.highRiskCountries' }
          : subset(random, pool, 1);
    } else {
      value = pick(random, pool);
    }
  } else {
    const options = ENUM_VALUES[leaf.path] ?? [];
    const scaled =
      leaf.kind === 'strength' ? ['strengthAtLeast'] : leaf.kind === 'risk' ? ['riskAtLeast'] : [];
    operator = pick(random, ['equal', 'notEqual', 'in', 'notIn', ...scaled, ...scaled]);
    value = operator === 'in' || operator === 'notIn' ? subset(random, options, 1) : pick(random, options);
  }
  used.add(operator);
  return { ...base, operator, value };
}

function condition(random: Random, depth: number, used: Set<string>): Json {
  if (depth === 0 || random() < 0.4) return leafCondition(random, used);
  const kind = pick(random, ['all', 'any', 'not']);
  if (kind === 'not') return { not: condition(random, depth - 1, used) };
  const count = 1 + Math.floor(random() * 3);
  return { [kind]: Array.from({ length: count }, () => condition(random, depth - 1, used)) };
}

/** A manifest plus one file of 1–8 random rules, as file texts keyed by name. */
export function randomRuleFiles(random: Random, used: Set<string>): Record<string, string> {
  const count = 1 + Math.floor(random() * 8);
  const rules = Array.from({ length: count }, (_, i) => {
    const top = pick(random, ['all', 'any', 'not']);
    const body = condition(random, 2, used);
    return {
      conditions:
        top === 'not'
          ? { not: body }
          : { [top]: [body, ...(random() < 0.5 ? [condition(random, 1, used)] : [])] },
      event: {
        type: pick(random, ['REJECTED', 'EVALUATION', 'COMPLIANCE']),
        params: {
          ruleId: `random.r${i}`,
          concern: 'random',
          reason: `Rule ${i} fired for {{remitter.name}} at {{amounts.usd}} USD.`,
        },
      },
    };
  });
  return {
    'manifest.json': JSON.stringify({ version: '0.0.1', files: ['random.json'] }),
    'random.json': JSON.stringify({ concern: 'random', rules }),
  };
}
