/**
 * Japanese kana → Hepburn romaji as lists write it (wanakana), long vowels shortened: passports and
 * lists drop the macron and the doubled vowel ("とうきょう" Tokyo, "しょうこう" Shoko, "ローマ" Roma).
 * Kanji are Han characters and go through han.ts (a Chinese reading: Japanese needs a dictionary).
 */
import { toRomaji } from 'wanakana';

// A long vowel: the katakana mark ー (wanakana doubles the vowel), or ou/uu/oo/aa/ii written out.
const LONG_VOWEL = /([aiueo])(?:\1|(?<=o)u)/g;

// Small-vowel spellings of foreign sounds wanakana reads letter by letter (ディ → "dei").
const FOREIGN_SOUNDS: Readonly<Record<string, string>> = { ティ: 'ti', ディ: 'di', トゥ: 'tu', ドゥ: 'du' };
const FOREIGN_SOUND = /[テデトド][ィゥ]/g;

/**
 * Romanizes a run of hiragana and katakana; the middle dot ・ between a foreign given name and
 * surname becomes a space.
 *
 * @example romanizeKana('オサマ・ビンラディン') === ' osama binradin '
 */
export function romanizeKana(run: string): string {
  const spelled = run
    .replace(/[・･]/g, ' ')
    .replace(FOREIGN_SOUND, (sound) => FOREIGN_SOUNDS[sound] ?? sound);
  return ` ${toRomaji(spelled).replace(LONG_VOWEL, '$1')} `;
}
