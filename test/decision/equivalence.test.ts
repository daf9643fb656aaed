/**
 * Property: the compiled closures and json-rules-engine give identical Decisions (state, reasons in order,
 * texts, version) for the same rule JSON and facts. Seeded, so a failure names a seed that replays it.
 */
import { describe, expect, it } from 'vitest';
import {
  compileRuleSet,
  createJsonRulesEngine,
  decideTransaction,
  decideWithJsonRulesEngine,
  loadRuleSet,
  OPERATOR_NAMES,
} from '../../src/decision/index.js';
import { readDefaultRuleFile } from './factories.js';
import { mulberry32, randomFacts } from './random-facts.js';
import { randomRuleFiles } from './random-rules.js';

describe('compiled path ≡ json-rules-engine', () => {
  it('agrees on 3,000 random fact sets under the default rules, and every default rule fires somewhere', async () => {
    const ruleSet = loadRuleSet(readDefaultRuleFile);
    const compiled = compileRuleSet(ruleSet);
    const jre = createJsonRulesEngine(ruleSet);
    const random = mulberry32(20_260_619);
    const fired = new Set<string>();
    const states = new Set<string>();
    for (let i = 0; i < 3_000; i++) {
      const facts = randomFacts(random);
      const expected = await decideWithJsonRulesEngine(jre, facts);
      const actual = decideTransaction(compiled, facts);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        expect({ case: i, decision: actual }).toEqual({ case: i, decision: expected });
      }
      actual.reasons.forEach((r) => fired.add(r.ruleId));
      states.add(actual.state);
    }
    expect([...fired].sort()).toEqual(ruleSet.rules.map((r) => r.ruleId).sort());
    expect([...states].sort()).toEqual(['COMPLETED', 'COMPLIANCE', 'EVALUATION', 'REJECTED']);
  });

  it('agrees on 200 random rule sets over every operator × 15 fact sets each', async () => {
    const random = mulberry32(7);
    const usedOperators = new Set<string>();
    let firedRules = 0;
    let quietRules = 0;
    for (let set = 0; set < 200; set++) {
      const files = randomRuleFiles(random, usedOperators);
      const ruleSet = loadRuleSet((file) => files[file] ?? '');
      const compiled = compileRuleSet(ruleSet);
      const jre = createJsonRulesEngine(ruleSet);
      for (let i = 0; i < 15; i++) {
        const facts = randomFacts(random);
        const expected = await decideWithJsonRulesEngine(jre, facts);
        const actual = decideTransaction(compiled, facts);
        if (JSON.stringify(actual) !== JSON.stringify(expected)) {
          expect({ set, case: i, files, decision: actual }).toEqual({
            set,
            case: i,
            files,
            decision: expected,
          });
        }
        firedRules += actual.reasons.length;
        quietRules += ruleSet.rules.length - actual.reasons.length;
      }
    }
    expect([...usedOperators].sort()).toEqual([...OPERATOR_NAMES].sort());
    // Both outcomes must be common, or the property would be checking little.
    expect(firedRules).toBeGreaterThan(2_000);
    expect(quietRules).toBeGreaterThan(2_000);
  });
});
