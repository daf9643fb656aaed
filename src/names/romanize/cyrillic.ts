/**
 * Russian and Ukrainian Cyrillic → the Latin spellings sanctions lists use. Lists follow BGN/PCGN
 * for Russian without its diacritics ("Yevgeniy", "Khodorkovskiy", "Shchukin") and the Ukrainian
 * national system of 2010 for Ukrainian ("Volodymyr", "Zelenskyy", "Yanukovych"). any-ascii, which
 * ran before, wrote "Evgeniy" and "Zelens'kiy". Sources: BGN/PCGN 1947 Russian and 2019 Ukrainian
 * romanization tables (gov.uk "Romanisation systems"); Resolution 55 of the Cabinet of Ukraine (2010).
 */

// Iotated vowels are "ye", "yu", "ya" at the start of a word and after a vowel or a sign; "e"/"iu"/"ia" after a consonant.
const IOTATED_RU: Readonly<Record<string, readonly [string, string]>> = {
  е: ['ye', 'e'],
  ё: ['yo', 'e'],
  ю: ['yu', 'yu'],
  я: ['ya', 'ya'],
};
const IOTATED_UK: Readonly<Record<string, readonly [string, string]>> = {
  є: ['ye', 'ie'],
  ї: ['yi', 'i'],
  й: ['y', 'i'],
  ю: ['yu', 'iu'],
  я: ['ya', 'ia'],
};

const COMMON: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  д: 'd',
  ж: 'zh',
  з: 'z',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ь: '',
};
const RUSSIAN: Readonly<Record<string, string>> = { ...COMMON, г: 'g', и: 'i', й: 'y', ы: 'y', э: 'e' };
const UKRAINIAN: Readonly<Record<string, string>> = { ...COMMON, г: 'h', ґ: 'g', е: 'e', и: 'y', і: 'i' };

// So the adjectival ending -ий comes out "-iy" in Russian ("Dmitriy") and "-yy" in Ukrainian ("Zelenskyy").
const VOWELS_AND_SIGNS = new Set('аеёиоуыэюяієїъь');

/**
 * Korean names as Russian writes them (the Kontsevich system and its older spellings: Ким Чен Ын,
 * Ким Ир Сен, Чхве Рён Хэ) back to the lists' McCune–Reischauer: a whole word only, and only
 * syllables that are no Russian word or name.
 */
const KOREAN_SYLLABLES: Readonly<Record<string, string>> = {
  чен: 'jong',
  чон: 'jong',
  чжон: 'jong',
  ын: 'un',
  ир: 'il',
  сен: 'song',
  чхве: 'choe',
  цой: 'choe',
  хён: 'hyon',
  ён: 'yong',
  рён: 'ryong',
  хэ: 'hae',
  чхоль: 'chol',
  чхор: 'chol',
  хи: 'hui',
  сук: 'suk',
};

/** Letters only Ukrainian writes: a name holding one is read as Ukrainian throughout. */
export const UKRAINIAN_LETTERS = /[ІіЇїЄєҐґ]/;

/**
 * Romanizes a run of Cyrillic letters; other characters pass through.
 *
 * @example romanizeCyrillic('Евгений', false) === 'yevgeniy'; romanizeCyrillic('Зеленський', true) === 'zelenskyy'
 */
export function romanizeCyrillic(run: string, ukrainian: boolean): string {
  const letters = ukrainian ? UKRAINIAN : RUSSIAN;
  const iotated = ukrainian ? IOTATED_UK : IOTATED_RU;
  const lower = run.toLowerCase();
  const korean = KOREAN_SYLLABLES[lower];
  if (korean !== undefined) return korean;
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i]!;
    const pair = iotated[ch];
    if (pair !== undefined) {
      const before = lower[i - 1];
      out +=
        before === undefined || VOWELS_AND_SIGNS.has(before) || !/\p{L}/u.test(before) ? pair[0] : pair[1];
      continue;
    }
    out += letters[ch] ?? ch;
  }
  return out;
}
