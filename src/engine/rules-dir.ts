/** Loads a rule set from a folder (the package's rules/ by default); a broken file is a startup error. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WardenError } from '../model/errors.js';
import { compileRuleSet, loadRuleSet, type CompiledRuleSet, type RuleSet } from '../decision/index.js';

/** rules/ at the package root: ../../rules from both src/engine and dist/engine. */
export const DEFAULT_RULES_DIR = fileURLToPath(new URL('../../rules/', import.meta.url));

export interface LoadedRules {
  readonly ruleSet: RuleSet;
  readonly compiled: CompiledRuleSet;
}

export function loadRulesDir(dir: string = DEFAULT_RULES_DIR): LoadedRules {
  if (!existsSync(dir)) throw new WardenError('VALIDATION_ERROR', `The rules folder ${dir} does not exist.`);
  const ruleSet = loadRuleSet((file) => {
    const path = join(dir, file);
    if (!existsSync(path)) throw new WardenError('VALIDATION_ERROR', `Rule file ${path} does not exist.`);
    return readFileSync(path, 'utf8');
  });
  return { ruleSet, compiled: compileRuleSet(ruleSet) };
}
