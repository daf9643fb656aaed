/**
 * Sentences for the zod issues whose default wording does not help a client: a discriminated union's
 * "Invalid discriminator value" and an absent nested object's "expected object, received undefined".
 */

import { quoteInput } from './quote-input.js';

interface IssueLike {
  code?: string;
  input?: unknown;
}

/**
 * For a discriminated union: names the allowed values and the one sent.
 *
 * @example z.discriminatedUnion('type', [...], { error: discriminatorError('type', ['FIAT', 'CRYPTO']) })
 */
export function discriminatorError(field: string, allowed: readonly string[]) {
  return (iss: IssueLike): string | undefined => {
    if (iss.code !== 'invalid_union') return undefined;
    const sent =
      typeof iss.input === 'object' && iss.input !== null
        ? (iss.input as Record<string, unknown>)[field]
        : undefined;
    return sent === undefined
      ? `is required and must be one of ${allowed.join(', ')}`
      : `must be one of ${allowed.join(', ')}, got ${quoteInput(sent)}`;
  };
}

/**
 * For an object another field makes mandatory: says which field and value require it.
 *
 * @example z.object(shape, { error: requiredWhen('entity_type', 'PERSON') })
 */
export function requiredWhen(field: string, value: string) {
  return (iss: IssueLike): string | undefined =>
    iss.input === undefined ? `is required when ${field} is ${value}` : undefined;
}
