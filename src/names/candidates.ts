/**
 * Candidate retrieval: an inverted index from token evidence to list names, so a query scores a few
 * dozen names instead of the whole list (DESIGN.md §4). Keys per token: its id (exact), its glued
 * and merged spellings, its Double Metaphone key, its consonant skeleton and its first three letters
 * (fuzzy spellings). Postings live in one flat array, so a query allocates nothing.
 * Queries walk their rarest keys first and stop after a posting budget, so one common token
 * ("mohammed") cannot make a query slow.
 *
 * Also the source of token informativeness: `tokenWeight` is an IDF over the indexed names.
 */
import type { MatchConfig } from './config.js';
import { fromColumns, toColumns, type NameColumns } from './name-columns.js';
import { PackedNames } from './packed-names.js';
import { runSteps, type Steps } from './steps.js';
import { keptCopy, prepareName, prepareTokens, stemOf } from './prepare.js';
import { MAX_TOKENS } from './tokenize.js';
import type { BoundQuery } from './score.js';
import {
  TOKEN_STRIDE,
  opensRetrievalKeys,
  TokenField,
  type NameKind,
  type PreparedName,
  type TokenWeight,
} from './types.js';
import { Vocabulary, type VocabularySnapshot } from './vocabulary.js';

/** Which indexed names a query may meet (every name by default). */
export interface CandidateScope {
  /** First slot in scope. */
  readonly from?: number;
  /** One past the last slot in scope. */
  readonly to?: number;
  /** Per slot, 1 where the name may be met. */
  readonly keep?: Uint8Array | undefined;
}

export interface NameIndexOptions {
  /**
   * Most candidates a query returns (best evidence first). 16: on the alias benchmark, 20 finds
   * 0.1 % more spelling variants at MEDIUM (96.0 %, the same at 1 % false positives) for ~10 % more
   * search time; 12 loses 0.4 %, 50 gains 0.2 % for 2.5× the scoring time.
   */
  readonly maxCandidates?: number;
  /** Postings a query may walk before it stops opening new keys (bounds the cost of common tokens). */
  readonly maxPostings?: number;
  /**
   * Multiply the token weights of indexed and query names by their IDF once, when they are prepared
   * (default false). Then score them without a `tokenWeight`; when false, pass `index.tokenWeight`
   * to the scorer instead — the two give the same scores.
   */
  readonly idfWeights?: boolean;
  /**
   * Drop candidates whose evidence is below this share of the best candidate's (default 0.4). On the
   * alias benchmark 0.4 scores a quarter fewer candidates than 0.25 for the same recall of spelling
   * variants (96.0 % at MEDIUM); 0.6 costs 0.3 %.
   */
  readonly minEvidenceRatio?: number;
}

// Posting keys in one number: a token id * 2 (the token itself), or a vocabulary key id * 2 + 1
// (phonetic code, prefix, skeleton, alternate spelling). Dense, so postings are one flat array.
const tokenKey = (id: number): number => (id < 0 ? -1 : id * 2);
const otherKey = (id: number): number => (id < 0 ? -1 : id * 2 + 1);
// Evidence per key kind: an exact token says more than a shared sound, skeleton or prefix.
const EVIDENCE = { exact: 1, alternate: 0.9, skeleton: 0.7, phonetic: 0.6, prefix: 0.4 } as const;
// A name has at most MAX_TOKENS tokens × 7 keys.
const MAX_QUERY_KEYS = 96;
// A query token's keys (tokenKeys) and their evidence: its own, sound, prefix and skeleton keys (every
// name holding the token is listed under these four), then its alternate spelling and its stem.
const TOKEN_KEYS = 6;
const TOKEN_KEY_EVIDENCE = [
  EVIDENCE.exact,
  EVIDENCE.phonetic,
  EVIDENCE.prefix,
  EVIDENCE.skeleton,
  EVIDENCE.alternate,
  EVIDENCE.alternate,
] as const;

/*
 * A token's keys in one scope, opened alone (NameIndex.tokenInScope), as numbers in the gate's arena
 * (a row reads every token's: each separate object was a cache miss, and an array per token was
 * three). First a header: on its first cache line the number of keys, their postings in all, `best`
 * and `top` once every key is walked, the weight of the token's merged spelling with the next, whether
 * the token begins a kept name's token, how many kept names its keys list, and the length of it all;
 * then the lengths a next token could have to merge with it into a known token (pairRestLengths: most
 * pairs of a row are settled without looking their merged spelling up). Then per such kept name, its
 * slot and the weight of all the keys that list it (what a query that walks every key reads: nearly
 * all do); then per key in walk order KEY_STRIDE numbers (postings start and count, key, weight, then
 * `best` and `top` after it); then per kept name a key lists, KEPT_STRIDE numbers (slot, weight, the
 * key's rank).
 */
