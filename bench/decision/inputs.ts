/**
 * Inputs for the decision benches, prepared outside the measured code: the default rules and two traffic
 * mixes of 1,000 seeded fact sets each — "mixed" (random hits; about 4 rules fire per decision, the
 * costly case) and "clean" (no hits, as most real payments; no rule fires).
 */
import { readFileSync } from 'node:fs';
import { compileRuleSet, createJsonRulesEngine, loadRuleSet } from '../../src/decision/index.js';
import { someFacts } from '../../test/decision/factories.js';
import { mulberry32, randomFacts } from '../../test/decision/random-facts.js';

const RULES_DIR = new URL('../../rules/', import.meta.url);

export const ruleSet = loadRuleSet((file) => readFileSync(new URL(file, RULES_DIR), 'utf8'));
export const compiled = compileRuleSet(ruleSet);
export const jsonEngine = createJsonRulesEngine(ruleSet);

const random = mulberry32(42);
export const TRAFFIC = {
  mixed: Array.from({ length: 1_000 }, () => randomFacts(random)),
  clean: Array.from({ length: 1_000 }, (_, i) => someFacts({ amounts: { usd: 10 + i } })),
};
