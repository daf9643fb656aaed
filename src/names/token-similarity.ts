/**
 * The similarity of one query token and one list token, from the cheapest signal that recognises
 * them: equal ids, an initial ("j" / "john"), a glued article ("albaghdadi" / "baghdadi"), edit
 * similarity (Jaro-Winkler blended with the edit-distance ratio, a swap of neighbours one edit),
 * raised a little by an equal Double Metaphone key.
 * Allocation-free: strings and integers in, a number out, the winning signal in TOKEN_MATCH.
 */
import type { MatchConfig } from './config.js';
import { MIN_VOWEL_DISCOUNT_LENGTH, transliterationDistance, VOWEL_BITS } from './edit-distance.js';
import { nameVariant, NO_VARIANT } from './name-variants.js';
import { isNumeric } from './numerals.js';
import { GENDERED_GIVEN_NAMES, givenNames, NOT_GIVEN_NAMES } from './given-names.js';
import { jaroWinkler, jaroWinklerBound } from './jaro-winkler.js';
import { MatchSignal } from './types.js';

/** The signal that produced the last tokenSimilarity result (read it right after the call). */
export const TOKEN_MATCH: { signal: MatchSignal } = { signal: MatchSignal.EXACT };

/**
 * Similarity of two tokens (0..1); the winning signal is left in TOKEN_MATCH.signal.
 * Ids and phonetic ids are -1 when unknown; `qStem`/`cStem` are the tokens without a glued article.
 */
export function tokenSimilarity(
  q: string,
  qId: number,
  qPhonetic: number,
  qStem: string,
  qLetters: number,
  c: string,
  cId: number,
  cPhonetic: number,
  cStem: string,
  cLetters: number,
  cfg: MatchConfig,
): number {
  TOKEN_MATCH.signal = MatchSignal.EXACT;
  if ((qId >= 0 && qId === cId) || q === c) return 1;
  if (isNumeric(q) || isNumeric(c)) return 0;
  const ql = q.length;
  const cl = c.length;
  if (ql === 1 || cl === 1) {
    TOKEN_MATCH.signal = MatchSignal.INITIAL;
    return ql !== cl && q.charCodeAt(0) === c.charCodeAt(0) ? cfg.initialSimilarity : 0;
  }
  const variant = nameVariant(q, c);
  if (variant !== NO_VARIANT) {
    TOKEN_MATCH.signal = variant as MatchSignal;
    return cfg.nameVariantSimilarity;
  }
  if ((qStem !== q || cStem !== c) && qStem === cStem) {
    TOKEN_MATCH.signal = MatchSignal.PARTICLE;
    return cfg.particleSimilarity;
  }
  const samePhonetic = qPhonetic >= 0 && qPhonetic === cPhonetic;
  TOKEN_MATCH.signal = MatchSignal.JARO_WINKLER;
  // Too different in length or letters to be spelt alike: no signal makes them similar, a shared
  // sound included (Double Metaphone keeps only consonant classes: "eddi" / "utao" share one).
  if (!spellingVariantsPossible(ql, qLetters, cl, cLetters)) return 0;
  const jw = jaroWinkler(q, c);
  if (jw < cfg.jaroWinklerFloor && !samePhonetic) return 0;
  const longer = ql > cl ? ql : cl;
  const lev = 1 - transliterationDistance(q, c) / longer;
  // Jaro-Winkler alone is generous to shared prefixes (kovalenko/kovalchuk 0.87); the Levenshtein
  // ratio (0.56 there) is generous to nothing. Their mean separates spelling variants from
  // different names better than either (bench/names/accuracy.ts).
  const edit = cfg.jaroWinklerShare * jw + (1 - cfg.jaroWinklerShare) * lev;
  let similarity = edit;
  if (samePhonetic) {
    TOKEN_MATCH.signal = MatchSignal.PHONETIC;
    similarity = withPhonetic(edit, cfg);
  } else if (jw < cfg.jaroWinklerFloor) return 0;
  else if (lev > jw) TOKEN_MATCH.signal = MatchSignal.LEVENSHTEIN;
  // The caps below only lower: a similarity under both needs no lookup (most pairs).
  if (similarity <= cfg.genderedGivenNamesSimilarity && similarity <= cfg.distinctGivenNamesSimilarity) {
    return similarity;
  }
  const names = givenNames(q, c);
  if (names === NOT_GIVEN_NAMES) return similarity;
  // Only lowered: the score bound, which knows nothing of given names, still holds.
  const cap =
    names === GENDERED_GIVEN_NAMES
      ? cfg.genderedGivenNamesSimilarity
      : samePhonetic
        ? 1
        : cfg.distinctGivenNamesSimilarity;
  return similarity < cap ? similarity : cap;
}