const [H_KEYS, H_POSTINGS, H_BEST, H_TOP, H_MERGED, H_STARTS_KEPT, H_KEPT, H_LENGTH, H_REST_LENGTHS] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8,
] as const;
const HEADER = 9;
const KEY_STRIDE = 6;
const [K_FROM, K_LENGTH, K_ID, K_WEIGHT, K_BEST, K_TOP] = [0, 1, 2, 3, 4, 5] as const;
const KEPT_STRIDE = 3;

const NONE: readonly number[] = [];
const NO_SLOTS = new Int32Array(0);

/** KeptCandidates.reach of a token: one of its keys lists a kept name. */
export const REACH_LISTED = 1;
/** KeptCandidates.reach of a token: it could merge with the next token into a kept name's token. */
const REACH_MERGES = 2;

/**
 * A delta run's row gate (NameIndex.keptCandidates). `inScope` works out an informative token's keys
 * in a scope, once per token and scope (the caller keeps where they are), and `reach` what they
 * could lead to (REACH_LISTED, REACH_MERGES): `candidates` finds nothing for a query none of whose
 * tokens reach, or only its last one by merging. `candidates` gives the kept names a query of `n`
 * tokens could get among its candidates in `scope`, from their texts and where their keys in scope
 * are (-1 for a token that opens no key: see opensRetrievalKeys); the returned array is overwritten
 * by the next call.
 */
export interface KeptCandidates {
  inScope(text: string, scope: CandidateScope): number;
  reach(keysAt: number): number;
  candidates(texts: readonly string[], keysAt: Int32Array, n: number, scope: CandidateScope): Int32Array;
}

/**
 * A built NameIndex as plain data and typed arrays (screening/index-snapshot.ts stores it): restoring
 * one skips preparing the names and sorting the postings, the whole cost of a build.
 */
export interface NameIndexSnapshot {
  readonly options: Required<NameIndexOptions>;
  readonly vocabulary: VocabularySnapshot;
  readonly names: NameColumns;
  readonly owners: Int32Array;
  readonly offsets: Int32Array;
  readonly slots: Int32Array;
  readonly idf: Float64Array;
  readonly partition: number;
  readonly partitionAt: Int32Array;
}

/** Names with owner ids, indexed for candidate retrieval. Add every name, `build()`, then query. */
export class NameIndex {
  readonly vocabulary: Vocabulary;
  private readonly names: PreparedName[] = [];
  private readonly owners: number[] = [];
  // Postings as names are added, as (key, slot) pairs: build() sorts them into per-key lists. Two
  // flat arrays, not an array per key: those were ~33 MB of garbage on OFAC SDN, promoted before
  // build() dropped them.
  private pairKeys = new Int32Array(1024);
  private pairSlots = new Int32Array(1024);
  private pairCount = 0;
  // Postings of key k: slots[offsets[k] .. offsets[k + 1]), ascending.
  private offsets: Int32Array = new Int32Array(1);
  private slots: Int32Array = new Int32Array(0);
  private idf: Float64Array = new Float64Array(0);
  // Per key, where its postings cross `partition` (see build): the two scopes queries ask for most.
  private partition = 0;
  private partitionAt: Int32Array = new Int32Array(0);
  private evidence = new Float32Array(0);
  private touched = new Int32Array(0);
  private result = new Int32Array(0);
  private bounds = new Float64Array(64);
  private packed: PackedNames | undefined;
  // Restored with only some of its names (restore's `keep`).
  private partial = false;
  private readonly maxCandidates: number;
  private readonly maxPostings: number;
  private readonly idfWeights: boolean;
  private readonly minEvidenceRatio: number;
  // Per query key: where its postings (in scope) start, their evidence weight and their count.
  private readonly queryKeys = new Int32Array(MAX_QUERY_KEYS);
  private readonly queryKeyWeight = new Float64Array(MAX_QUERY_KEYS);
  private readonly queryKeyLength = new Int32Array(MAX_QUERY_KEYS);
  private readonly queryKeyIds = new Int32Array(MAX_QUERY_KEYS);
  // Per query key, for keptCandidates: the query token whose own keys it is (-1: a merged spelling).
  private readonly queryKeyToken = new Int32Array(MAX_QUERY_KEYS);

  constructor(options: NameIndexOptions = {}, vocabulary = new Vocabulary()) {
    this.vocabulary = vocabulary;
    this.maxCandidates = options.maxCandidates ?? 16;
    this.maxPostings = options.maxPostings ?? 5_000;
    this.idfWeights = options.idfWeights ?? false;
    this.minEvidenceRatio = options.minEvidenceRatio ?? 0.4;
  }

  /**
   * A built index again, answering every query as the one `snapshot()` was taken of. With `keep`,
   * only the names whose byte is 1 are restored: the others stay in the postings and the token
   * weights but cannot be scored (a delta run's narrowed index never meets them), and the index
   * cannot be snapshot again.
   */
  static restore(snapshot: NameIndexSnapshot, keep?: Uint8Array): NameIndex {
    return runSteps(NameIndex.restoring(snapshot, keep));
  }

