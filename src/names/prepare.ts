/**
 * normalize → tokenize → fold legal forms → phonetic keys → interned ids: everything about a name
 * that does not depend on what it is compared with, computed once (per list name at index time,
 * per query at query time).
 */
import { normalizeName, splitCommaName } from './normalize.js';
import { hasNameVariants } from './name-variants.js';
import { fnv1a } from './string-table.js';
import { GLUED_ARTICLES } from './tables/particles.js';
import { tokenizeName } from './tokenize.js';
import {
  isInformativeClass,
  NAME_VARIANT_FLAG,
  STEMMED_FLAG,
  TOKEN_STRIDE,
  TokenClass,
  TokenField,
  type NameKind,
  type PreparedName,
} from './types.js';
import { DEFAULT_VOCABULARY, type Vocabulary } from './vocabulary.js';

/**
 * Weight of a token by class, relative to an ordinary name word (1). They keep "al", "ltd" and "the"
 * from weighing like names when no frequency table is given; with NameIndex's IDF on top they move
 * alias recall by under 0.2 points (factors 0.05–1 tried), because IDF already finds them common.
 */
export const CLASS_WEIGHT: Readonly<Record<TokenClass, number>> = {
  [TokenClass.NORMAL]: 1,
  [TokenClass.PARTICLE]: 0.2,
  [TokenClass.LEGAL_FORM]: 0.1,
  [TokenClass.STOPWORD]: 0.1,
  [TokenClass.GENERIC]: 0.4,
  [TokenClass.HONORIFIC]: 0.2,
  [TokenClass.INITIAL]: 0.4,
  // × lengthWeight: 1 for a digit. "Vessel 5" and "Vessel 6" differ as much as their number weighs.
  [TokenClass.NUMBER]: 2,
  // Lists spell out patronymics that customers and other lists leave out.
  [TokenClass.PATRONYMIC]: 0.4,
  [TokenClass.SYLLABLE]: 1,
};

/** Informativeness by length: short tokens ("li", "ali") collide more often than long ones. */
export function lengthWeight(length: number): number {
  return length >= 6 ? 1 : 0.4 + length * 0.1;
}

const MIN_STEM_LENGTH = 4;

/** The set of letters of a token as bits: a–z → 0–25, digits → 26–31 (folded). */
export function letterSet(token: string): number {
  let bits = 0;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code >= 97 && code <= 122) bits |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) bits |= 1 << (26 + ((code - 48) % 6));
  }
  return bits;
}

/** The token without a glued article ("albaghdadi" → "baghdadi"), else the token itself. */
export function stemOf(token: string): string {
  for (const article of GLUED_ARTICLES) {
    if (token.length - article.length >= MIN_STEM_LENGTH && token.startsWith(article)) {
      return token.slice(article.length);
    }
  }
  return token;
}

/** The tokens in code-unit order (insertion sort: a dozen tokens at most, no comparator calls). */
function sortedCopy(tokens: readonly string[]): string[] {
  const out = tokens.slice();
  for (let a = 1; a < out.length; a++) {
    const t = out[a]!;
    let b = a;
    for (; b > 0 && out[b - 1]! > t; b--) out[b] = out[b - 1]!;
    out[b] = t;
  }
  return out;
}

// A typed array over 64 bytes gets a buffer of its own, allocated off the heap: ~0.6 µs, a fifth of
// preparing a query in the profile; a smaller one still brings a buffer object and a byte array. A
// name's arrays are views on a shared slab instead (a view costs ~0.1 µs, and is the only object
// made: ~1 KB less garbage a query); a slab is freed once no name uses it.
const SLAB_BYTES = 65_536;
let slab = new ArrayBuffer(SLAB_BYTES);
let slabUsed = 0;

interface TypedArrayType<T> {
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
}

/** `length` zeroed elements of `Type` on the current slab (8-byte aligned). */
function slabArray<T>(Type: TypedArrayType<T>, length: number): T {
  const bytes = (length * Type.BYTES_PER_ELEMENT + 7) & ~7;
  if (bytes > SLAB_BYTES) return new Type(new ArrayBuffer(bytes), 0, length);
  if (slabUsed + bytes > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabUsed = 0;
  }
  const view = new Type(slab, slabUsed, length);
  slabUsed += bytes;
  return view;
}

