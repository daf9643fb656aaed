/**
 * Reason templates: a rule's `event.params.reason` is a sentence with `{{fact.path}}` placeholders, e.g.
 * "Remitter matches {{remitter.sanctions.list}} entry {{remitter.sanctions.name}}." Templates are parsed
 * and checked against the facts' shape once, at load; rendering a decision only walks prepared parts.
 * Both decision paths render with this module, so their reason texts cannot drift apart.
 */
import type { DecisionFacts } from '../model/decision.js';
import { kindOf, resolveFactSchema } from './fact-schema.js';

export interface Placeholder {
  readonly fact: string;
  readonly path: readonly string[];
}

/** Literal text and placeholders, in order. */
export type ReasonTemplate = readonly (string | Placeholder)[];

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const PLACEHOLDER_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

const hasStrayBraces = (literal: string): boolean => literal.includes('{{') || literal.includes('}}');

/** Parses a template, or returns a phrase naming its first bad placeholder. */
export function parseReasonTemplate(
  text: string,
): { template: ReasonTemplate; problem?: undefined } | { template?: undefined; problem: string } {
  const parts: (string | Placeholder)[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const expression = (match[1] ?? '').trim();
    if (!PLACEHOLDER_PATH.test(expression)) {
      return { problem: `has a placeholder {{${expression}}} that is not a dotted fact path` };
    }
    const [fact = '', ...path] = expression.split('.');
    const resolved = resolveFactSchema(fact, path);
    if (resolved.problem !== undefined)
      return { problem: `has a placeholder {{${expression}}} that ${resolved.problem}` };
    if (kindOf(resolved.schema) === 'object') {
      return { problem: `has a placeholder {{${expression}}} that names an object, not a value` };
    }
    const literal = text.slice(last, match.index);
    if (hasStrayBraces(literal)) return { problem: 'has an unmatched "{{" or "}}"' };
    if (literal !== '') parts.push(literal);
    parts.push({ fact, path });
    last = match.index + match[0].length;
  }
  if (hasStrayBraces(text.slice(last))) return { problem: 'has an unmatched "{{" or "}}"' };
  if (last < text.length) parts.push(text.slice(last));
  return { template: parts };
}

// Fixed locale: reason texts are stored and compared, so they must not depend on the host's locale.
const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function formatValue(value: unknown): string {
  if (typeof value === 'number') return NUMBER_FORMAT.format(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(formatValue).join(', ');
  if (value === undefined || value === null || value === '') return '(none)';
  return String(value);
}

export function renderReason(template: ReasonTemplate, facts: DecisionFacts): string {
  let text = '';
  for (const part of template) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    let value: unknown = (facts as Record<string, unknown>)[part.fact];
    for (const key of part.path) value = (value as Record<string, unknown> | undefined)?.[key];
    text += formatValue(value);
  }
  return text;
}
