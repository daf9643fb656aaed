/**
 * Numbers written in words or as ordinals become digits, so "Forty-Four Holdings", "44 Holdings" and
 * "Forty Fourth Holdings" meet, and "1st" meets "First". English only: the lists write numbers in
 * organization and vessel names in English or in digits. Person names are left alone ("Una", "Seven").
 */

const UNITS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
  'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
]; // prettier-ignore
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_UNITS = [
  '', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth',
  'eighteenth', 'nineteenth',
]; // prettier-ignore
const ORDINAL_TENS = [
  'twentieth',
  'thirtieth',
  'fortieth',
  'fiftieth',
  'sixtieth',
  'seventieth',
  'eightieth',
  'ninetieth',
];

/** Words worth a number below 100, and whether a unit may follow them ("forty" four). */
const VALUES = new Map<string, { value: number; tens: boolean }>();
UNITS.forEach((word, value) => VALUES.set(word, { value, tens: false }));
ORDINAL_UNITS.forEach((word, value) => word && VALUES.set(word, { value, tens: false }));
TENS.forEach((word, i) => VALUES.set(word, { value: 20 + 10 * i, tens: true }));
ORDINAL_TENS.forEach((word, i) => VALUES.set(word, { value: 20 + 10 * i, tens: false }));

const ORDINAL_DIGITS = /^([0-9]+)(?:st|nd|rd|th)$/;

/**
 * The words with every number in words ("forty four", "fourth") or digits with an ordinal suffix
 * ("4th") as its digits.
 *
 * @example foldNumerals(['forty', 'four', 'holdings']) → ['44', 'holdings']
 */
export function foldNumerals(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const ordinal = ORDINAL_DIGITS.exec(word);
    if (ordinal !== null) {
      out.push(String(Number(ordinal[1])));
      continue;
    }
    const number = VALUES.get(word);
    if (number === undefined) {
      out.push(word);
      continue;
    }
    const unit = number.tens ? VALUES.get(words[i + 1] ?? '') : undefined;
    if (unit !== undefined && unit.value > 0 && unit.value < 10) {
      out.push(String(number.value + unit.value));
      i++;
    } else out.push(String(number.value));
  }
  return out;
}

/** A character code of a digit: a token that starts with one is a number (tokens are normalized). */
export const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/** A token that is a number: no fuzzy comparison, "5" is not a misspelt "6". */
export const isNumeric = (token: string): boolean => isDigitCode(token.charCodeAt(0));
