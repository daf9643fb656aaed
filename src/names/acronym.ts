/**
 * Acronyms of organization names: "IRGC" is how people write ISLAMIC REVOLUTIONARY GUARD CORPS,
 * and many lists carry only the long form, or the acronym in brackets after it ("EASTERN TURKISTAN
 * ISLAMIC MOVEMENT (ETIM)"). The index adds each organization's acronyms as names of their own
 * (screening/entity-index.ts), which a query meets only by being one.
 */
import { normalizeName } from './normalize.js';
import { tokenizeName } from './tokenize.js';
import { isInformativeClass } from './types.js';

const BRACKETED = /\([^)]*\)/g;
/** A bracketed word of capitals, digits and hyphens: the name's own acronym ("(ETIM)", "(AAS-T)"). */
const BRACKETED_ACRONYM = /\(([A-Z][A-Z0-9-]{1,9})\)/g;

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
  const { tokens, classes } = tokenizeName(normalizeName(raw.replace(BRACKETED, ' ')), 'organization');
  let acronym = '';
  for (let i = 0; i < tokens.length; i++) {
    if (!isInformativeClass(classes[i]!)) continue;
    const initial = tokens[i]!.charCodeAt(0);
    if (initial < 97 || initial > 122) return '';
    acronym += tokens[i]![0];
  }
  return acronym.length >= MIN_WORDS && acronym.length <= MAX_WORDS ? acronym.toUpperCase() : '';
}

/**
 * Every acronym of an organization name: the ones it gives in brackets, and its initials.
 *
 * @example acronymsOf('BUTEMBO AIRLINES (BAL)') → ['BAL']; acronymsOf('Islamic Revolutionary Guard Corps') → ['IRGC']
 */
export function acronymsOf(raw: string): string[] {
  const given = [...raw.matchAll(BRACKETED_ACRONYM)].map((m) => m[1]!);
  const initials = acronymOf(raw);
  return initials === '' ? given : [...given, initials];
}