/**
 * An equal Double Metaphone key adds to the spelling's similarity rather than replacing it: a shared
 * sound confirms a close spelling ("mohammed" / "muhammad"), but alone it is weak evidence, since
 * the key drops vowels and merges consonant classes ("ted" / "daud", "haleigh" / "halawi").
 */
export function withPhonetic(edit: number, cfg: MatchConfig): number {
  // At most half the way to 1: two different spellings never score as equal tokens.
  const halfway = (1 - edit) / 2;
  return edit + (cfg.phoneticBonus < halfway ? cfg.phoneticBonus : halfway);
}

/**
 * Cheap gates: tokens of very different length, or sharing under 40 % of their letters, are not
 * spelling variants of each other, and no signal makes them similar. With
 * both gates the alias benchmark runs 2.8 Jaro-Winkler calls per candidate name instead of 15.
 */
export function spellingVariantsPossible(
  qLength: number,
  qLetters: number,
  cLength: number,
  cLetters: number,
): boolean {
  const longer = qLength > cLength ? qLength : cLength;
  const shorter = qLength > cLength ? cLength : qLength;
  return (
    shorter * 2 >= longer && shareEnoughLetters(popcount(qLetters & cLetters), popcount(qLetters | cLetters))
  );
}

/** The letter gate of spellingVariantsPossible, from the counts of common letters and of all letters. */
export const shareEnoughLetters = (common: number, all: number): boolean => common * 5 >= all * 2;

/**
 * The highest similarity tokenSimilarity could give two different tokens of more than one letter and
 * no glued article, from their lengths, letter sets, first letters and phonetic keys alone: the
 * spelling gates, then bounds on Jaro-Winkler and on the Levenshtein ratio. A letter one token has
 * and the other lacks is a character neither can match (Jaro) and an edit (Levenshtein).
 */
export function tokenSimilarityBound(
  qLength: number,
  qLetters: number,
  qInitial: number,
  qPhonetic: number,
  cLength: number,
  cLetters: number,
  cInitial: number,
  cPhonetic: number,
  cfg: MatchConfig,
): number {
  if (!spellingVariantsPossible(qLength, qLetters, cLength, cLetters)) return 0;
  const samePhonetic = qPhonetic >= 0 && qPhonetic === cPhonetic;
  const onlyQuery = popcount(qLetters & ~cLetters);
  const onlyCandidate = popcount(cLetters & ~qLetters);
  const jw = jaroWinklerBound(qLength, cLength, onlyQuery, onlyCandidate, qInitial === cInitial);
  if (jw < cfg.jaroWinklerFloor && !samePhonetic) return 0;
  const longer = qLength > cLength ? qLength : cLength;
  // A letter one token lacks is an edit, and a transposition moves letters without adding any. Only
  // vowels apart, in tokens of one length, they may be half an edit each (transliterationDistance).
  let edits = Math.max(Math.abs(qLength - cLength), onlyQuery, onlyCandidate);
  const vowelsApart =
    qLength === cLength &&
    qLength >= MIN_VOWEL_DISCOUNT_LENGTH &&
    ((qLetters ^ cLetters) & ~VOWEL_BITS) === 0;
  if (vowelsApart) edits /= 2;
  const edit = cfg.jaroWinklerShare * jw + (1 - cfg.jaroWinklerShare) * (1 - edits / longer);
  return samePhonetic ? withPhonetic(edit, cfg) : edit;
}

/**
 * Gate for merged comparisons: a merged pair only meets a token of about its length that starts
 * with the same letter ("abdul rahman" / "abdulrahman"); most token pairs fail it for two integer tests.
 */
export function mergeable(
  mergedLength: number,
  mergedInitial: number,
  length: number,
  initial: number,
): boolean {
  const d = mergedLength - length;
  return d <= 2 && d >= -2 && mergedInitial === initial;
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
