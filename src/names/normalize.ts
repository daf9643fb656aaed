/**
 * Step 1 of the name pipeline: one canonical ASCII spelling for any name, in any script.
 * Everything downstream (tables, index, queries) meets in this form, so tables are compiled
 * through this same function (STYLE.md §6).
 */
import anyAscii from 'any-ascii';
import { romanizeArabic } from './romanize/arabic.js';
import { romanizeCyrillic, UKRAINIAN_LETTERS } from './romanize/cyrillic.js';
import { romanizeGreek } from './romanize/greek.js';
import { romanizeHan } from './romanize/han.js';
import { romanizeHangul } from './romanize/hangul.js';
import { romanizeKana } from './romanize/kana.js';
import { romanizeKhmer } from './romanize/khmer.js';
import { StringMemo } from './string-table.js';

/**
 * Longest input we look at. Real names are under 200 characters (the longest UN/OFAC primary
 * name is ~150); bounding the work keeps a hostile 10 MB "name" from costing more than a normal one.
 */
export const MAX_NAME_CHARS = 512;

// Scripts any-ascii writes unlike the lists (romanize/ says how); one test per non-ASCII text keeps
// every other text, Latin with accents above all, on the path it took before.
const ROMANIZED_SCRIPT =
  /[\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Greek}\p{Script=Khmer}]/u;
// Runs of one script each; the middle dots and the long-vowel mark belong to the run they are in.
const CYRILLIC_RUN = /\p{Script=Cyrillic}+/gu;
const ARABIC_RUN = /[\p{Script=Arabic}\u064b-\u0652\u0670]+/gu;
const HAN_RUN = /\p{Script=Han}[\p{Script=Han}\u00b7\u2022\u2027\u30fb]*/gu;
const KANA_RUN =
  /[\p{Script=Hiragana}\p{Script=Katakana}][\p{Script=Hiragana}\p{Script=Katakana}\u30fb\u30fc]*/gu;
const HANGUL_RUN = /\p{Script=Hangul}+/gu;
const GREEK_RUN = /\p{Script=Greek}+/gu;
const KHMER_RUN = /\p{Script=Khmer}+/gu;
// Apostrophes and Arabic ayn/hamza marks join their neighbours: O'Brien → obrien, Ba'ath → baath.
const JOINERS = /['`\u00b4\u02b9-\u02bf\u2018\u2019\u201b\u2032]/g;
// A dot inside a run of single letters is an abbreviation: S.A. → sa, L.L.C. → llc (but J.Smith → j smith).
const ABBREVIATION_DOT = /\b([a-z])\.(?=[a-z]\b)/g;
const NON_ALNUM = /[^a-z0-9]+/g;
// Fast paths for the common cases: plain ASCII needs no NFKC and no transliteration, and letters
// separated by single spaces need nothing but lower case.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const PLAIN_WORDS = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

/** Each script's runs through its romanizer; what is left (accents, other scripts) is any-ascii's. */
function romanizeScripts(text: string, ukrainian: boolean): string {
  return text
    .replace(CYRILLIC_RUN, (run) => romanizeCyrillic(run, ukrainian))
    .replace(ARABIC_RUN, romanizeArabic)
    .replace(HAN_RUN, romanizeHan)
    .replace(KANA_RUN, romanizeKana)
    .replace(HANGUL_RUN, romanizeHangul)
    .replace(GREEK_RUN, romanizeGreek)
    .replace(KHMER_RUN, romanizeKhmer);
}

/** Cuts a string to `max` UTF-16 units without leaving half of a surrogate pair at the end. */
function truncate(raw: string, max: number): string {
  if (raw.length <= max) return raw;
  const last = raw.charCodeAt(max - 1);
  return raw.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * Normalizes a name to lower-case ASCII words separated by single spaces.
 * NFKC, transliteration of every script (romanize/ for Cyrillic, Arabic, Chinese, Japanese kana,
 * Korean, Greek and Khmer, as lists spell them; any-ascii for the rest), diacritics stripped,
 * apostrophes joined, other punctuation and control characters turned into spaces, `&` spelled "and".
 *
 * @example normalizeName("AL-QA'IDA") === 'al qaida'; normalizeName('Ким Чен Ын') === 'kim jong un'
 */
export function normalizeName(raw: string): string {
  if (typeof raw !== 'string' || raw.length === 0) return '';
  const s = truncate(raw, MAX_NAME_CHARS);
  if (PLAIN_WORDS.test(s)) return s.toLowerCase();
  // Word by word, each through the cache: normalizeText is the same on a word as inside its name,
  // because no step reaches across a space (any-ascii and the case fold go code point by code point,
  // NFKC composes nothing with a space, a script run or an abbreviation has none) and a space is kept
  // until the last step folds it into the punctuation around it. The one exception, a Ukrainian
  // letter anywhere making the whole name Ukrainian, picks the cache.
  const words = UKRAINIAN_LETTERS.test(s) ? ukrainianWords : normalizedWords;
  let name = '';
  for (let from = 0; from < s.length;) {
    let to = s.indexOf(' ', from);
    if (to < 0) to = s.length;
    const word = to > from ? words.get(s.slice(from, to)) : '';
    if (word.length > 0) name = name.length === 0 ? word : `${name} ${word}`;
    from = to + 1;
  }
  return name;
}

/**
 * normalizeName's work on a whole text at once, uncached: normalizeName gives the same word by word.
 * Exported for the test that holds the two equal on real names.
 */
export function normalizeText(text: string, ukrainian = UKRAINIAN_LETTERS.test(text)): string {
  let s = text;
  if (!PRINTABLE_ASCII.test(s)) {
    s = s.normalize('NFKC');
    if (ROMANIZED_SCRIPT.test(s)) s = romanizeScripts(s, ukrainian);
    s = anyAscii(s);
  }
  s = s.toLowerCase().replace(JOINERS, '').replace(ABBREVIATION_DOT, '$1').replaceAll('&', ' and ');
  return s.replace(NON_ALNUM, ' ').trim();
}

/**
 * Normalized words kept for reuse: a word that is not plain (accents, another script, punctuation)
 * costs ~4 µs to normalize, a lookup ~0.1 µs.
 */
const normalizedWords = new StringMemo(50_000, (word) => normalizeText(word, false));
/** The same for the words of Ukrainian names ("и" is "y", "г" is "h" there). */
const ukrainianWords = new StringMemo(5_000, (word) => normalizeText(word, true));

/**
 * Splits the legacy list form "SURNAME, Given names" into its two halves, or returns undefined when
 * the name has no comma or more than one ("ACME, INC., LONDON BRANCH" is not a person's name).
 *
 * @example splitCommaName('MADURO MOROS, Nicolas') → { surname: 'MADURO MOROS', given: 'Nicolas' }
 */
export function splitCommaName(raw: string): { surname: string; given: string } | undefined {
  const comma = raw.indexOf(',');
  if (comma <= 0 || raw.indexOf(',', comma + 1) !== -1) return undefined;
  const surname = raw.slice(0, comma).trim();
  const given = raw.slice(comma + 1).trim();
  if (surname.length === 0 || given.length === 0) return undefined;
  return { surname, given };
}
