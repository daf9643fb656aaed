/** Facts and rule-file fixtures for the decision tests: factories with overrides. */
import { readFileSync } from 'node:fs';
import { DecisionFacts, type DecisionFactsInput } from '../../src/model/decision.js';
import type { ReadRuleFile } from '../../src/decision/index.js';

const RULES_DIR = new URL('../../rules/', import.meta.url);

/** Reads the project's default rule set from rules/. */
export const readDefaultRuleFile: ReadRuleFile = (file) => readFileSync(new URL(file, RULES_DIR), 'utf8');

/** Serves rule files from memory: the default files, with some replaced or removed (undefined). */
export function ruleFilesWith(overrides: Readonly<Record<string, string | undefined>>): ReadRuleFile {
  return (file) => {
    if (Object.hasOwn(overrides, file)) {
      const text = overrides[file];
      if (text === undefined) throw new Error(`ENOENT: no such file "${file}"`);
      return text;
    }
    return readDefaultRuleFile(file);
  };
}

type Overrides = {
  remitter?: Partial<DecisionFactsInput['remitter']>;
  beneficiary?: Partial<DecisionFactsInput['beneficiary']>;
  amounts?: Partial<DecisionFactsInput['amounts']>;
  settings?: DecisionFactsInput['settings'];
};

/** An unremarkable FIAT payment between two unlisted people in low-risk countries, plus overrides. */
export function someFacts(overrides: Overrides = {}): DecisionFacts {
  return DecisionFacts.parse({
    remitter: { entity_type: 'PERSON', name: 'Claire Dubois', countries: ['FRA'], ...overrides.remitter },
    beneficiary: { entity_type: 'PERSON', name: 'Tom Baker', countries: ['GBR'], ...overrides.beneficiary },
    amounts: { usd: 250, currency: 'EUR', transaction_type: 'FIAT', ...overrides.amounts },
    settings: overrides.settings ?? {},
  });
}
