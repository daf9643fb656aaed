/**
 * A client's value as an error message quotes it: short, and never the whole of what was sent. A
 * message that stringified the value whole echoed a 1 MB field twice, and threw on an array nested
 * thousands deep (a 500 instead of a 400).
 */

/** Characters of a sent string an error message repeats. */
export const MAX_QUOTED_CHARS = 60;

/**
 * @example quoteInput('US') === '"US"'; quoteInput([[[]]]) === 'an array'; quoteInput('x'.repeat(1e6)) → '"xxx…" (1000000 characters)'
 */
export function quoteInput(value: unknown): string {
  if (typeof value === 'string') {
    return value.length <= MAX_QUOTED_CHARS
      ? JSON.stringify(value)
      : `${JSON.stringify(value.slice(0, MAX_QUOTED_CHARS))}… (${value.length} characters)`;
  }
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
