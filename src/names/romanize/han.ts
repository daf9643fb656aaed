/**
 * Chinese characters → toneless pinyin (pinyin-pro) in the shapes lists write Chinese names:
 * - a personal name of two or three characters is the surname, then the given name in one word
 *   ("习近平" → "xi jinping", "欧阳娜娜" → "ouyang nana"), surname readings as pinyin-pro's surname mode gives them;
 * - a foreign name written in characters, its parts split at the middle dot, is one word per part
 *   with the syllables that stand for a lone consonant cut to it ("弗拉基米尔·普京" → "vlajimir pujin",
 *   near "Vladimir Putin");
 * - anything longer is a syllable per token (align.ts's merged signal rejoins "dan dong" and
 *   "Dandong"), and the company words of a few legal forms are translated ("有限公司" → "co ltd").
 */
import { pinyin } from 'pinyin-pro';

// Generic words of Chinese company names, simplified and traditional, as their English list names have them.
const COMPANY_WORDS: readonly (readonly [string, string])[] = [
  ['股份有限公司', 'co ltd'],
  ['有限责任公司', 'co ltd'],
  ['有限責任公司', 'co ltd'],
  ['有限公司', 'co ltd'],
  ['公司', 'co'],
  ['集团', 'group'],
  ['集團', 'group'],
  ['银行', 'bank'],
  ['銀行', 'bank'],
  ['国际', 'international'],
  ['國際', 'international'],
  ['贸易', 'trading'],
  ['貿易', 'trading'],
  ['科技', 'technology'],
  ['香港', 'hong kong'],
];
const COMPANY_WORD = new RegExp(COMPANY_WORDS.map(([word]) => word).join('|'), 'g');
const COMPANY_SPELLING = new Map(COMPANY_WORDS);

/**
 * Characters that Chinese transliterations of foreign names use for a consonant without its vowel
 * (Xinhua's transliteration tables): 尔 -r, 斯 -s, 克 -k, 特 -t, 德 -d, 姆 -m, 夫 f-, 兹 -z, 茨 -ts, 格 g-;
 * 弗 stands for f or v before a consonant (弗拉基米尔 Vladimir, 弗兰克 Frank): "v", which the phonetic key
 * reads as "f" anyway.
 */
const LONE_CONSONANTS: Readonly<Record<string, string>> = {
  尔: 'r',
  爾: 'r',
  斯: 's',
  克: 'k',
  特: 't',
  德: 'd',
  姆: 'm',
  夫: 'f',
  弗: 'v',
  兹: 'z',
  茲: 'z',
  茨: 'ts',
  格: 'g',
};

// Two-character surnames (the common ones of the Hundred Family Surnames).
const COMPOUND_SURNAMES = new Set([
  '欧阳',
  '歐陽',
  '司马',
  '司馬',
  '诸葛',
  '諸葛',
  '上官',
  '东方',
  '東方',
  '皇甫',
  '令狐',
  '慕容',
  '司徒',
  '夏侯',
]);

const syllables = (text: string, surname: boolean): string[] =>
  pinyin(text, { toneType: 'none', type: 'array', surname: surname ? 'head' : 'off' });

// Transliterations write a foreign "-n" with "-ng" syllables too (普京 Putin): "pujin" meets "putin", "pujing" does not.
function foreignPart(part: string): string {
  let word = '';
  for (const ch of part) word += LONE_CONSONANTS[ch] ?? syllables(ch, false).join('').replace(/ng$/, 'n');
  return word;
}

// Chinese names have two or three characters, four with a two-character surname; longer words and
// words with a company word are names of organizations.
function isPersonalName(word: string): boolean {
  const compound = COMPOUND_SURNAMES.has(word.slice(0, 2));
  return word.length >= 2 && word.length <= (compound ? 4 : 3) && word.search(COMPANY_WORD) < 0;
}

function personalName(name: string): string {
  const split = COMPOUND_SURNAMES.has(name.slice(0, 2)) ? 2 : 1;
  const read = syllables(name, true);
  return `${read.slice(0, split).join('')} ${read.slice(split).join('')}`;
}

/**
 * Romanizes one word of Chinese characters (a middle dot may split it).
 *
 * @example romanizeHan('习近平') === ' xi jinping '
 */
export function romanizeHan(word: string): string {
  const parts = word.split(/[·・•‧]/).filter((part) => part.length > 0);
  if (parts.length > 1) return ` ${parts.map(foreignPart).join(' ')} `;
  if (isPersonalName(word)) return ` ${personalName(word)} `;
  let out = ' ';
  let from = 0;
  for (const m of word.matchAll(COMPANY_WORD)) {
    if (m.index > from) out += `${syllables(word.slice(from, m.index), false).join(' ')} `;
    out += `${COMPANY_SPELLING.get(m[0])} `;
    from = m.index + m[0].length;
  }
  if (from < word.length) out += `${syllables(word.slice(from), false).join(' ')} `;
  return out;
}
