/**
 * Acronyms of organization names: "IRGC" is how people write ISLAMIC REVOLUTIONARY GUARD CORPS,
 * and many lists carry only the long form. The index adds each organization's acronym as a name of
 * its own (screening/entity-index.ts), which a query meets only by being that acronym.
 */
import { normalizeName } from './normalize.js';
import { tokenizeName } from './tokenize.js';
import { isInformativeClass } from './types.js';

/** Names of fewer words have no acronym worth the collisions ("AB" is too many things). */
const MIN_WORDS = 3;
/** Longer acronyms are rarely used. */
const MAX_WORDS = 6;

/**
 * The initials of an organization name's words that carry its identity (legal forms, stopwords and
 * numbers left out), upper-cased; '' when the name has under three or over six of them.
 *
 * @example acronymOf('Islamic Revolutionary Guard Corps') === 'IRGC'; acronymOf('Bank of Kunlun Co Ltd') === ''
 */
export function acronymOf(raw: string): string {
  const { tokens, classes } = tokenizeName(normalizeName(raw), 'organization');
  let acronym = '';
  for (let i = 0; i < tokens.length; i++) {
    if (!isInformativeClass(classes[i]!)) continue;
    const initial = tokens[i]!.charCodeAt(0);
    if (initial < 97 || initial > 122) return '';
    acronym += tokens[i]![0];
  }
  return acronym.length >= MIN_WORDS && acronym.length <= MAX_WORDS ? acronym.toUpperCase() : '';
}
