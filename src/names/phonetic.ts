/**
 * Step 4: a phonetic key per token, so spellings that sound alike meet ("Mohammed" / "Muhammad",
 * "Smyth" / "Smith"). Double Metaphone's primary code only: one key per token keeps the index to
 * one posting list per token and the comparison to one integer test.
 */
import { doubleMetaphone } from 'double-metaphone';

/**
 * Shortest token we key. Below 3 letters Double Metaphone codes collide across most short names
 * ("Li", "Lee", "Al", "Eli").
 */
export const MIN_PHONETIC_LENGTH = 3;

/**
 * The Double Metaphone primary code of a normalized token, or '' for short or numeric tokens.
 *
 * @example phoneticKey('muhammad') === phoneticKey('mohammed') // 'MHMT'
 */
export function phoneticKey(token: string): string {
  if (token.length < MIN_PHONETIC_LENGTH) return '';
  const code = token.charCodeAt(0);
  if (code >= 48 && code <= 57) return '';
  return doubleMetaphone(token)[0];
}
