/**
 * Internal hot-path shapes of the name pipeline. Not resources: never exported from src/index.ts
 * (STYLE.md §4). Numbers and typed arrays, so the scorer compares integers, not strings.
 */
import type { Vocabulary } from './vocabulary.js';

/** What a name is expected to be; decides title dropping and legal-form folding. */
export type NameKind = 'individual' | 'organization' | 'any';

/** Why a token weighs what it weighs. */
export const TokenClass = {
  NORMAL: 0,
  /** al, bin, van, de… */
  PARTICLE: 1,
  /** a folded legal form: ltd, llc, jsc… */
  LEGAL_FORM: 2,
  /** the, and, of (organizations) */
  STOPWORD: 3,
  /** trading, group, international (organizations) */
  GENERIC: 4,
  /** a title or suffix kept inside a name (Haji, Jr) */
  HONORIFIC: 5,
  /** a single letter: J. */
  INITIAL: 6,
  /** digits: "Vessel 5", "Plant 155" (never fuzzy, and they weigh: they tell two such names apart) */
  NUMBER: 7,
  /** a father's name inside a person's name: Vladimir VLADIMIROVICH Putin, Usama bin MUHAMMAD bin Awad bin Ladin */
  PATRONYMIC: 8,
  /**
   * a word of a Chinese or Korean name written syllable by syllable (WANG Guo Ying): each syllable
   * is part of the name, so one the other name lacks costs as much on the list's side as on the query's
   */
  SYLLABLE: 9,
} as const;
export type TokenClass = (typeof TokenClass)[keyof typeof TokenClass];

/** A class that carries a name's identity (not a particle, legal form, stopword, title or initial). */
export const isInformativeClass = (cls: number): boolean =>
  cls === TokenClass.NORMAL || cls === TokenClass.GENERIC || cls === TokenClass.SYLLABLE;

/**
 * A class whose tokens open retrieval keys (NameIndex.candidates, and the row gate that mirrors it):
 * the informative ones, and patronymics, which rarely decide a match but find its candidates.
 */
export const opensRetrievalKeys = (cls: number): boolean =>
  isInformativeClass(cls) || cls === TokenClass.PATRONYMIC;

/** A name ready to be compared: computed once per list name at index time and once per query. */
export interface PreparedName {
  /** normalizeName of the input, before tokenization (for display and debugging). */
  readonly normalized: string;
  readonly kind: NameKind;
  readonly tokens: readonly string[];
  /** Interned token ids; -1 when the vocabulary is sealed and does not know the token. */
  readonly ids: Int32Array;
  /** Double Metaphone primary key id per token; -1 when there is none or it is unknown. */
  readonly phonetic: Int32Array;
  /** Letters present in each token as a bit set (a–z → bits 0–25, digits share bits 26–31): a cheap gate before Jaro-Winkler. */
  readonly letters: Int32Array;
  /**
   * Every per-token number again, packed token by token (token i's at i * TOKEN_STRIDE + TokenField.X),
   * so scoring a list name reads one contiguous array instead of a cache miss per field.
   */
  readonly packed: Float64Array;
  /** TokenClass per token. */
  readonly classes: Uint8Array;
  /** Default weight per token (length and class), used when the caller supplies no frequency table. */
  readonly weights: Float64Array;
  /** The token without a glued article ("albaghdadi" → "baghdadi"), else the token itself. */
  readonly stems: readonly string[];
  /** tokens[i] + tokens[i + 1], to meet a name written as one word ("abdulrahman"). */
  readonly merged: readonly string[];
  /** The sorted tokens joined by spaces: two names are EXACT when their keys are equal. */
  readonly exactKey: string;
  /** A hash of exactKey: different hashes rule EXACT out without reading the strings. */
  readonly exactHash: number;
  /** True when the name has at least one token that is not weak (particle, legal form, stopword…). */
  readonly informative: boolean;
  /** Canonical legal-form class of an organization name ("ltd"), or null. */
  readonly legalForm: string | null;
  readonly vocabulary: Vocabulary;
}