  /** `restore` in steps (names/steps.ts), each a few tens of milliseconds on OFAC SDN. */
  static *restoring(snapshot: NameIndexSnapshot, keep?: Uint8Array): Steps<NameIndex> {
    const index = new NameIndex(snapshot.options, Vocabulary.restore(snapshot.vocabulary));
    yield;
    const names = yield* fromColumns(snapshot.names, index.vocabulary, keep);
    // By position, so holes stay holes (forEach skips them).
    index.names.length = names.length;
    names.forEach((name, slot) => (index.names[slot] = name));
    index.partial = keep !== undefined;
    for (const owner of snapshot.owners) index.owners.push(owner);
    index.offsets = snapshot.offsets;
    index.slots = snapshot.slots;
    index.idf = snapshot.idf;
    index.partition = snapshot.partition;
    index.partitionAt = snapshot.partitionAt;
    index.pairKeys = index.pairSlots = new Int32Array(0);
    yield;
    index.ready();
    return index;
  }

  snapshot(): NameIndexSnapshot {
    if (this.packed === undefined) throw new Error('NameIndex.snapshot before build().');
    if (this.partial) throw new Error('NameIndex.snapshot of an index restored in part.');
    const { maxCandidates, maxPostings, idfWeights, minEvidenceRatio } = this;
    return {
      options: { maxCandidates, maxPostings, idfWeights, minEvidenceRatio },
      vocabulary: this.vocabulary.snapshot(),
      names: toColumns(this.names),
      owners: Int32Array.from(this.owners),
      offsets: this.offsets,
      slots: this.slots,
      idf: this.idf,
      partition: this.partition,
      partitionAt: this.partitionAt,
    };
  }

  /** Number of indexed names. */
  get size(): number {
    return this.names.length;
  }

  /** Adds a name of an owner (an entity); returns the name's slot. */
  add(raw: string, kind: NameKind, owner: number): number {
    if (this.vocabulary.sealed) throw new Error('NameIndex.add after build(): build a new index instead.');
    const name = keptCopy(prepareName(raw, kind, this.vocabulary));
    const slot = this.names.length;
    this.names.push(name);
    this.owners.push(owner);
    const v = this.vocabulary;
    for (let i = 0; i < name.tokens.length; i++) {
      const token = name.tokens[i] ?? '';
      const id = name.ids[i] ?? -1;
      const keys = v.keysOf(token, id);
      this.post(tokenKey(id), slot);
      this.post(otherKey(keys.phonetic), slot);
      this.post(otherKey(keys.prefix), slot);
      this.post(otherKey(keys.skeleton), slot);
      const stem = name.stems[i] ?? token;
      if (stem !== token) this.post(otherKey(v.keyId(`=${stem}`)), slot);
      const merged = name.merged[i];
      if (merged !== undefined) this.post(otherKey(v.keyId(`=${merged}`)), slot);
    }
    return slot;
  }

  private post(key: number, slot: number): void {
    if (key < 0) return;
    if (this.pairCount === this.pairKeys.length) {
      const keys = new Int32Array(this.pairCount * 2);
      keys.set(this.pairKeys);
      this.pairKeys = keys;
      const slots = new Int32Array(this.pairCount * 2);
      slots.set(this.pairSlots);
      this.pairSlots = slots;
    }
    this.pairKeys[this.pairCount] = key;
    this.pairSlots[this.pairCount++] = slot;
  }

  /**
   * Freezes the index: seals the vocabulary, packs postings, counts token frequencies. Slots below
   * `partition` (say, the individuals' names) and from it on are the two scopes asked for most:
   * where each posting list crosses it is computed once, not searched per query.
   */
  build(partition = 0): void {
    this.vocabulary.seal();
    const keySpace = 2 * Math.max(this.vocabulary.size, this.vocabulary.keyCount) + 2;
    // A counting sort by key, stable: each key's slots stay in the order names were added, ascending.
    const starts = new Int32Array(keySpace + 1);
    for (let p = 0; p < this.pairCount; p++) starts[this.pairKeys[p]! + 1]!++;
    for (let k = 0; k < keySpace; k++) starts[k + 1]! += starts[k]!;
    const sorted = new Int32Array(this.pairCount);
    const next = starts.slice(0, keySpace);
    for (let p = 0; p < this.pairCount; p++) sorted[next[this.pairKeys[p]!]!++] = this.pairSlots[p]!;
    this.pairKeys = this.pairSlots = new Int32Array(0);
    this.pairCount = 0;
    // A name is listed once under a key, however many of its tokens share the key.
    this.offsets = new Int32Array(keySpace + 1);
    let total = 0;
    for (let k = 0; k < keySpace; k++) {
      this.offsets[k] = total;
      for (let p = starts[k]!; p < starts[k + 1]!; p++)
        if (p === starts[k] || sorted[p] !== sorted[p - 1]) sorted[total++] = sorted[p]!;
    }
    this.offsets[keySpace] = total;
    this.slots = sorted.slice(0, total);
    this.partition = partition;
    this.partitionAt = new Int32Array(keySpace);
    for (let k = 0; k < keySpace; k++)
      this.partitionAt[k] = lowerBound(this.slots, this.offsets[k]!, this.offsets[k + 1]!, partition);
    // IDF normalised to 0..1 by its maximum (a token in one name), floored so no token weighs nothing.
    this.idf = new Float64Array(this.vocabulary.size);
    const logNames = Math.log(this.names.length + 1);
    for (let id = 0; id < this.vocabulary.size; id++) {
      const df = this.postingCount(tokenKey(id));
      this.idf[id] = Math.max(0.1, Math.log((this.names.length + 1) / (df + 1)) / logNames);
    }
    if (this.idfWeights) for (const name of this.names) this.applyIdf(name);
    this.ready();
  }

