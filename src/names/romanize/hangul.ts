/**
 * Korean Hangul → the spellings sanctions lists give Korean names: McCune–Reischauer as North Korea
 * writes it, without breves or apostrophes, one syllable per word ("Kim Jong Un", "Choe Ryong Hae",
 * "Pak Pong Ju", "Ri Yong Ho"). South Korea's Revised Romanization (any-ascii's "Gim Jeong Eun")
 * meets none of these. Sources: McCune & Reischauer, "The Romanization of the Korean Language" (1939);
 * DPRK romanization of 2002 (UN Working Group on Romanization Systems, "Korean", 2013).
 */

// Hangul syllables are composed arithmetically: 0xAC00 + (initial * 21 + vowel) * 28 + final.
const FIRST = 0xac00;
const LAST = 0xd7a3;

// Initials as at the start of a syllable written apart: ㄱ k, ㄷ t, ㅂ p (DPRK), ㅈ j, ㄹ r, ㅇ silent.
const INITIALS = [
  'k',
  'kk',
  'n',
  't',
  'tt',
  'r',
  'm',
  'p',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'k',
  't',
  'p',
  'h',
];
// ㅓ and ㅡ are ŏ and ŭ in McCune–Reischauer; lists drop the breve ("Jong", "Un").
const VOWELS = [
  'a',
  'ae',
  'ya',
  'yae',
  'o',
  'e',
  'yo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'u',
  'ui',
  'i',
];
const FINALS = [
  '',
  'k',
  'k',
  'k',
  'n',
  'n',
  'n',
  't',
  'l',
  'k',
  'm',
  'l',
  'l',
  'l',
  'p',
  'l',
  'm',
  'p',
  'p',
  't',
  't',
  'ng',
  't',
  't',
  'k',
  't',
  'p',
  't',
];

/**
 * Surnames whose listed spelling is not the syllable's: the initial ㅇ North Korea writes "R"
 * (이 Ri, 임 Rim) and the aspirate lists keep (태 Thae). The others come out of the syllable table as
 * lists write them (김 Kim, 박 Pak, 최 Choe, 정 Jong, 조 Jo, 리 Ri, 류 Ryu, 현 Hyon, 장 Jang).
 * Source: the McCune–Reischauer column of "List of Korean surnames" (Wikipedia).
 */
const SURNAMES: Readonly<Record<string, string>> = { 이: 'ri', 임: 'rim', 태: 'thae' };

function syllable(code: number): string {
  const offset = code - FIRST;
  const final = offset % 28;
  const vowel = ((offset - final) / 28) % 21;
  const initial = Math.floor(offset / 28 / 21);
  return INITIALS[initial]! + VOWELS[vowel]! + FINALS[final]!;
}

/**
 * Romanizes a run of Hangul: a name of three syllables or more is a surname and a given name, the
 * given name's syllables written as one word ("Jongun"); a run of two is one word (a given name
 * written apart, or a name the lists' "Kim Il" meets as a merged pair). Lists write given-name
 * syllables apart too ("Kim Jong Un"), and the alignment meets them merged; split into syllables,
 * a query of three short, common tokens meets too many listed Koreans by two of them.
 *
 * @example romanizeHangul('김정은') === ' kim jongun '
 */
export function romanizeHangul(run: string): string {
  const syllables: string[] = [];
  let out = ' ';
  const flush = () => {
    if (syllables.length >= 3) out += `${syllables[0]} ${syllables.slice(1).join('')} `;
    else if (syllables.length > 0) out += `${syllables.join('')} `;
    syllables.length = 0;
  };
  for (const ch of run) {
    const code = ch.codePointAt(0)!;
    if (code < FIRST || code > LAST) {
      flush();
      out += `${ch} `;
    } else {
      const first = syllables.length === 0 && out === ' ';
      syllables.push((first ? SURNAMES[ch] : undefined) ?? syllable(code));
    }
  }
  flush();
  return out;
}