/**
 * Offsets of a token's fields in PreparedName.packed. Hot loops copy them into module constants
 * (`const { ID, LENGTH } = TokenField`): V8 folds a module's own constants, while `TokenField.ID` in a
 * loop is a load of an imported object's property each time (measured: scoring ~8 % faster).
 */
export const TokenField = {
  ID: 0,
  PHONETIC: 1,
  LETTERS: 2,
  LENGTH: 3,
  /** Character code of the first letter. */
  INITIAL: 4,
  CLASS: 5,
  /**
   * The token's stem (stems[i]) as an FNV-1a hash, plus STEMMED_FLAG when the stem is not the token
   * itself (a glued article): the score bound tells from it whether two tokens' stems could be equal.
   */
  STEM: 6,
  WEIGHT: 7,
} as const;
export const TOKEN_STRIDE = 8;
/** Added to TokenField.STEM's hash for a token with a glued article (hashes are below 2^32). */
export const STEMMED_FLAG = 2 ** 32;
/**
 * Added to TokenField.STEM for a token with name variants (name-variants.ts). A STEM below STEMMED_FLAG is a
 * plain token, one only its spelling can make similar; either flag sends it to tokenSimilarity.
 */
export const NAME_VARIANT_FLAG = 2 ** 33;

/** True when a TokenField.STEM value says the token has a glued article. */
export const isStemmed = (stem: number): boolean => stem % NAME_VARIANT_FLAG >= STEMMED_FLAG;

/**
 * True when only their spellings can make two tokens (their TokenField.STEM values) similar: neither
 * has a glued article, and not both have name variants (a given name meets its nickname only if
 * both are in the tables; Robert and Smith are plain to each other).
 */
export const plainPair = (qStem: number, cStem: number): boolean =>
  (qStem < STEMMED_FLAG && cStem < STEMMED_FLAG) ||
  (!isStemmed(qStem) && !isStemmed(cStem) && (qStem < NAME_VARIANT_FLAG || cStem < NAME_VARIANT_FLAG));

/** Number of tokens, read from the packed array (the hot path then need not touch `tokens`). */
export function tokenCount(name: Pick<PreparedName, 'packed'>): number {
  return name.packed.length / TOKEN_STRIDE;
}

/** How an aligned token pair was recognised. */
export const MatchSignal = {
  EXACT: 0,
  JARO_WINKLER: 1,
  LEVENSHTEIN: 2,
  PHONETIC: 3,
  INITIAL: 4,
  /** two tokens on one side are one token on the other ("abdul rahman" / "abdulrahman") */
  MERGED: 5,
  /** equal once a glued article is removed ("albaghdadi" / "baghdadi") */
  PARTICLE: 6,
  /** a given name and its short form ("bob" / "robert", "sasha" / "aleksandr") */
  NICKNAME: 7,
  /** two romanizations of one Korean or Chinese name ("lee" / "ri", "park" / "pak", "zhou" / "chou") */
  ROMANIZATION: 8,
  /** the query is the initials of the listed organization's name ("irgc" / "islamic revolutionary guard corps") */
  ACRONYM: 9,
} as const;
export type MatchSignal = (typeof MatchSignal)[keyof typeof MatchSignal];

export const MATCH_SIGNAL_NAMES = [
  'exact',
  'jaro-winkler',
  'levenshtein',
  'phonetic',
  'initial',
  'merged',
  'particle',
  'nickname',
  'romanization',
  'acronym',
] as const;
export type MatchSignalName = (typeof MATCH_SIGNAL_NAMES)[number];

/** One line of a match explanation: which query token met which list token, how, and how much it counted. */
export interface AlignedPair {
  /** Query token(s); two tokens joined by a space when merged. */
  readonly query: string;
  readonly candidate: string;
  readonly signal: MatchSignalName;
  readonly similarity: number;
  /** The pair's share of the name's total weight. */
  readonly weight: number;
}

/** Optional informativeness of a token id (IDF-like, 0..1); receives -1 for tokens the index never saw. */
export type TokenWeight = (tokenId: number) => number;