  /** What a query needs beside the postings and names: the packed names and per-query scratch. */
  private ready(): void {
    this.packed = new PackedNames(this.names, this.idfWeights ? undefined : this.tokenWeight);
    this.evidence = new Float32Array(this.names.length);
    this.touched = new Int32Array(this.names.length);
    this.result = new Int32Array(this.maxCandidates);
  }

  private postingCount(key: number): number {
    return key < 0 || key + 1 >= this.offsets.length ? 0 : this.offsets[key + 1]! - this.offsets[key]!;
  }

  /** Prepares a query against this index's (sealed) vocabulary, with the index's token weights. */
  prepare(raw: string, kind: NameKind): PreparedName {
    const name = prepareName(raw, kind, this.vocabulary);
    if (this.idfWeights) this.applyIdf(name);
    return name;
  }

  // The weights array is the index's own (it prepared the name): refining it in place keeps the
  // scorer free of a per-token callback.
  private applyIdf(name: PreparedName): void {
    for (let i = 0; i < name.tokens.length; i++) {
      name.weights[i] = (name.weights[i] ?? 0) * this.tokenWeight(name.ids[i] ?? -1);
      name.packed[i * TOKEN_STRIDE + TokenField.WEIGHT] = name.weights[i]!;
    }
  }

  /** IDF of a token id, 0..1: 1 for a token no indexed name has (id -1), 0.1 at least for the most common. */
  readonly tokenWeight: TokenWeight = (tokenId) => (tokenId >= 0 ? (this.idf[tokenId] ?? 1) : 1);

  nameAt(slot: number): PreparedName {
    const name = this.names[slot];
    if (name === undefined) throw new RangeError(`No name in slot ${slot}.`);
    return name;
  }

  /**
   * scoreNameValue of a query this index prepared against the name in `slot` (with the index's token
   * weights). The search asks for it only when scoreBounds leaves the name a chance.
   */
  score(q: PreparedName, slot: number, cfg: MatchConfig): number {
    if (this.packed === undefined) throw new Error('NameIndex.score before build().');
    return this.packed.score(q, slot, cfg);
  }

  ownerOf(slot: number): number {
    return this.owners[slot] ?? -1;
  }

  // Scope of the current query, read by addKey.
  private scopeFrom = 0;
  private scopeTo = 0;

  /** First posting of `key` within start..end holding a slot ≥ `slot` (`whole`: past every slot). */
  private bound(key: number, start: number, end: number, slot: number, whole: number): number {
    if (slot === whole) return whole === 0 ? start : end;
    if (slot === this.partition) return this.partitionAt[key]!;
    return lowerBound(this.slots, start, end, slot);
  }

  /** Keeps a key when its postings have slots in the scope; records where they start and how many. */
  private addKey(count: number, key: number, weight: number): number {
    if (count >= MAX_QUERY_KEYS || key < 0 || key + 1 >= this.offsets.length) return count;
    const start = this.offsets[key]!;
    const end = this.offsets[key + 1]!;
    if (start === end) return count;
    const from = this.bound(key, start, end, this.scopeFrom, 0);
    const to = this.bound(key, from, end, this.scopeTo, this.names.length);
    if (to <= from) return count;
    this.queryKeys[count] = from;
    this.queryKeyWeight[count] = weight;
    this.queryKeyLength[count] = to - from;
    this.queryKeyIds[count] = key;
    return count + 1;
  }

  /** A query token's TOKEN_KEYS posting keys into `out` (-1 where it has none). */
  private tokenKeys(token: string, id: number, stem: string, out: Int32Array): void {
    const tk = this.vocabulary.keysOf(token, id);
    out[0] = tokenKey(id);
    out[1] = otherKey(tk.phonetic);
    out[2] = otherKey(tk.prefix);
    out[3] = otherKey(tk.skeleton);
    out[4] = otherKey(tk.alternate);
    out[5] = stem === token ? -1 : tokenKey(this.vocabulary.tokenId(stem));
  }

  private readonly tokenKeyScratch = new Int32Array(TOKEN_KEYS);

