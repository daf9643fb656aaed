/**
 * Load-time knowledge of the facts' shape: which fact names and paths exist in `DecisionFacts`, and what
 * kind of value sits there. The rule loader uses it to reject a misspelt fact or path at startup instead of
 * letting a condition silently compare `undefined` on every transaction.
 */
import { z } from 'zod';
import { DecisionFacts } from '../model/decision.js';

export const FACT_NAMES: readonly string[] = Object.keys(DecisionFacts.shape);

export type ValueKind = 'number' | 'text' | 'boolean' | 'list' | 'object' | 'other';

/** Strips default/prefault/optional/nullable wrappers to reach the schema that describes the value. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (
      current instanceof z.ZodDefault ||
      current instanceof z.ZodPrefault ||
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable
    ) {
      current = current.unwrap() as z.ZodType;
    } else {
      return current;
    }
  }
}

export function kindOf(schema: z.ZodType): ValueKind {
  const s = unwrapSchema(schema);
  if (s instanceof z.ZodNumber) return 'number';
  if (s instanceof z.ZodString || s instanceof z.ZodEnum) return 'text';
  if (s instanceof z.ZodBoolean) return 'boolean';
  if (s instanceof z.ZodArray) return 'list';
  if (s instanceof z.ZodObject) return 'object';
  if (s instanceof z.ZodLiteral) {
    const v: unknown = s.value;
    return typeof v === 'number' ? 'number' : typeof v === 'string' ? 'text' : 'other';
  }
  return 'other';
}

/** The element schema of a list schema, or null when the schema is not a list. */
export function elementOf(schema: z.ZodType): z.ZodType | null {
  const s = unwrapSchema(schema);
  return s instanceof z.ZodArray ? (s.element as z.ZodType) : null;
}

/** Enum options of a schema (e.g. a match strength), or null when it is not an enum. */
export function optionsOf(schema: z.ZodType): readonly string[] | null {
  const s = unwrapSchema(schema);
  return s instanceof z.ZodEnum ? (s.options as readonly string[]) : null;
}

/** Human wording of a schema's kind, for error sentences: "one of NONE, WEAK, …", "a list of text". */
export function describeSchema(schema: z.ZodType): string {
  const options = optionsOf(schema);
  if (options) return `one of ${options.join(', ')}`;
  const element = elementOf(schema);
  if (element) return `a list of ${describeSchema(element)}`;
  const kind = kindOf(schema);
  return kind === 'number'
    ? 'a number'
    : kind === 'text'
      ? 'text'
      : kind === 'object'
        ? 'an object'
        : `a ${kind}`;
}

/** `$.sanctions.strength` → ["sanctions", "strength"]; the rule schema has already checked the form. */
export function pathSegments(path: string | undefined): string[] {
  return path === undefined ? [] : path.slice(2).split('.');
}

/** Finds the schema at `fact` + `segments`, or returns a sentence saying why nothing is there. */
export function resolveFactSchema(
  fact: string,
  segments: readonly string[],
): { schema: z.ZodType; problem?: undefined } | { schema?: undefined; problem: string } {
  if (!Object.hasOwn(DecisionFacts.shape, fact)) {
    return { problem: `uses unknown fact "${fact}" (known facts: ${FACT_NAMES.join(', ')})` };
  }
  let schema = DecisionFacts.shape[fact as keyof typeof DecisionFacts.shape] as z.ZodType;
  let walked = fact;
  for (const segment of segments) {
    const node = unwrapSchema(schema);
    if (!(node instanceof z.ZodObject) || !Object.hasOwn(node.shape, segment)) {
      const known = node instanceof z.ZodObject ? ` (known: ${Object.keys(node.shape).join(', ')})` : '';
      return { problem: `refers to "${walked}.${segment}", which does not exist${known}` };
    }
    schema = node.shape[segment] as z.ZodType;
    walked = `${walked}.${segment}`;
  }
  return { schema };
}
