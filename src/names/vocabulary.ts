/**
 * The intern table: each distinct token (and retrieval key) gets a small integer id, so prepared names
 * compare numbers and the index looks keys up without building strings. One vocabulary per index;
 * queries use it sealed, so they never grow it.
 */
import { phoneticKey } from './phonetic.js';
import { skeletonKey } from './skeleton.js';
import { StringMemo, StringTable } from './string-table.js';

/** Retrieval key ids of one token (-1: none). */
export interface TokenKeys {
  readonly phonetic: number;
  /** First three letters. */
  readonly prefix: number;
  /** Consonant skeleton (skeleton.ts). */
  readonly skeleton: number;
  /** The token as the stem or merged spelling of an indexed token ("=baghdadi"). */
  readonly alternate: number;
}

const NO_KEYS: TokenKeys = { phonetic: -1, prefix: -1, skeleton: -1, alternate: -1 };
const PREFIX_LENGTH = 3;
/** Derived keys of unknown query tokens kept for reuse (batch portfolios repeat their names). */
const UNKNOWN_CACHE_SIZE = 50_000;
/** Numbers per token in VocabularySnapshot.tokenKeys: its TokenKeys in declaration order. */
const KEYS_STRIDE = 4;

/** A sealed vocabulary as plain data (index-snapshot.ts): ids are positions in `tokens` and `keys`. */
export interface VocabularySnapshot {
  readonly tokens: readonly string[];
  readonly keys: readonly string[];
  /** Per token id, KEYS_STRIDE key ids: phonetic, prefix, skeleton, alternate. */
  readonly tokenKeys: Int32Array;
}

export interface DerivedKeys {
  readonly phonetic: string;
  readonly prefix: string;
  readonly skeleton: string;
}

/**
 * A token's derived retrieval keys as strings ('' where it has none): its Double Metaphone code, its
 * first three letters and its consonant skeleton. Two tokens meet by a key when its strings are equal,
 * whatever vocabulary interns them (a delta run matches a portfolio's tokens to changed names by them).
 */
export function derivedKeysOf(token: string): DerivedKeys {
  const skeleton = skeletonKey(token);
  return {
    phonetic: phoneticKey(token),
    prefix: token.length >= PREFIX_LENGTH ? `#${token.slice(0, PREFIX_LENGTH)}` : '',
    skeleton: skeleton ? `~${skeleton}` : '',
  };
}

export class Vocabulary {
  private readonly tokenIds = new StringTable();
  private readonly tokens: string[] = [];
  private readonly keyIds = new StringTable();
  /** Keys per token id, filled when a token is interned (computed once per distinct token). */
  private readonly keysByToken: TokenKeys[] = [];
  private readonly unknownKeys = new StringMemo(UNKNOWN_CACHE_SIZE, (token) => this.deriveKeys(token));
  private sealedFlag = false;

  /** A sealed vocabulary back from its snapshot: the same ids for the same strings. */
  static restore(snapshot: VocabularySnapshot): Vocabulary {
    const v = new Vocabulary();
    v.keyIds.reserve(snapshot.keys.length);
    v.tokenIds.reserve(snapshot.tokens.length);
    snapshot.keys.forEach((key, id) => v.keyIds.add(key, id));
    const k = snapshot.tokenKeys;
    snapshot.tokens.forEach((token, id) => {
      v.tokenIds.add(token, id);
      v.tokens.push(token);
      const at = id * KEYS_STRIDE;
      v.keysByToken.push({
        phonetic: k[at]!,
        prefix: k[at + 1]!,
        skeleton: k[at + 2]!,
        alternate: k[at + 3]!,
      });
    });
    v.sealedFlag = true;
    return v;
  }

  snapshot(): VocabularySnapshot {
    if (!this.sealedFlag) throw new Error('Vocabulary.snapshot before seal(): only a built index is kept.');
    const tokenKeys = new Int32Array(this.tokens.length * KEYS_STRIDE);
    this.keysByToken.forEach((keys, id) =>
      tokenKeys.set([keys.phonetic, keys.prefix, keys.skeleton, keys.alternate], id * KEYS_STRIDE),
    );
    return { tokens: this.tokens, keys: this.keyIds.keysInOrder(), tokenKeys };
  }

  /** The token with this id (ids from tokenId ≥ 0). */
  tokenAt(id: number): string {
    const token = this.tokens[id];
    if (token === undefined) throw new RangeError(`No token with id ${id}.`);
    return token;
  }

  /** Stops the vocabulary from growing: unknown tokens then get id -1 (queries against a built index). */
  seal(): void {
    this.sealedFlag = true;
    // Alternate keys exist only once every indexed name has added its stems and merged spellings.
    this.tokens.forEach((token, id) => {
      const keys = this.keysByToken[id]!;
      this.keysByToken[id] = { ...keys, alternate: this.keyId(`=${token}`) };
    });
  }

  get sealed(): boolean {
    return this.sealedFlag;
  }

  /** Number of distinct tokens. */
  get size(): number {
    return this.tokenIds.size;
  }

  /** Number of distinct keys. */
  get keyCount(): number {
    return this.keyIds.size;
  }

  /**
   * The lengths a token `b` could have for `a + b` to be a known token, as StringTable.restLengths'
   * bits: a pair whose bit is clear has no pairId, and pairId need not be asked.
   */
  pairRestLengths(a: string): number {
    return this.tokenIds.restLengths(a);
  }

  /** The id of the token `a + b` (a merged spelling), or -1 when unknown; never interns. */
  pairId(a: string, b: string): number {
    return this.tokenIds.getPair(a, b);
  }

  /** The id of a token, interning it unless the vocabulary is sealed (then -1 when unknown). */
  tokenId(token: string): number {
    const known = this.tokenIds.get(token);
    if (known >= 0 || this.sealedFlag) return known;
    const id = this.tokens.length;
    this.tokenIds.add(token, id);
    this.tokens.push(token);
    this.keysByToken.push(this.deriveKeys(token));
    return id;
  }

  /** The retrieval keys of a token, by id when known; unknown tokens' keys are computed and cached. */
  keysOf(token: string, tokenId: number): TokenKeys {
    return tokenId >= 0 ? (this.keysByToken[tokenId] ?? NO_KEYS) : this.unknownKeys.get(token);
  }

  /** The phonetic key id of a token (by id when known, else computed), or -1. */
  phoneticId(token: string, tokenId: number): number {
    return this.keysOf(token, tokenId).phonetic;
  }

  /** The id of any other key (phonetic codes, prefixes), interning it unless sealed. */
  keyId(key: string): number {
    if (key.length === 0) return -1;
    const known = this.keyIds.get(key);
    if (known >= 0 || this.sealedFlag) return known;
    const id = this.keyIds.size;
    this.keyIds.add(key, id);
    return id;
  }

  private deriveKeys(token: string): TokenKeys {
    const keys = derivedKeysOf(token);
    return {
      phonetic: this.keyId(keys.phonetic),
      prefix: this.keyId(keys.prefix),
      skeleton: this.keyId(keys.skeleton),
      alternate: this.sealedFlag ? this.keyId(`=${token}`) : -1,
    };
  }
}

/**
 * Shared by prepareName calls that pass no vocabulary (tests, one-off comparisons). Never sealed, so
 * it grows with every new token: long-running services prepare queries through their NameIndex.
 */
export const DEFAULT_VOCABULARY = new Vocabulary();