  /** Opens the keys of an informative query token, and of its merged spelling with the next. */
  private addTokenKeys(
    count: number,
    token: string,
    id: number,
    stem: string,
    merged: string | undefined,
  ): number {
    const idf = this.tokenWeight(id);
    const own = this.tokenKeyScratch;
    this.tokenKeys(token, id, stem, own);
    let keys = count;
    for (let k = 0; k < TOKEN_KEYS; k++) keys = this.addKey(keys, own[k]!, idf * TOKEN_KEY_EVIDENCE[k]!);
    if (merged !== undefined)
      keys = this.addKey(keys, tokenKey(this.vocabulary.tokenId(merged)), idf * EVIDENCE.alternate);
    return keys;
  }

  /** Sorts the query's keys rarest first (insertion sort: at most 96 keys, ties keep their order). */
  private sortKeys(keys: number, withOwners: boolean): void {
    const qk = this.queryKeys;
    const qw = this.queryKeyWeight;
    const lengths = this.queryKeyLength;
    const ids = this.queryKeyIds;
    const owners = this.queryKeyToken;
    for (let a = 1; a < keys; a++) {
      for (let b = a; b > 0 && lengths[b - 1]! > lengths[b]!; b--) {
        swap(lengths, b - 1, b);
        swap(qk, b - 1, b);
        swap(qw, b - 1, b);
        // Key ids and owners only for keptCandidates: a search's walk needs neither.
        if (withOwners) {
          swap(ids, b - 1, b);
          swap(owners, b - 1, b);
        }
      }
    }
  }

  /** How many of the sorted keys the walk opens before the posting budget stops it. */
  private walkedKeys(keys: number): number {
    let walked = 0;
    for (let k = 0; k < keys; k++) {
      const length = this.queryKeyLength[k]!;
      if (walked > 0 && walked + length > this.maxPostings) return k;
      walked += length;
    }
    return keys;
  }

  /**
   * Slots of the names with the most token evidence for the query, best first; the returned view is
   * overwritten by the next call. Only slots in `scope.from`..`scope.to` (say, the individuals), and
   * with `scope.keep` only those whose byte is 1 (a delta run's changed entities), are considered,
   * before the top-`maxCandidates` cut.
   */
  candidates(q: PreparedName, scope: CandidateScope = {}): Int32Array {
    this.scopeFrom = scope.from ?? 0;
    this.scopeTo = scope.to ?? this.names.length;
    const keep = scope.keep;
    let keys = 0;
    for (let i = 0; i < q.tokens.length; i++) {
      if (!opensRetrievalKeys(q.classes[i] ?? 0)) continue;
      const token = q.tokens[i] ?? '';
      keys = this.addTokenKeys(keys, token, q.ids[i] ?? -1, q.stems[i] ?? token, q.merged[i]);
    }
    return this.collect(keys, keep);
  }

  /** Prepares a name already tokenized (prepareTokens), with the index's token weights. */
  prepareTokens(tokens: readonly string[], classes: ArrayLike<number>, kind: NameKind): PreparedName {
    const name = prepareTokens(tokens.join(' '), tokens, classes, null, kind, this.vocabulary);
    if (this.idfWeights) this.applyIdf(name);
    return name;
  }

  /**
   * The highest score each name in `slots` could get against `q` (the score bound: 1 for the exact
   * name), at the same position of the returned array; it may be longer than `slots`, and the next
   * call overwrites it.
   */
  scoreBounds(q: BoundQuery, slots: ArrayLike<number>, cfg: MatchConfig): Float64Array {
    if (this.packed === undefined) throw new Error('NameIndex.scoreBounds before build().');
    if (this.bounds.length < slots.length) this.bounds = new Float64Array(2 * slots.length);
    this.packed.bounds(q, slots, cfg, this.bounds);
    return this.bounds;
  }

