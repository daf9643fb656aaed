/**
 * Khmer → the spellings lists give Cambodian names and foreign names written in Khmer. any-ascii
 * writes Khmer vowels letter by letter after the French-era convention ("ពូទីន" → "poutein",
 * "សែន" → "saen"); lists write them as English does (Putin, Sen). Three folds of its output close
 * most of the gap: "ou" → u, "ei" → i, "ae" → e (UNGEGN, "Report on the Current Status of United
 * Nations Romanization Systems for Geographical Names: Khmer", 2013, for the vowel values).
 */
import anyAscii from 'any-ascii';

const FOLDS: readonly (readonly [RegExp, string])[] = [
  [/ou/g, 'u'],
  [/ei/g, 'i'],
  [/ae/g, 'e'],
];

/**
 * Romanizes a run of Khmer.
 *
 * @example romanizeKhmer('ពូទីន') === ' putin '
 */
export function romanizeKhmer(run: string): string {
  let out = anyAscii(run).toLowerCase();
  for (const [from, to] of FOLDS) out = out.replace(from, to);
  return ` ${out} `;
}
