/**
 * Loads and validates a rule set: rules/manifest.json names the files, each file holds one concern's
 * json-rules-engine rules. Everything that can be wrong with a rule is found here, at startup — bad JSON,
 * an unknown operator, fact or path, an operator used on the wrong kind of fact, an unknown outcome, a
 * bad reason placeholder — and reported as one WardenError sentence naming the file and the problem.
 *
 * The loader does no I/O: the edge passes `readFile` (fs in the CLI, a Map in tests), as hono's
 * serve-static takes `getContent`.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { z } from 'zod';
import { WardenError } from '../model/errors.js';
import type { DecisionOutcome } from '../model/decision.js';
import { pathSegments, resolveFactSchema } from './fact-schema.js';
import { OPERATORS, OPERATOR_NAMES, type Operand } from './operators.js';
import { parseReasonTemplate, type ReasonTemplate } from './reason-template.js';
import {
  RuleFile,
  RuleManifest,
  describeRuleIssue,
  type RuleCondition,
  type RuleEvent,
  type TopLevelCondition,
} from './rule-schema.js';

/** Returns the text of a file of the rule directory, e.g. `readFile('sanctions.json')`; may throw. */
export type ReadRuleFile = (file: string) => string;

export const RULE_MANIFEST_FILE = 'manifest.json';

export interface LoadedRule {
  /** Position in the whole rule set; among rules of equal outcome, reasons keep this order. */
  readonly index: number;
  readonly file: string;
  readonly ruleId: string;
  readonly concern: string;
  readonly outcome: DecisionOutcome;
  /** As written in the file, validated; json-rules-engine receives exactly this. */
  readonly conditions: TopLevelCondition;
  readonly event: RuleEvent;
  readonly reason: ReasonTemplate;
}

export interface RuleSet {
  /** `${declaredVersion}+${first 16 hex digits of contentHash}`: what a decision records. */
  readonly version: string;
  readonly declaredVersion: string;
  /** sha256 of the manifest version and every file's validated rules, keys sorted. */
  readonly contentHash: string;
  readonly rules: readonly LoadedRule[];
}

/**
 * Reads, validates and versions a rule set.
 *
 * @example loadRuleSet((file) => readFileSync(join(rulesDir, file), 'utf8'))
 */
export function loadRuleSet(readFile: ReadRuleFile): RuleSet {
  const manifest = parseFile(readFile, RULE_MANIFEST_FILE, RuleManifest);
  const repeated = manifest.files.find((file, i) => manifest.files.indexOf(file) !== i);
  if (repeated !== undefined) fail(RULE_MANIFEST_FILE, `lists "${repeated}" twice`);

  const rules: LoadedRule[] = [];
  const files: { file: string; content: RuleFile }[] = [];
  const fileOfRuleId = new Map<string, string>();
  for (const file of manifest.files) {
    const content = parseFile(readFile, file, RuleFile);
    files.push({ file, content });
    content.rules.forEach((rule, i) => {
      const at = `rules[${i}]`;
      const { ruleId, concern, reason } = rule.event.params;
      if (concern !== content.concern) {
        fail(file, `${at} has concern "${concern}", but the file's concern is "${content.concern}"`);
      }
      const earlier = fileOfRuleId.get(ruleId);
      if (earlier !== undefined) fail(file, `${at} reuses ruleId "${ruleId}", already taken in "${earlier}"`);
      fileOfRuleId.set(ruleId, file);
      checkCondition(file, `${at}.conditions`, rule.conditions);
      const parsed = parseReasonTemplate(reason);
      if (parsed.problem !== undefined) fail(file, `${at}.event.params.reason ${parsed.problem}`);
      rules.push({
        index: rules.length,
        file,
        ruleId,
        concern,
        outcome: rule.event.type,
        conditions: rule.conditions,
        event: rule.event,
        reason: parsed.template,
      });
    });
  }

  const contentHash = bytesToHex(sha256(utf8ToBytes(stableJson({ version: manifest.version, files }))));
  return {
    version: `${manifest.version}+${contentHash.slice(0, 16)}`,
    declaredVersion: manifest.version,
    contentHash,
    rules,
  };
}

function fail(file: string, problem: string): never {
  throw new WardenError('VALIDATION_ERROR', `Rule file "${file}" is invalid: ${problem}.`, { path: [file] });
}

function parseFile<S extends z.ZodType>(readFile: ReadRuleFile, file: string, schema: S): z.output<S> {
  let text: string;
  try {
    text = readFile(file);
  } catch (cause) {
    throw new WardenError('VALIDATION_ERROR', `Rule file "${file}" could not be read: ${messageOf(cause)}.`, {
      path: [file],
      cause,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new WardenError('VALIDATION_ERROR', `Rule file "${file}" is not valid JSON: ${messageOf(cause)}.`, {
      path: [file],
      cause,
    });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const first = result.error.issues[0];
    fail(file, first ? describeRuleIssue(first, json) : 'its content does not match the rule format');
  }
  return result.data;
}

/** Checks what the schema cannot: operators exist, facts and paths exist, operator and operands fit. */
function checkCondition(file: string, at: string, condition: RuleCondition): void {
  if ('all' in condition) return condition.all.forEach((c, i) => checkCondition(file, `${at}.all[${i}]`, c));
  if ('any' in condition) return condition.any.forEach((c, i) => checkCondition(file, `${at}.any[${i}]`, c));
  if ('not' in condition) return checkCondition(file, `${at}.not`, condition.not);

  const operator = OPERATORS.get(condition.operator);
  if (!operator) {
    fail(file, `${at} uses unknown operator "${condition.operator}" (known: ${OPERATOR_NAMES.join(', ')})`);
  }
  const fact = resolveFactSchema(condition.fact, pathSegments(condition.path));
  if (fact.problem !== undefined) fail(file, `${at} ${fact.problem}`);

  let operand: Operand = { literal: condition.value };
  const value = condition.value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const reference = resolveFactSchema(value.fact, pathSegments(value.path));
    if (reference.problem !== undefined) fail(file, `${at}.value ${reference.problem}`);
    operand = { reference: reference.schema };
  }
  const problem = operator.checkUse(fact.schema, operand);
  const subject = `${condition.fact}${condition.path?.slice(1) ?? ''}`;
  if (problem !== null) fail(file, `${at} (${condition.operator} on ${subject}) ${problem}`);
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\.$/, '');
}

/** JSON with object keys sorted, so the hash ignores key order and formatting but nothing else. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
