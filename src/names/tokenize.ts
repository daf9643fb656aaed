/**
 * Step 2: a normalized name → bounded tokens with a class each. Person titles in front are dropped;
 * particles, stopwords and legal forms are kept as weak tokens (the scorer weighs them, never
 * ignores them), because they can be the only difference between two names.
 */
import { foldLegalForms } from './fold-legal-forms.js';
import { normalizeName } from './normalize.js';
import { foldNumerals } from './numerals.js';
import { isSyllabic } from './syllables.js';
import { PERSON_HONORIFICS, PERSON_SUFFIXES } from './tables/honorifics.js';
import { ORG_GENERIC_WORDS, ORG_STOPWORDS } from './tables/org-stopwords.js';
import {
  ABD_ARTICLES,
  ABD_GLUED,
  ABD_WORDS,
  ABDULLAH_SPELLINGS,
  NAME_PARTICLES,
  PARTICLE_SPELLINGS as PARTICLE_SPELLING_TABLE,
} from './tables/particles.js';
import { TokenClass, type NameKind } from './types.js';

/**
 * Most tokens a name keeps. The longest UN/OFAC names have 9–10 words; beyond 12 the rest is noise,
 * and alignment is quadratic in token count.
 */
export const MAX_TOKENS = 12;

function compileWords(words: readonly string[]): ReadonlySet<string> {
  const set = new Set<string>();
  for (const word of words) for (const token of normalizeName(word).split(' ')) if (token) set.add(token);
  return set;
}

const HONORIFICS = compileWords(PERSON_HONORIFICS);
const SUFFIXES = compileWords(PERSON_SUFFIXES);
const PARTICLES = compileWords(NAME_PARTICLES);
const STOPWORDS = compileWords(ORG_STOPWORDS);
const GENERIC = compileWords(ORG_GENERIC_WORDS);
const ABD = new Set(ABD_WORDS);
const ABD_ARTICLE = new Set(ABD_ARTICLES);
const ABDULLAH = new Set(ABDULLAH_SPELLINGS);
const PARTICLE_SPELLINGS = new Map(Object.entries(PARTICLE_SPELLING_TABLE));

/** One spelling per particle, and every "Abd al-X" written as the single token "abdulx". */
function foldArabicCompounds(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    // Every "Abd" form starts with "abd": most words leave after three character tests.
    if (!word.startsWith('abd')) {
      out.push(PARTICLE_SPELLINGS.get(word) ?? word);
      continue;
    }
    if (ABDULLAH.has(word)) {
      out.push('abdullah');
      continue;
    }
    if (ABD.has(word)) {
      const skip = ABD_ARTICLE.has(words[i + 1] ?? '') ? 2 : 1;
      const next = words[i + skip];
      if (next !== undefined && next.length >= 3) {
        out.push(next === 'allah' || next === 'llah' ? 'abdullah' : `abdul${next}`);
        i += skip;
        continue;
      }
    }
    const glued = ABD_GLUED.exec(word);
    if (glued !== null && !ABDULLAH.has(word)) {
      out.push(`abdul${glued[1] ?? ''}`);
      continue;
    }
    out.push(word);
  }
  return out;
}

const NUMBER = /^[0-9]+$/;

// Russian, Ukrainian and Belarusian patronymics: Vladimirovich, Ivanovna, Volodymyrovych, Petrivna.
const SLAVIC_PATRONYMIC = /(?:ovich|evich|ovych|evych|ovna|evna|ivna)$/;

/**
 * Inside a person's name (neither first nor last word, where given names and surnames stand), a
 * Slavic patronymic and a word after "bin" name the father: PATRONYMIC, weighed less, since lists
 * spell them out and customers leave them out. The last word after "bin" is the family name (bin
 * LADIN), and an "-ovich" last is a surname (Roman ABRAMOVICH).
 */
function markPatronymics(tokens: readonly string[], classes: TokenClass[]): void {
  for (let i = 1; i < tokens.length - 1; i++) {
    if (classes[i] !== TokenClass.NORMAL) continue;
    const token = tokens[i]!;
    if (tokens[i - 1] === 'bin' || (token.length > 6 && SLAVIC_PATRONYMIC.test(token))) {
      classes[i] = TokenClass.PATRONYMIC;
    }
  }
}

/**
 * A person's name of two or more words, each a Chinese or Korean syllable or two of them ("wang guo
 * ying", "kim jongun"), is written syllable by syllable: its words become SYLLABLE.
 */
