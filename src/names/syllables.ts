/**
 * Chinese and Korean syllables as Warden romanizes them (tables/syllables.ts, generated from
 * pinyin-pro and romanize/hangul.ts), and the passport spellings of tables/romanizations.ts.
 */
import { ROMANIZATION_FAMILIES } from './tables/romanizations.js';
import { KOREAN_SYLLABLES, PINYIN_SYLLABLES } from './tables/syllables.js';

const SYLLABLES: ReadonlySet<string> = new Set(
  `${PINYIN_SYLLABLES} ${KOREAN_SYLLABLES} ${ROMANIZATION_FAMILIES}`.split(/\s+/).filter(Boolean),
);

/** Shortest part of a two-syllable word: single vowels would split too many words. */
const MIN_PART = 2;

/**
 * True when the word is one syllable, or two written together ("jinping", "jongun").
 *
 * @example isSyllabic('jinping') === true; isSyllabic('smith') === false
 */
export function isSyllabic(word: string): boolean {
  if (SYLLABLES.has(word)) return true;
  for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut++) {
    if (SYLLABLES.has(word.slice(0, cut)) && SYLLABLES.has(word.slice(cut))) return true;
  }
  return false;
}