/** A new name's per-token arrays, on the current slab (a kept name's live as long as its index). */
const slabScratch = (n: number): PreparedScratch => ({
  ids: slabArray(Int32Array, n),
  phonetic: slabArray(Int32Array, n),
  letters: slabArray(Int32Array, n),
  classes: slabArray(Uint8Array, n),
  weights: slabArray(Float64Array, n),
  stems: [],
  merged: [],
});

/**
 * Puts "SURNAME, Given" in reading order for people ("MADURO MOROS, Nicolas" → "Nicolas MADURO MOROS"),
 * unless what follows the comma is only a legal form ("ACME, INC.").
 */
function readingOrder(raw: string, kind: NameKind): string {
  if (kind === 'organization') return normalizeName(raw);
  const parts = splitCommaName(raw);
  if (parts === undefined) return normalizeName(raw);
  const given = normalizeName(parts.given);
  const surname = normalizeName(parts.surname);
  if (kind === 'any') {
    const tail = tokenizeName(given, 'organization');
    if (tail.classes.every((c) => c === TokenClass.LEGAL_FORM)) return `${surname} ${given}`.trim();
  }
  return `${given} ${surname}`.trim();
}

/**
 * Prepares a name for scoring. Pass the index's vocabulary so token ids are shared; a sealed
 * vocabulary gives id -1 to tokens it does not know (they can then only meet by fuzzy signals).
 *
 * @example prepareName('AL-BAGHDADI, Abu Bakr', 'individual').tokens → ['abu', 'bakr', 'al', 'baghdadi']
 */
export function prepareName(
  raw: string,
  kind: NameKind,
  vocabulary: Vocabulary = DEFAULT_VOCABULARY,
): PreparedName {
  const normalized = readingOrder(typeof raw === 'string' ? raw : '', kind);
  const { tokens, classes, legalFormClass } = tokenizeName(normalized, kind);
  return prepareTokens(normalized, tokens, classes, legalFormClass, kind, vocabulary);
}

/**
 * The rest of prepareName, from a name already tokenized: a delta run prepares the tokens an earlier
 * run recorded for a portfolio row (row-sources.ts) without normalizing the name again.
 */
export function prepareTokens(
  normalized: string,
  tokens: readonly string[],
  classes: ArrayLike<number>,
  legalForm: string | null,
  kind: NameKind,
  vocabulary: Vocabulary,
): PreparedName {
  const n = tokens.length;
  const arrays = slabScratch(n);
  const { ids, phonetic, letters, classes: classArray, weights, stems, merged } = arrays;
  const packed = slabArray(Float64Array, n * TOKEN_STRIDE);
  for (let i = 0; i < n; i++) {
    const token = tokens[i] ?? '';
    const cls = (classes[i] ?? TokenClass.NORMAL) as TokenClass;
    ids[i] = vocabulary.tokenId(token);
    phonetic[i] = vocabulary.phoneticId(token, ids[i] ?? -1);
    letters[i] = letterSet(token);
    classArray[i] = cls;
    weights[i] = CLASS_WEIGHT[cls] * lengthWeight(token.length);
    const stem = stemOf(token);
    stems.push(stem);
    const at = i * TOKEN_STRIDE;
    packed[at + TokenField.ID] = ids[i]!;
    packed[at + TokenField.PHONETIC] = phonetic[i]!;
    packed[at + TokenField.LETTERS] = letters[i]!;
    packed[at + TokenField.LENGTH] = token.length;
    packed[at + TokenField.INITIAL] = token.charCodeAt(0);
    packed[at + TokenField.CLASS] = cls;
    packed[at + TokenField.STEM] =
      fnv1a(stem) + (stem === token ? 0 : STEMMED_FLAG) + (hasNameVariants(token) ? NAME_VARIANT_FLAG : 0);
    packed[at + TokenField.WEIGHT] = weights[i]!;
    if (i + 1 < n) merged.push(token + (tokens[i + 1] ?? ''));
  }
  return preparedOf(normalized, kind, tokens, arrays, packed, legalForm, vocabulary);
}

/** The PreparedName of tokens whose arrays are filled: its exact key is worked out here. */
function preparedOf(
  normalized: string,
  kind: NameKind,
  tokens: readonly string[],
  arrays: PreparedScratch,
  packed: Float64Array,
  legalForm: string | null,
  vocabulary: Vocabulary,
): PreparedName {
  const { ids, phonetic, letters, classes, weights, stems, merged } = arrays;
  let informative = false;
  for (let i = 0; i < tokens.length && !informative; i++) informative = isInformativeClass(classes[i]!);
  const exactKey = sortedCopy(tokens).join(' ');
  return {
    normalized,
    kind,
    tokens,
    ids,
    phonetic,
    letters,
    packed,
    classes,
    weights,
    stems,
    merged,
    exactKey,
    exactHash: fnv1a(exactKey),
    informative,
    legalForm,
    vocabulary,
  };
}

