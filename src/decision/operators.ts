/**
 * The operator registry: every operator a rule may name, registered identically into json-rules-engine
 * (json-engine.ts) and into the compiled closures (compile.ts), so both paths cannot disagree.
 *
 * The ten standard operators repeat json-rules-engine 7.3's `engine-default-operators.js` exactly,
 * fact-value validators included (e.g. `greaterThan` is false for a non-numeric fact). The custom ones
 * compare positions on the ordered enums of model/decision.ts and test list overlap.
 * Each operator also checks, at load time, that its fact and value fit each other (`checkUse`).
 */
import type { z } from 'zod';
import { MatchStrength, WalletRiskLevel } from '../model/decision.js';
import { describeSchema, elementOf, kindOf, optionsOf } from './fact-schema.js';

/** The right-hand side of a condition as the loader sees it: a JSON literal, or another fact's schema. */
export type Operand = { literal: unknown } | { reference: z.ZodType };

export interface OperatorDefinition {
  /** json-rules-engine's `factValueValidator`: when false, the condition is false without calling `evaluate`. */
  readonly acceptsFactValue: (factValue: unknown) => boolean;
  readonly evaluate: (factValue: unknown, value: unknown) => boolean;
  /** Load-time check of one use: the problem as a phrase ("value X is not …"), or null when it fits. */
  readonly checkUse: (fact: z.ZodType, value: Operand) => string | null;
}

const always = (): boolean => true;
const isNumeric = (v: unknown): boolean => Number.parseFloat(v as string).toString() !== 'NaN';
const show = (v: unknown): string => JSON.stringify(v) ?? String(v);

const KIND_WORDING = { number: 'a number', scalar: 'a single value', list: 'a list' } as const;

/** Checks the fact's kind: 'scalar' is one number, text or boolean, as opposed to a list or an object. */
function needFact(schema: z.ZodType, want: keyof typeof KIND_WORDING): string | null {
  const actual = kindOf(schema);
  const fits =
    want === 'scalar' ? actual === 'number' || actual === 'text' || actual === 'boolean' : actual === want;
  return fits ? null : `needs a fact that is ${KIND_WORDING[want]}, but it is ${describeSchema(schema)}`;
}

function literalFits(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  // Right kind, wrong range (e.g. 0 for a positive threshold): zod's own wording says which bound.
  if (typeof value === 'number' && kindOf(schema) === 'number') {
    return `value ${value} is out of range (${result.error.issues[0]?.message ?? 'no value fits'})`;
  }
  return `value ${show(value)} is not ${describeSchema(schema)}`;
}

/** Checks a literal list: non-empty, and each element a possible value of `element`. */
function literalListFits(element: z.ZodType, value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) {
    return `needs a non-empty list as its value, not ${show(value)}`;
  }
  for (const item of value) {
    const problem = literalFits(element, item);
    if (problem) return problem;
  }
  return null;
}

function referenceFits(expected: z.ZodType | 'number' | 'list', reference: z.ZodType): string | null {
  const want = typeof expected === 'string' ? expected : kindOf(expected);
  const got = kindOf(reference);
  return want === got ? null : `compares with a fact that is ${describeSchema(reference)}, not ${want}`;
}

/** equal / notEqual: a single-valued fact against a possible value of it. */
function scalarComparison(evaluate: OperatorDefinition['evaluate']): OperatorDefinition {
  return {
    acceptsFactValue: always,
    evaluate,
    checkUse: (fact, value) =>
      needFact(fact, 'scalar') ??
      ('literal' in value ? literalFits(fact, value.literal) : referenceFits(fact, value.reference)),
  };
}

/** in / notIn: a single-valued fact against a list of its possible values. */
function membership(evaluate: OperatorDefinition['evaluate']): OperatorDefinition {
  return {
    acceptsFactValue: always,
    evaluate,
    checkUse: (fact, value) =>
      needFact(fact, 'scalar') ??
      ('literal' in value ? literalListFits(fact, value.literal) : referenceFits('list', value.reference)),
  };
}

/** contains / doesNotContain: a list fact against one possible element. */
function containment(evaluate: OperatorDefinition['evaluate']): OperatorDefinition {
  return {
    acceptsFactValue: Array.isArray,
    evaluate,
    checkUse: (fact, value) => {
      const element = elementOf(fact);
      if (!element) return needFact(fact, 'list');
      return 'literal' in value
        ? literalFits(element, value.literal)
        : referenceFits(element, value.reference);
    },
  };
}

function numeric(evaluate: (a: number, b: number) => boolean): OperatorDefinition {
  return {
    acceptsFactValue: isNumeric,
    evaluate: (a, b) => evaluate(a as number, b as number),
    checkUse: (fact, value) =>
      needFact(fact, 'number') ??
      ('literal' in value
        ? typeof value.literal === 'number'
          ? null
          : `value ${show(value.literal)} is not a number`
        : referenceFits('number', value.reference)),
  };
}

/** `fact` is at or above `value` on an ordered scale (weakest first), e.g. STRONG ≥ MEDIUM. */
function atLeastOn(scale: z.ZodEnum): OperatorDefinition {
  const rank = new Map<unknown, number>(scale.options.map((option, i) => [option, i]));
  const sameScale = (schema: z.ZodType): boolean =>
    optionsOf(schema)?.join() === (scale.options as readonly string[]).join();
  return {
    acceptsFactValue: (v) => rank.has(v),
    evaluate: (a, b) => (rank.get(a) ?? -1) >= (rank.get(b) ?? Number.POSITIVE_INFINITY),
    checkUse: (fact, value) => {
      if (!sameScale(fact))
        return `needs a fact that is ${describeSchema(scale)}, but it is ${describeSchema(fact)}`;
      if ('literal' in value) return literalFits(scale, value.literal);
      return sameScale(value.reference)
        ? null
        : `compares with a fact that is ${describeSchema(value.reference)}`;
    },
  };
}

/** The fact list and the value list share at least one element. */
const intersects: OperatorDefinition = {
  acceptsFactValue: Array.isArray,
  evaluate: (a, b) => Array.isArray(b) && (a as unknown[]).some((item) => b.includes(item)),
  checkUse: (fact, value) => {
    const element = elementOf(fact);
    if (!element) return needFact(fact, 'list');
    return 'literal' in value
      ? literalListFits(element, value.literal)
      : referenceFits('list', value.reference);
  },
};

export const OPERATORS: ReadonlyMap<string, OperatorDefinition> = new Map([
  ['equal', scalarComparison((a, b) => a === b)],
  ['notEqual', scalarComparison((a, b) => a !== b)],
  ['in', membership((a, b) => (b as unknown[]).indexOf(a) > -1)],
  ['notIn', membership((a, b) => (b as unknown[]).indexOf(a) === -1)],
  ['contains', containment((a, b) => (a as unknown[]).indexOf(b) > -1)],
  ['doesNotContain', containment((a, b) => (a as unknown[]).indexOf(b) === -1)],
  ['lessThan', numeric((a, b) => a < b)],
  ['lessThanInclusive', numeric((a, b) => a <= b)],
  ['greaterThan', numeric((a, b) => a > b)],
  ['greaterThanInclusive', numeric((a, b) => a >= b)],
  ['strengthAtLeast', atLeastOn(MatchStrength)],
  ['riskAtLeast', atLeastOn(WalletRiskLevel)],
  ['intersects', intersects],
]);

export const OPERATOR_NAMES: readonly string[] = [...OPERATORS.keys()];
