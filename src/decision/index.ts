export { STATE_SEVERITY } from './assemble-decision.js';
export { compileRuleSet, decideTransaction, type CompiledRuleSet } from './compile.js';
export { createJsonRulesEngine, decideWithJsonRulesEngine, type JsonRulesEngine } from './json-engine.js';
export {
  loadRuleSet,
  RULE_MANIFEST_FILE,
  type LoadedRule,
  type ReadRuleFile,
  type RuleSet,
} from './load-rules.js';
export { OPERATORS, OPERATOR_NAMES, type OperatorDefinition } from './operators.js';
export { RuleFile, RuleManifest, type Rule, type RuleCondition } from './rule-schema.js';
