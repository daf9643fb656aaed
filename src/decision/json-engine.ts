/**
 * Runs a loaded rule set with json-rules-engine itself: the reference interpreter of the rule JSON.
 * One Engine per rule set, reused; each run gets its facts and a fresh almanac (json-rules-engine's own
 * per-run state). Kept beside the compiled path to prove, by test, that both decide alike, and as the
 * baseline of bench/decision.
 */
import { Engine, Operator, type RuleProperties } from 'json-rules-engine';
import type { Decision, DecisionFacts } from '../model/decision.js';
import { assembleDecision } from './assemble-decision.js';
import type { LoadedRule, RuleSet } from './load-rules.js';
import { OPERATORS } from './operators.js';

export interface JsonRulesEngine {
  readonly ruleSet: RuleSet;
  readonly engine: Engine;
  readonly ruleById: ReadonlyMap<string, LoadedRule>;
}

/**
 * Builds the json-rules-engine Engine for a rule set, with Warden's operator registry in place of the defaults.
 *
 * @example const jre = createJsonRulesEngine(loadRuleSet(readFile))
 */
export function createJsonRulesEngine(ruleSet: RuleSet): JsonRulesEngine {
  // allowUndefinedFacts stays false: a fact missing at run time is a bug, not a silent "no match".
  const engine = new Engine([], { allowUndefinedFacts: false });
  // Same definitions as compile.ts; adding under an existing name replaces json-rules-engine's default.
  for (const [name, operator] of OPERATORS) {
    engine.addOperator(new Operator<unknown, unknown>(name, operator.evaluate, operator.acceptsFactValue));
  }
  for (const rule of ruleSet.rules) {
    engine.addRule({ name: rule.ruleId, conditions: rule.conditions, event: rule.event } as RuleProperties);
  }
  return { ruleSet, engine, ruleById: new Map(ruleSet.rules.map((rule) => [rule.ruleId, rule])) };
}

/**
 * Decides a transaction with json-rules-engine; the same Decision as `decideTransaction`, but async and slower.
 *
 * @example await decideWithJsonRulesEngine(createJsonRulesEngine(ruleSet), facts)
 */
export async function decideWithJsonRulesEngine(
  jre: JsonRulesEngine,
  facts: DecisionFacts,
): Promise<Decision> {
  const { events } = await jre.engine.run(facts);
  // Events arrive in promise-settlement order, not rule order; assembleDecision sorts them.
  const fired = events.map((event) => {
    const rule = jre.ruleById.get(String(event.params?.['ruleId']));
    if (!rule)
      throw new Error(
        `json-rules-engine fired an event with unknown ruleId ${String(event.params?.['ruleId'])}.`,
      );
    return rule;
  });
  return assembleDecision(jre.ruleSet.version, fired, facts);
}
