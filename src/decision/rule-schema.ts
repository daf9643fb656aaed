/**
 * The subset of json-rules-engine's rule format that Warden supports, as zod schemas, plus the rule-set
 * manifest. Supported: all / any / not, fact conditions with fact, path, operator and value (a literal or
 * a `{ fact, path }` reference), and events `{ type: outcome, params: { ruleId, concern, reason } }`.
 * Left out on purpose: rule priorities (outcomes are ordered by severity instead), condition references
 * and condition `params` (every fact is a constant, so params would silently do nothing).
 */
import { z } from 'zod';
import { DecisionOutcome } from '../model/decision.js';

/** A dotted JSONPath: the only form both json-rules-engine (jsonpath-plus) and the compiled path agree on. */
const FactPath = z
  .string()
  .regex(/^\$(\.[A-Za-z_][A-Za-z0-9_]*)+$/, 'must be a simple path like "$.sanctions.strength"');

export const FactReference = z.strictObject({ fact: z.string().min(1), path: FactPath.optional() });
export type FactReference = z.infer<typeof FactReference>;

const JsonScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ConditionValue = z.union([FactReference, JsonScalar, z.array(JsonScalar)], {
  error: 'must be text, a number, a boolean, a list of those, or a fact reference {"fact", "path"}',
});

export const FactCondition = z.strictObject({
  fact: z.string().min(1),
  path: FactPath.optional(),
  operator: z.string().min(1),
  value: ConditionValue,
});
export type FactCondition = z.infer<typeof FactCondition>;

export type RuleCondition = FactCondition | AllCondition | AnyCondition | NotCondition;
export type AllCondition = { all: RuleCondition[] };
export type AnyCondition = { any: RuleCondition[] };
export type NotCondition = { not: RuleCondition };
export type TopLevelCondition = AllCondition | AnyCondition | NotCondition;

/** The union's message; `describeRuleIssue` recognises it and reports the branch the input meant instead. */
export const CONDITION_MESSAGE = 'must be a condition: an object with "all", "any", "not" or "fact"';

// Empty lists are refused: json-rules-engine treats an empty `any` as true, which no author means.
const AllCondition: z.ZodType<AllCondition> = z.strictObject({
  get all() {
    return z.array(RuleCondition).min(1);
  },
});
const AnyCondition: z.ZodType<AnyCondition> = z.strictObject({
  get any() {
    return z.array(RuleCondition).min(1);
  },
});
const NotCondition: z.ZodType<NotCondition> = z.strictObject({
  get not() {
    return RuleCondition;
  },
});

export const RuleCondition: z.ZodType<RuleCondition> = z.union(
  [AllCondition, AnyCondition, NotCondition, FactCondition],
  { error: CONDITION_MESSAGE },
);

/** json-rules-engine requires a boolean operator at the top of a rule's conditions. */
export const TopLevelCondition: z.ZodType<TopLevelCondition> = z.union(
  [AllCondition, AnyCondition, NotCondition],
  {
    error: CONDITION_MESSAGE,
  },
);

export const RuleEvent = z.strictObject({
  type: z.enum(DecisionOutcome.options, {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not an outcome (use REJECTED, EVALUATION or COMPLIANCE)`,
  }),
  params: z.strictObject({
    ruleId: z
      .string()
      .regex(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, 'must be lower-case words joined by "." or "-"'),
    concern: z.string().min(1),
    /** A sentence with `{{fact.path}}` placeholders, e.g. "Remitter matches {{remitter.sanctions.list}}." */
    reason: z.string().min(1),
  }),
});
export type RuleEvent = z.infer<typeof RuleEvent>;

export const Rule = z.strictObject({
  /** Free text for people reading the file; the rule's identity is `event.params.ruleId`. */
  name: z.string().optional(),
  conditions: TopLevelCondition,
  event: RuleEvent,
});
export type Rule = z.infer<typeof Rule>;

/** One file per concern; every rule in it carries the same `concern`. */
export const RuleFile = z.strictObject({
  concern: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case word, e.g. "sanctions"'),
  description: z.string().optional(),
  rules: z.array(Rule).min(1),
});
export type RuleFile = z.infer<typeof RuleFile>;

/** rules/manifest.json: the declared version and the files, in the order their rules are listed in reasons. */
export const RuleManifest = z.strictObject({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'must be a version like "1.0.0"'),
  description: z.string().optional(),
  files: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9-]*\.json$/, 'must be a file name like "sanctions.json"'))
    .min(1),
});
export type RuleManifest = z.infer<typeof RuleManifest>;

const BRANCH_BY_KEY: Readonly<Record<string, number>> = { all: 0, any: 1, not: 2, fact: 3 };

/** Turns a zod issue from these schemas into "<where> <problem>", e.g. `rules[0].event.type "X" is not…`. */
export function describeRuleIssue(
  issue: z.core.$ZodIssue,
  root: unknown,
  base: readonly PropertyKey[] = [],
): string {
  const path = [...base, ...issue.path];
  const node = valueAt(root, path);
  if (issue.code === 'invalid_union' && issue.message === CONDITION_MESSAGE && isObject(node)) {
    if ('condition' in node) return `${where(path)} is a condition reference, which Warden does not support`;
    // Pick the branch the author meant, so the message is about that branch and not a list of all four.
    const looksLikeFact = 'operator' in node || 'value' in node || 'path' in node;
    const key = Object.keys(BRANCH_BY_KEY).find((k) => k in node) ?? (looksLikeFact ? 'fact' : undefined);
    const first = key === undefined ? undefined : issue.errors[BRANCH_BY_KEY[key] ?? -1]?.[0];
    if (first) return describeRuleIssue(first, root, path);
    if (key === 'fact') {
      return `${where(path)} must start with "all", "any" or "not" (json-rules-engine needs one at the top)`;
    }
  }
  if (issue.code === 'unrecognized_keys') {
    return `${where(path)} has unknown ${issue.keys.length > 1 ? 'keys' : 'key'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  }
  if (issue.code === 'too_small' && Number(issue.minimum) === 1 && node !== undefined) {
    return `${where(path)} must not be empty`;
  }
  if (node === undefined) return `${where(path)} is missing`;
  return `${where(path)} ${issue.message}`;
}

function where(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the file';
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
