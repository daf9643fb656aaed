/**
 * Arabic-script names (Arabic, Persian, Urdu letters) → Latin spellings near the ones lists use.
 * any-ascii, which ran before, wrote only consonants ("صالح الشاعر" → "slh lshr"): it drops alif,
 * writes ayn and hamza as apostrophes and keeps ta marbuta as "h". Unvocalized Arabic does not say
 * its short vowels, so this reads long vowels from their letters, "a" between two consonants that
 * meet, the article apart ("al shaer"), and the commonest name words from a table. A guess, but one
 * that Jaro-Winkler and the phonetic keys meet: "صالح الشاعر" → "salah al shaar" vs "Saleh Al Shaer".
 */

// The commonest words of listed Arabic and Persian names, as lists most often spell them.
const WORDS: Readonly<Record<string, string>> = {
  محمد: 'muhammad',
  احمد: 'ahmad',
  أحمد: 'ahmad',
  محمود: 'mahmoud',
  علي: 'ali',
  علی: 'ali',
  حسن: 'hassan',
  حسين: 'hussein',
  حسین: 'hussein',
  عمر: 'omar',
  عثمان: 'othman',
  يوسف: 'yusuf',
  ابراهيم: 'ibrahim',
  إبراهيم: 'ibrahim',
  خالد: 'khalid',
  مصطفى: 'mustafa',
  سعيد: 'said',
  سيد: 'sayed',
  عبد: 'abdul',
  عبدالله: 'abdullah',
  الله: 'allah',
  ابو: 'abu',
  أبو: 'abu',
  بن: 'bin',
  ابن: 'ibn',
  بنت: 'bint',
};

// Name words that lists write apart from the name they begin ("عبدالرحمن" → "abdul rahman").
const PREFIXES: readonly (readonly [string, string])[] = [
  ['عبدال', 'abdul'],
  ['عبد', 'abdul'],
  ['محمد', 'muhammad'],
  ['ابو', 'abu'],
  ['أبو', 'abu'],
];

const CONSONANTS: Readonly<Record<string, string>> = {
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ک: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  گ: 'g',
};
// Long vowels and vowel marks: alif, alif maqsura, ta marbuta ("-a": Fatima), fatha, damma, kasra.
const VOWELS: Readonly<Record<string, string>> = {
  ا: 'a',
  آ: 'a',
  أ: 'a',
  إ: 'i',
  ى: 'a',
  ة: 'a',
  ؤ: 'u',
  '\u064e': 'a',
  '\u064f': 'u',
  '\u0650': 'i',
  '\u0670': 'a',
};
const SUKUN = '\u0652';
const SHADDA = '\u0651';

/** Letter by letter: long vowels from their letters, "a" where two consonants meet unmarked. */
function spell(word: string): string {
  let out = '';
  let last: 'start' | 'consonant' | 'vowel' | 'sukun' = 'start';
  let lastConsonant = '';
  for (const ch of word) {
    const vowel = VOWELS[ch];
    const glide = ch === 'و' ? ['w', 'u'] : ch === 'ي' || ch === 'ی' ? ['y', 'i'] : undefined;
    if (vowel !== undefined || (glide !== undefined && last === 'consonant')) {
      out += vowel ?? glide![1];
      last = 'vowel';
    } else if (ch === 'ع') {
      // Ayn begins Ali, Abbas, Omar with a vowel; inside a word lists leave it out but keep the
      // vowel after it (Jafari, Shaer), so it counts as a consonant there.
      if (last === 'start') out += 'a';
      last = last === 'start' ? 'vowel' : 'consonant';
    } else if (ch === SUKUN) last = 'sukun';
    else if (ch === SHADDA) out += lastConsonant;
    else {
      const consonant = glide?.[0] ?? CONSONANTS[ch];
      if (consonant === undefined) continue; // hamza, tanwin, tatweel
      if (last === 'consonant') out += 'a';
      out += consonant;
      lastConsonant = consonant;
      last = 'consonant';
    }
  }
  return out;
}

/**
 * Romanizes one word of Arabic script: the article and common leading name words become words of
 * their own.
 *
 * @example romanizeArabic('الشاعر') === ' al shaar '
 */
export function romanizeArabic(word: string): string {
  const known = WORDS[word];
  if (known !== undefined) return ` ${known} `;
  if (word.length > 3 && word.startsWith('ال')) return ` al${romanizeArabic(word.slice(2))}`;
  for (const [prefix, spelled] of PREFIXES) {
    if (word.length > prefix.length + 1 && word.startsWith(prefix))
      return ` ${spelled}${romanizeArabic(word.slice(prefix.length))}`;
  }
  return ` ${spell(word)} `;
}
