/**
 * Known given names, by gender. Two different given names a letter or two apart (Peter / Petra,
 * Marco / Marcos, Marina / Mariya) are two names people are really given, not one name misspelt: an
 * edit between them is weak evidence, and between a woman's and a man's name (Michael / Michaela,
 * Aleksandr / Aleksandra) none. A typo of a rare surname stays strong evidence: it is in no such table.
 */
import { EITHER_GIVEN_NAMES, FEMALE_GIVEN_NAMES, MALE_GIVEN_NAMES } from './tables/given-names.js';

const FEMALE = 1;
const MALE = 2;
const EITHER = FEMALE | MALE;

const genders = new Map<string, number>();
for (const [names, gender] of [
  [FEMALE_GIVEN_NAMES, FEMALE],
  [MALE_GIVEN_NAMES, MALE],
  [EITHER_GIVEN_NAMES, EITHER],
] as const) {
  for (const name of names.split(' ')) genders.set(name, gender);
}

/** givenNames: the two tokens are not both known given names (or are the same token). */
export const NOT_GIVEN_NAMES = 0;
/** givenNames: two different known given names. */
export const DISTINCT_GIVEN_NAMES = 1;
/** givenNames: a name given only to women and one given only to men. */
export const GENDERED_GIVEN_NAMES = 2;

/**
 * How two different normalized tokens relate as given names.
 *
 * @example givenNames('michael', 'michaela') === GENDERED_GIVEN_NAMES
 */
export function givenNames(a: string, b: string): number {
  const ga = genders.get(a);
  if (ga === undefined) return NOT_GIVEN_NAMES;
  const gb = genders.get(b);
  if (gb === undefined || a === b) return NOT_GIVEN_NAMES;
  return (ga | gb) === EITHER && ga !== EITHER && gb !== EITHER ? GENDERED_GIVEN_NAMES : DISTINCT_GIVEN_NAMES;
}
