/**
 * A retrieval key that survives transliteration: the token's consonants in order, with the letters
 * that romanizations swap for one another folded together and vowels dropped. "eslami" and
 * "islami", "jawad" and "javad", "rahigi" and "rahiqi", "tsitadel" and "citadel", "promtekhpostavka"
 * and "promtehpostavka" share it, where their prefixes or Double Metaphone codes differ.
 * Only the index uses it (to find candidates); the scorer still compares the real spellings.
 */

/** Shortest token we key: below four letters the skeleton is one or two consonants shared by everyone. */
export const MIN_SKELETON_LENGTH = 4;

const VOWELS = 'aeiouy';

// Letter → class; vowels and h (aspiration, "kh"/"gh"/"dh" in romanized Arabic and Slavic) fold away.
const CLASS: Readonly<Record<string, string>> = {
  b: 'b',
  c: 'k',
  d: 't',
  f: 'v',
  g: 'k',
  h: '',
  j: 'j',
  k: 'k',
  l: 'l',
  m: 'm',
  n: 'n',
  p: 'p',
  q: 'k',
  r: 'r',
  s: 's',
  t: 't',
  v: 'v',
  w: 'v',
  x: 'ks',
  z: 's',
};

/**
 * The consonant skeleton of a normalized token, with "*" for a leading vowel; '' for short or
 * numeric tokens.
 *
 * @example skeletonKey('chornomornaftogaz') === skeletonKey('chernomorneftegaz') // 'ksrnmrnvtks'
 */
export function skeletonKey(token: string): string {
  if (token.length < MIN_SKELETON_LENGTH) return '';
  const first = token.charCodeAt(0);
  if (first >= 48 && first <= 57) return '';
  let out = VOWELS.includes(token[0]!) ? '*' : '';
  let last = '';
  for (let i = 0; i < token.length; i++) {
    const ch = token[i]!;
    const next = token[i + 1];
    let cls: string;
    if (ch === 'c' && next !== undefined && 'eiy'.includes(next)) cls = 's';
    else if ((ch === 't' || ch === 'd') && (next === 's' || next === 'z'))
      continue; // ts, tz, dz → s
    else cls = CLASS[ch] ?? '';
    if (cls === '' || cls === last) {
      if (VOWELS.includes(ch)) last = '';
      continue;
    }
    out += cls;
    last = cls;
  }
  return out;
}
