/**
 * The intern table: each distinct token (and phonetic key) gets a small integer id, so prepared names
 * compare numbers. One vocabulary per index; queries use it sealed, so they never grow it.
 */
import { phoneticKey } from './phonetic.js';

export class Vocabulary {
  private readonly tokenIds = new Map<string, number>();
  private readonly keyIds = new Map<string, number>();
  /** Phonetic key id per token id, filled when a token is interned (computed once per distinct token). */
  private readonly phoneticByToken: number[] = [];
  private sealedFlag = false;

  /** Stops the vocabulary from growing: unknown tokens then get id -1 (queries against a built index). */
  seal(): void {
    this.sealedFlag = true;
  }

  get sealed(): boolean {
    return this.sealedFlag;
  }

  /** Number of distinct tokens. */
  get size(): number {
    return this.tokenIds.size;
  }

  /** The id of a token, interning it unless the vocabulary is sealed (then -1 when unknown). */
  tokenId(token: string): number {
    const known = this.tokenIds.get(token);
    if (known !== undefined) return known;
    if (this.sealedFlag) return -1;
    const id = this.tokenIds.size;
    this.tokenIds.set(token, id);
    this.phoneticByToken.push(this.keyId(phoneticKey(token)));
    return id;
  }

  /** The phonetic key id of a token (by id when known, else computed), or -1. */
  phoneticId(token: string, tokenId: number): number {
    if (tokenId >= 0) return this.phoneticByToken[tokenId] ?? -1;
    return this.keyId(phoneticKey(token));
  }

  /** The id of any other key (phonetic codes, prefixes), interning it unless sealed. */
  keyId(key: string): number {
    if (key.length === 0) return -1;
    const known = this.keyIds.get(key);
    if (known !== undefined) return known;
    if (this.sealedFlag) return -1;
    const id = this.keyIds.size;
    this.keyIds.set(key, id);
    return id;
  }
}

/**
 * Shared by prepareName calls that pass no vocabulary (tests, one-off comparisons). Never sealed, so
 * it grows with every new token: long-running services prepare queries through their NameIndex.
 */
export const DEFAULT_VOCABULARY = new Vocabulary();