/**
 * A copy of a prepared name for an index to keep. V8 decides per allocation site (an object or array
 * literal) whether to allocate straight into the old generation, from how many of the site's objects
 * survive. An index that kept the names preparedOf made taught its sites that they all survive, and
 * every query prepared after the build then went to the old generation, where only a major GC (which
 * marks the whole index again) frees it: measured on 100k prepared queries, 80 MB reached the old
 * generation, 4 MB with this copy. Its properties are preparedOf's in the same order, so copies and
 * queries share one hidden class (a spread made another, and the scorers that meet both slowed down).
 */
export function keptCopy(name: PreparedName): PreparedName {
  return {
    normalized: name.normalized,
    kind: name.kind,
    tokens: name.tokens.slice(),
    ids: name.ids,
    phonetic: name.phonetic,
    letters: name.letters,
    packed: name.packed,
    classes: name.classes,
    weights: name.weights,
    stems: name.stems.slice(),
    merged: name.merged.slice(),
    exactKey: name.exactKey,
    exactHash: name.exactHash,
    informative: name.informative,
    legalForm: name.legalForm,
    vocabulary: name.vocabulary,
  };
}

/** A name's per-token arrays (PreparedName's): prepareTokens fills new ones, preparePacked reuses them. */
export interface PreparedScratch {
  readonly ids: Int32Array;
  readonly phonetic: Int32Array;
  readonly letters: Int32Array;
  readonly classes: Uint8Array;
  readonly weights: Float64Array;
  readonly stems: string[];
  readonly merged: string[];
}

export const preparedScratch = (n: number): PreparedScratch => ({
  ids: new Int32Array(n),
  phonetic: new Int32Array(n),
  letters: new Int32Array(n),
  classes: new Uint8Array(n),
  weights: new Float64Array(n),
  stems: new Array<string>(n).fill(''),
  merged: new Array<string>(Math.max(0, n - 1)).fill(''),
});

/**
 * What prepareTokens gives for these tokens, from their packed numbers already worked out (each
 * token's are its own: prepared alone, they are the same), in `scratch`'s arrays: a delta run's row
 * gate scores ~100k rows a run and allocated ~1.6 KB of arrays for each. The name shares `tokens`,
 * `packed` and `scratch` until they are reused.
 */
export function preparePacked(
  tokens: readonly string[],
  packed: Float64Array,
  kind: NameKind,
  vocabulary: Vocabulary,
  scratch: PreparedScratch,
): PreparedName {
  fillFromPacked(tokens, packed, scratch);
  return preparedOf(tokens.join(' '), kind, tokens, scratch, packed, null, vocabulary);
}

/** A name's arrays (stems and merged spellings from `tokens`, the rest from `packed`) into `scratch`. */
function fillFromPacked(tokens: readonly string[], packed: Float64Array, scratch: PreparedScratch): void {
  const { ids, phonetic, letters, classes, weights, stems, merged } = scratch;
  for (let i = 0; i < tokens.length; i++) {
    const at = i * TOKEN_STRIDE;
    ids[i] = packed[at + TokenField.ID]!;
    phonetic[i] = packed[at + TokenField.PHONETIC]!;
    letters[i] = packed[at + TokenField.LETTERS]!;
    classes[i] = packed[at + TokenField.CLASS]!;
    weights[i] = packed[at + TokenField.WEIGHT]!;
    stems[i] = stemOf(tokens[i]!);
    if (i + 1 < tokens.length) merged[i] = tokens[i]! + tokens[i + 1]!;
  }
}

/**
 * A list name back from an index snapshot (name-columns.ts): its tokens and packed numbers as the
 * index kept them (its weights included), the other arrays derived as preparePacked derives them.
 * The same name NameIndex.add kept, made at keptCopy's allocation site.
 */
export function restoredName(
  normalized: string,
  kind: NameKind,
  tokens: readonly string[],
  packed: Float64Array,
  legalForm: string | null,
  vocabulary: Vocabulary,
): PreparedName {
  const scratch = slabScratch(tokens.length);
  fillFromPacked(tokens, packed, scratch);
  return keptCopy(preparedOf(normalized, kind, tokens, scratch, packed, legalForm, vocabulary));
}