  /**
   * For keptCandidates: a token's keys in the current scope, as the walk of any query holding the
   * token meets them — those with postings in scope, rarest first (ties in key order) — and, for each
   * count j of them walked, evidence some name surely has (`best`: a walked key's weight, or what the
   * token's holders get from its own four keys), a floor under the top cut (`top`: the same, when more
   * than `maxCandidates` names have it), and the kept names they list. Worked out once per token and
   * scope, without walking postings (a walk for the best name's exact evidence cut 9 % more rows and
   * cost more than it saved).
   */
  private tokenInScope(
    text: string,
    keptUnder: (key: number) => readonly number[],
    startsKept: boolean,
  ): number[] {
    const id = this.vocabulary.tokenId(text);
    const idf = this.tokenWeight(id);
    const own = this.tokenKeyScratch;
    this.tokenKeys(text, id, stemOf(text), own);
    let keys = 0;
    for (let k = 0; k < TOKEN_KEYS; k++) {
      const before = keys;
      keys = this.addKey(keys, own[k]!, idf * TOKEN_KEY_EVIDENCE[k]!);
      if (keys > before) this.queryKeyToken[before] = k;
    }
    this.sortKeys(keys, true);
    const table: number[] = [];
    const kept: number[] = [];
    let postings = 0;
    let holders = 0;
    for (let k = 0; k < keys; k++) if (this.queryKeyToken[k] === 0) holders = this.queryKeyLength[k]!;
    let best = 0;
    let top = 0;
    let ownWeight = 0;
    for (let k = 0; k < keys; k++) {
      const weight = this.queryKeyWeight[k]!;
      const from = this.queryKeys[k]!;
      const length = this.queryKeyLength[k]!;
      if (this.queryKeyToken[k]! < 4) ownWeight += weight;
      // Every name a key lists has its weight; the token's holders have all its own keys' weights.
      best = Math.max(best, weight, holders > 0 ? ownWeight : 0);
      if (length > this.maxCandidates && weight > top) top = weight;
      if (holders > this.maxCandidates && ownWeight > top) top = ownWeight;
      postings += length;
      table.push(from, length, this.queryKeyIds[k]!, weight, best, top);
      for (const slot of keptUnder(this.queryKeyIds[k]!))
        if (slot >= this.scopeFrom && slot < this.scopeTo) kept.push(slot, weight, k);
    }
    const all = new Map<number, number>();
    for (let at = 0; at < kept.length; at += KEPT_STRIDE)
      all.set(kept[at]!, (all.get(kept[at]!) ?? 0) + kept[at + 1]!);
    const merged = idf * EVIDENCE.alternate;
    const length = HEADER + 2 * all.size + table.length + kept.length;
    const rests = this.vocabulary.pairRestLengths(text) >>> 0;
    const header = [keys, postings, best, top, merged, startsKept ? 1 : 0, all.size, length, rests];
    return [...header, ...[...all].flat(), ...table, ...kept];
  }