function markSyllables(tokens: readonly string[], classes: TokenClass[]): void {
  let words = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (classes[i] !== TokenClass.NORMAL) continue;
    if (!isSyllabic(tokens[i]!)) return;
    words++;
  }
  if (words < 2) return;
  for (let i = 0; i < tokens.length; i++)
    if (classes[i] === TokenClass.NORMAL) classes[i] = TokenClass.SYLLABLE;
}

export interface TokenizedName {
  readonly tokens: string[];
  readonly classes: TokenClass[];
  /** Canonical class of the organization's legal form ("ltd", "llc"), or null. */
  readonly legalFormClass: string | null;
}

function classify(token: string, kind: NameKind): TokenClass {
  if (NUMBER.test(token)) return TokenClass.NUMBER;
  if (token.length === 1) return TokenClass.INITIAL;
  if (PARTICLES.has(token)) return TokenClass.PARTICLE;
  if (kind !== 'individual') {
    if (STOPWORDS.has(token)) return TokenClass.STOPWORD;
    if (GENERIC.has(token)) return TokenClass.GENERIC;
  }
  if (kind !== 'organization' && (HONORIFICS.has(token) || SUFFIXES.has(token))) return TokenClass.HONORIFIC;
  return TokenClass.NORMAL;
}

/** Two or three consonants that are a name, not initials. */
const CONSONANT_NAMES: ReadonlySet<string> = new Set(['ng']);

/**
 * A person's initials written together ("JC Juncker", "MD Rahman") are initials, one token each: a
 * word of two or three letters without a vowel is no given name, in a name whose other words have
 * vowels (a name of vowelless words is a consonant script romanized: Hebrew "smvn frs").
 */
function splitGluedInitials(words: string[]): string[] {
  if (words.length < 2 || !words.some(isGluedInitials) || !words.some(hasVowel)) return words;
  return words.flatMap((w) => (isGluedInitials(w) ? [...w] : [w]));
}

const hasVowel = (word: string): boolean => /[aeiouy]/.test(word);

const isGluedInitials = (word: string): boolean =>
  word.length >= 2 && word.length <= 3 && /^[b-df-hj-np-tv-xz]+$/.test(word) && !CONSONANT_NAMES.has(word);

/**
 * Splits a normalized name into classified tokens.
 * Individuals: leading titles and trailing suffixes are dropped (never the whole name).
 * Organizations: legal forms are folded into their class. 'any': both kept as weak tokens.
 *
 * @example tokenizeName('dr ayman al zawahiri', 'individual').tokens → ['ayman', 'al', 'zawahiri']
 */
export function tokenizeName(normalized: string, kind: NameKind): TokenizedName {
  let words = normalized.length === 0 ? [] : foldArabicCompounds(normalized.split(' '));
  if (kind === 'individual') {
    let start = 0;
    let end = words.length;
    while (start < end - 1 && HONORIFICS.has(words[start] ?? '')) start++;
    while (end - 1 > start && SUFFIXES.has(words[end - 1] ?? '')) end--;
    words = splitGluedInitials(words.slice(start, end));
  }
  if (kind !== 'individual') words = foldNumerals(words);
  let legalForm: boolean[] | undefined;
  let legalFormClass: string | null = null;
  if (kind !== 'individual') {
    const folded = foldLegalForms(words);
    words = folded.tokens;
    legalForm = folded.legalForm;
    legalFormClass = folded.legalFormClass;
  }
  const count = Math.min(words.length, MAX_TOKENS);
  const tokens = words.slice(0, count);
  const classes: TokenClass[] = [];
  for (let i = 0; i < count; i++) {
    classes.push(legalForm?.[i] === true ? TokenClass.LEGAL_FORM : classify(tokens[i] ?? '', kind));
  }
  // A particle joins the name part after it, and a title stands before a name: last in a name of
  // several words, either is a name of its own ("PAN Bin", "Adrián MAJOR", "William KING").
  const last = classes[count - 1];
  if (count > 1 && (last === TokenClass.PARTICLE || last === TokenClass.HONORIFIC)) {
    classes[count - 1] = TokenClass.NORMAL;
  }
  if (kind !== 'organization') {
    markPatronymics(tokens, classes);
    markSyllables(tokens, classes);
  }
  return { tokens, classes, legalFormClass };
}