  /**
   * For a delta run's row gate: the kept names (`keep[slot] === 1`) that `candidates` could return for
   * a query of these tokens in `scope`, worked out without walking the query's postings. The query
   * opens the keys `candidates` would, sorted and cut by the posting budget the same way; a kept name
   * collects the evidence of the opened keys that list it. Other names surely have some evidence
   * (tokenInScope): the best candidate has at least the most of it, so a kept name below
   * `minEvidenceRatio` of that is cut as `candidates` cuts it, and a kept name below a floor that more
   * than `maxCandidates` other names reach is cut by the top cut.
   */
  keptCandidates(keep: Uint8Array): KeptCandidates {
    const byKey = new Map<number, number[]>();
    // Every proper prefix of a kept name's tokens: only a token among them can merge with the next
    // into a kept name's token (a merged spelling's key lists the names holding that token).
    const keptPrefixes = new Set<string>();
    for (let key = 0; key + 1 < this.offsets.length; key++) {
      for (let p = this.offsets[key]!; p < this.offsets[key + 1]!; p++) {
        const slot = this.slots[p]!;
        if (keep[slot] !== 1) continue;
        const listed = byKey.get(key);
        if (listed === undefined) byKey.set(key, [slot]);
        else listed.push(slot);
      }
    }
    for (let slot = 0; slot < this.names.length; slot++) {
      if (keep[slot] !== 1) continue;
      for (const token of this.names[slot]!.tokens)
        for (let end = 1; end < token.length; end++) keptPrefixes.add(token.slice(0, end));
    }
    const keptUnder = (key: number): readonly number[] => byKey.get(key) ?? NONE;
    const v = this.vocabulary;
    // Per token of a query, the id of its merged spelling with the next (-1: none).
    const pairs = new Int32Array(MAX_TOKENS);
    // The kept names met so far and their evidence (a query meets few: a linear scan finds one).
    let found = new Int32Array(64);
    let evidence = new Float64Array(64);
    let foundCount = 0;
    // Views of `found` by length, so a row's answer allocates nothing.
    let views: Int32Array[] = [];
    let rowTexts: readonly string[] = [];
    let rowAt: Int32Array = new Int32Array(0);
    // Every token's keys in scope, one after another (inScope); tokens start on a cache line.
    let arena = new Float64Array(1 << 16);
    let arenaUsed = 0;
    /** Where a token's per-key numbers start (after the header and the kept names of all its keys). */
    const perKeyAt = (t: number): number => t + HEADER + 2 * arena[t + H_KEPT]!;
    const opened = new Int32Array(MAX_TOKENS);
    const add = (slot: number, weight: number) => {
      let at = 0;
      while (at < foundCount && found[at] !== slot) at++;
      if (at < foundCount) {
        evidence[at]! += weight;
        return;
      }
      if (foundCount === found.length) {
        const grown = new Int32Array(found.length * 2);
        grown.set(found);
        found = grown;
        const more = new Float64Array(evidence.length * 2);
        more.set(evidence);
        evidence = more;
        views = [];
      }
      found[foundCount] = slot;
      evidence[foundCount++] = weight;
    };
    // What the walk finds: the most evidence some name surely has, and a floor under the top cut (in
    // an array: doubles kept in closure variables were boxed at every write, ~24 MB a 1M-row gate).
    const walk = new Float64Array(2);
    const [BEST, TOP] = [0, 1] as const;
    /**
     * A query whose keys' postings fit the budget walks every key, in any order (measured: all but
     * 244 of 1.55M bench rows): each token's header and the merged spellings give the kept names'
     * evidence, `best` and `top` without sorting the keys. False, with nothing found, otherwise.
     */
    const walksEveryKey = (n: number): boolean => {
      let best = 0;
      let top = 0;
      let postings = 0;
      let keys = 0;
      for (let i = 0; i < n; i++) {
        const t = rowAt[i]!;
        if (t < 0) continue;
        keys += arena[t + H_KEYS]!;
        postings += arena[t + H_POSTINGS]!;
        if (arena[t + H_BEST]! > best) best = arena[t + H_BEST]!;
        if (arena[t + H_TOP]! > top) top = arena[t + H_TOP]!;
        const end = perKeyAt(t);
        for (let at = t + HEADER; at < end; at += 2) add(arena[at]!, arena[at + 1]!);
        // The merged spelling with the next token, opened as the walk opens it (into the scratch).
        if (i + 1 < n && this.addKey(0, tokenKey(pairs[i]!), arena[t + H_MERGED]!) > 0) {
          const weight = this.queryKeyWeight[0]!;
          keys++;
          postings += this.queryKeyLength[0]!;
          if (weight > best) best = weight;
          if (this.queryKeyLength[0]! > this.maxCandidates && weight > top) top = weight;
          for (const slot of keptUnder(this.queryKeyIds[0]!))
            if (slot >= this.scopeFrom && slot < this.scopeTo) add(slot, weight);
        }
      }
      walk[BEST] = best;
      walk[TOP] = top;
      if (postings <= this.maxPostings && keys <= MAX_QUERY_KEYS) return true;
      foundCount = 0;
      return false;
    };
    /** The walk of `candidates`, key by key in its order, up to the posting budget. */
    const walkInOrder = (n: number): void => {
      let keys = 0;
      for (let i = 0; i < n; i++) {
        const t = rowAt[i]!;
        if (t < 0) continue;
        const first = perKeyAt(t);
        const end = first + arena[t + H_KEYS]! * KEY_STRIDE;
        for (let at = first; at < end; at += KEY_STRIDE, keys++) {
          this.queryKeys[keys] = arena[at + K_FROM]!;
          this.queryKeyLength[keys] = arena[at + K_LENGTH]!;
          this.queryKeyIds[keys] = arena[at + K_ID]!;
          this.queryKeyWeight[keys] = arena[at + K_WEIGHT]!;
          this.queryKeyToken[keys] = i;
        }
        if (i + 1 < n && this.addKey(keys, tokenKey(pairs[i]!), arena[t + H_MERGED]!) > keys)
          this.queryKeyToken[keys++] = -1;
      }
      this.sortKeys(keys, true);
      const walked = this.walkedKeys(keys);
      opened.fill(0);
      let best = 0;
      let top = 0;
      for (let k = 0; k < walked; k++) {
        const owner = this.queryKeyToken[k]!;
        if (owner >= 0) {
          opened[owner]!++;
          continue;
        }
        // A merged spelling: its names have at least its weight.
        const weight = this.queryKeyWeight[k]!;
        if (weight > best) best = weight;
        if (this.queryKeyLength[k]! > this.maxCandidates && weight > top) top = weight;
        for (const slot of keptUnder(this.queryKeyIds[k]!))
          if (slot >= this.scopeFrom && slot < this.scopeTo) add(slot, weight);
      }
      // A token's walked keys are the first of its own in walk order (the sort is stable).
      for (let i = 0; i < n; i++) {
        const t = rowAt[i]!;
        const count = opened[i]!;
        if (t < 0 || count === 0) continue;
        const first = perKeyAt(t);
        const last = first + (count - 1) * KEY_STRIDE;
        best = Math.max(best, arena[last + K_BEST]!);
        top = Math.max(top, arena[last + K_TOP]!);
        const end = t + arena[t + H_LENGTH]!;
        for (let at = first + arena[t + H_KEYS]! * KEY_STRIDE; at < end; at += KEPT_STRIDE)
          if (arena[at + 2]! < count) add(arena[at]!, arena[at + 1]!);
      }
      walk[BEST] = best;
      walk[TOP] = top;
    };
    /** Whether some key of the query lists a kept name; fills `pairs` when one does. */
    const reaches = (n: number): boolean => {
      let listed = false;
      let merges = false;
      for (let i = 0; i < n; i++) {
        const t = rowAt[i]!;
        if (t < 0) continue;
        listed ||= arena[t + H_KEPT]! > 0;
        merges ||= i + 1 < n && arena[t + H_STARTS_KEPT] === 1;
      }
      if (!listed && !merges) return false;
      for (let i = 0; i < n; i++) {
        pairs[i] = -1;
        const t = rowAt[i]!;
        if (t < 0 || i + 1 === n) continue;
        const next = rowTexts[i + 1]!;
        if (((arena[t + H_REST_LENGTHS]! >>> Math.min(31, next.length)) & 1) === 0) continue;
        pairs[i] = v.pairId(rowTexts[i]!, next);
        listed ||= pairs[i]! >= 0 && byKey.has(tokenKey(pairs[i]!));
      }
      return listed;
    };
    const candidates = (
      texts: readonly string[],
      keysAt: Int32Array,
      n: number,
      scope: CandidateScope,
    ): Int32Array => {
      foundCount = 0;
      rowTexts = texts;
      rowAt = keysAt;
      const tokens = Math.min(n, MAX_TOKENS);
      // Most queries open no key that lists a kept name: answered before any key is opened.
      if (!reaches(tokens)) return NO_SLOTS;
      this.scopeFrom = scope.from ?? 0;
      this.scopeTo = scope.to ?? this.names.length;
      if (!walksEveryKey(tokens)) walkInOrder(tokens);
      // Evidence adds up in float32 in `collect`: a hair of slack so rounding never cuts a kept name.
      const floor = Math.max(walk[BEST]! * this.minEvidenceRatio, walk[TOP]!) * (1 - 1e-5);
      let kept = 0;
      for (let f = 0; f < foundCount; f++) if (evidence[f]! >= floor) found[kept++] = found[f]!;
      return kept === 0 ? NO_SLOTS : (views[kept] ??= found.subarray(0, kept));
    };
    const inScope = (text: string, scope: CandidateScope): number => {
      this.scopeFrom = scope.from ?? 0;
      this.scopeTo = scope.to ?? this.names.length;
      const numbers = this.tokenInScope(text, keptUnder, keptPrefixes.has(text));
      // Each token's header starts a cache line (8 numbers), which holds all but its rest lengths.
      const at = (arenaUsed + 7) & ~7;
      if (at + numbers.length > arena.length) {
        const grown = new Float64Array(Math.max(arena.length * 2, at + numbers.length));
        grown.set(arena.subarray(0, arenaUsed));
        arena = grown;
      }
      arena.set(numbers, at);
      arenaUsed = at + numbers.length;
      return at;
    };
    const reach = (at: number): number =>
      (arena[at + H_KEPT]! > 0 ? REACH_LISTED : 0) | (arena[at + H_STARTS_KEPT] === 1 ? REACH_MERGES : 0);
    return { inScope, reach, candidates };
  }

  private collect(keys: number, keep: Uint8Array | undefined): Int32Array {
    this.sortKeys(keys, false);
    const qk = this.queryKeys;
    const qw = this.queryKeyWeight;
    const lengths = this.queryKeyLength;
    const evidence = this.evidence;
    const touched = this.touched;
    const postings = this.slots;
    let touchedCount = 0;
    let walked = 0;
    for (let k = 0; k < keys; k++) {
      const length = lengths[k]!;
      if (walked > 0 && walked + length > this.maxPostings) break;
      walked += length;
      const weight = qw[k]!;
      const from = qk[k]!;
      const to = from + length;
      for (let p = from; p < to; p++) {
        const slot = postings[p]!;
        if (keep !== undefined && keep[slot] !== 1) continue;
        const e = evidence[slot]!;
        if (e === 0) touched[touchedCount++] = slot;
        evidence[slot] = e + weight;
      }
    }
    let count = selectTop(touched, touchedCount, evidence, this.result);
    const floor = evidence[this.result[0] ?? 0]! * this.minEvidenceRatio;
    while (count > 1 && evidence[this.result[count - 1]!]! < floor) count--;
    for (let t = 0; t < touchedCount; t++) evidence[touched[t]!] = 0;
    return this.result.subarray(0, count);
  }
}

/** First position in sorted[from..to) holding a value ≥ value. */
function lowerBound(sorted: Int32Array, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function swap(array: Int32Array | Float64Array, a: number, b: number): void {
  const t = array[a] ?? 0;
  array[a] = array[b] ?? 0;
  array[b] = t;
}

/** Writes the `out.length` touched slots with the highest evidence into `out`, best first. */
function selectTop(touched: Int32Array, count: number, evidence: Float32Array, out: Int32Array): number {
  let size = 0;
  // The evidence of the last kept slot once `out` is full: most touched slots fall below it.
  let worst = 0;
  for (let t = 0; t < count; t++) {
    const slot = touched[t] ?? 0;
    const e = evidence[slot] ?? 0;
    if (size === out.length && e <= worst) continue;
    let at = size < out.length ? size++ : size - 1;
    while (at > 0 && (evidence[out[at - 1] ?? 0] ?? 0) < e) {
      out[at] = out[at - 1] ?? 0;
      at--;
    }
    out[at] = slot;
    if (size === out.length) worst = evidence[out[size - 1] ?? 0] ?? 0;
  }
  return size;
}
