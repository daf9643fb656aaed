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
import { PackedNames } from './packed-names.js';
import { prepareName } from './prepare.js';
import {
  TOKEN_STRIDE,
  TokenClass,
  TokenField,
  type NameKind,
  type PreparedName,
  type TokenWeight,
} from './types.js';
import { Vocabulary } from './vocabulary.js';

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

/** Names with owner ids, indexed for candidate retrieval. Add every name, `build()`, then query. */
export class NameIndex {
  readonly vocabulary = new Vocabulary();
  private readonly names: PreparedName[] = [];
  private readonly owners: number[] = [];
  private building: number[][] = [];
  // Postings of key k: slots[offsets[k] .. offsets[k + 1]), ascending.
  private offsets = new Int32Array(1);
  private slots = new Int32Array(0);
  private idf = new Float64Array(0);
  // Per key, where its postings cross `partition` (see build): the two scopes queries ask for most.
  private partition = 0;
  private partitionAt = new Int32Array(0);
  private evidence = new Float32Array(0);
  private touched = new Int32Array(0);
  private result = new Int32Array(0);
  private packed: PackedNames | undefined;
  private readonly maxCandidates: number;
  private readonly maxPostings: number;
  private readonly idfWeights: boolean;
  private readonly minEvidenceRatio: number;
  // Per query key: where its postings (in scope) start, their evidence weight and their count.
  private readonly queryKeys = new Int32Array(MAX_QUERY_KEYS);
  private readonly queryKeyWeight = new Float64Array(MAX_QUERY_KEYS);
  private readonly queryKeyLength = new Int32Array(MAX_QUERY_KEYS);

  constructor(options: NameIndexOptions = {}) {
    this.maxCandidates = options.maxCandidates ?? 16;
    this.maxPostings = options.maxPostings ?? 5_000;
    this.idfWeights = options.idfWeights ?? false;
    this.minEvidenceRatio = options.minEvidenceRatio ?? 0.4;
  }

  /** Number of indexed names. */
  get size(): number {
    return this.names.length;
  }

  /** Adds a name of an owner (an entity); returns the name's slot. */
  add(raw: string, kind: NameKind, owner: number): number {
    if (this.vocabulary.sealed) throw new Error('NameIndex.add after build(): build a new index instead.');
    const name = prepareName(raw, kind, this.vocabulary);
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
    let list = this.building[key];
    if (list === undefined) list = this.building[key] = [];
    if (list[list.length - 1] !== slot) list.push(slot);
  }

  /**
   * Freezes the index: seals the vocabulary, packs postings, counts token frequencies. Slots below
   * `partition` (say, the individuals' names) and from it on are the two scopes asked for most:
   * where each posting list crosses it is computed once, not searched per query.
   */
  build(partition = 0): void {
    this.vocabulary.seal();
    const keySpace = 2 * Math.max(this.vocabulary.size, this.vocabulary.keyCount) + 2;
    this.offsets = new Int32Array(keySpace + 1);
    let total = 0;
    for (let k = 0; k < keySpace; k++) {
      this.offsets[k] = total;
      total += this.building[k]?.length ?? 0;
    }
    this.offsets[keySpace] = total;
    this.slots = new Int32Array(total);
    this.building.forEach((list, k) => this.slots.set(list, this.offsets[k]!));
    this.building = [];
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
   * weights), except that a name provably below `atLeast` scores 0 without being read: the search's
   * hot path.
   */
  score(q: PreparedName, slot: number, cfg: MatchConfig, atLeast = 0): number {
    if (this.packed === undefined) throw new Error('NameIndex.score before build().');
    return this.packed.score(q, slot, cfg, atLeast);
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
    return count + 1;
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
    const v = this.vocabulary;
    for (let i = 0; i < q.tokens.length; i++) {
      const cls = q.classes[i] ?? 0;
      if (cls !== TokenClass.NORMAL && cls !== TokenClass.GENERIC) continue;
      const token = q.tokens[i] ?? '';
      const id = q.ids[i] ?? -1;
      const idf = this.tokenWeight(id);
      const tk = v.keysOf(token, id);
      keys = this.addKey(keys, tokenKey(id), idf * EVIDENCE.exact);
      keys = this.addKey(keys, otherKey(tk.phonetic), idf * EVIDENCE.phonetic);
      keys = this.addKey(keys, otherKey(tk.prefix), idf * EVIDENCE.prefix);
      keys = this.addKey(keys, otherKey(tk.skeleton), idf * EVIDENCE.skeleton);
      keys = this.addKey(keys, otherKey(tk.alternate), idf * EVIDENCE.alternate);
      const stem = q.stems[i] ?? token;
      if (stem !== token) keys = this.addKey(keys, tokenKey(v.tokenId(stem)), idf * EVIDENCE.alternate);
      const merged = q.merged[i];
      if (merged !== undefined)
        keys = this.addKey(keys, tokenKey(v.tokenId(merged)), idf * EVIDENCE.alternate);
    }
    return this.collect(keys, keep);
  }

  /**
   * What a query's retrieval keys derive from, as strings that mean the same under any vocabulary:
   * "t:" + each informative token, "s:" + its stem without a glued article, "m:" + the token merged
   * with the next. A batch run records them per row, so a later delta run can tell which rows could
   * meet a changed entity without preparing the rows again (see reachFilter).
   */
  static retrievalSources(q: PreparedName): string[] {
    const out: string[] = [];
    for (let i = 0; i < q.tokens.length; i++) {
      const cls = q.classes[i] ?? 0;
      if (cls !== TokenClass.NORMAL && cls !== TokenClass.GENERIC) continue;
      const token = q.tokens[i] ?? '';
      out.push(`t:${token}`);
      const stem = q.stems[i] ?? token;
      if (stem !== token) out.push(`s:${stem}`);
      const merged = q.merged[i];
      if (merged !== undefined) out.push(`m:${merged}`);
    }
    return out;
  }

  /** The posting keys one retrieval source opens in `candidates` (the same derivation). */
  private keysOfSource(source: string): number[] {
    const v = this.vocabulary;
    const text = source.slice(2);
    const id = v.tokenId(text);
    if (!source.startsWith('t:')) return [tokenKey(id)];
    const k = v.keysOf(text, id);
    return [
      tokenKey(id),
      otherKey(k.phonetic),
      otherKey(k.prefix),
      otherKey(k.skeleton),
      otherKey(k.alternate),
    ];
  }

  /**
   * A test of retrieval sources: false when none of their keys lists a name in `scope` (with its
   * `keep` mask), so `candidates` could not return any of those names for that query. Exact, not
   * a guess: a delta run skips the rows it rejects and still finds every match a full run finds.
   * Callers that meet the same sources again remember the verdicts themselves (the batch keeps one
   * per sidecar hash).
   */
  reachFilter(scope: CandidateScope): (sources: readonly string[]) => boolean {
    const from = scope.from ?? 0;
    const to = scope.to ?? this.names.length;
    // One pass over every posting marks the keys that list a name in scope.
    const marked = new Uint8Array(this.offsets.length);
    for (let key = 0; key + 1 < this.offsets.length; key++) {
      for (let p = this.offsets[key]!; p < this.offsets[key + 1]!; p++) {
        const slot = this.slots[p]!;
        if (slot >= from && slot < to && (scope.keep === undefined || scope.keep[slot] === 1)) {
          marked[key] = 1;
          break;
        }
      }
    }
    const reachable = (key: number): boolean => key >= 0 && marked[key] === 1;
    return (sources) => sources.some((source) => this.keysOfSource(source).some(reachable));
  }

  private collect(keys: number, keep: Uint8Array | undefined): Int32Array {
    // Rarest keys first (insertion sort: at most 96 keys).
    const qk = this.queryKeys;
    const qw = this.queryKeyWeight;
    const lengths = this.queryKeyLength;
    for (let a = 1; a < keys; a++) {
      for (let b = a; b > 0 && lengths[b - 1]! > lengths[b]!; b--) {
        swap(lengths, b - 1, b);
        swap(qk, b - 1, b);
        swap(qw, b - 1, b);
      }
    }
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
  for (let t = 0; t < count; t++) {
    const slot = touched[t] ?? 0;
    const e = evidence[slot] ?? 0;
    if (size === out.length && e <= (evidence[out[size - 1] ?? 0] ?? 0)) continue;
    let at = size < out.length ? size++ : size - 1;
    while (at > 0 && (evidence[out[at - 1] ?? 0] ?? 0) < e) {
      out[at] = out[at - 1] ?? 0;
      at--;
    }
    out[at] = slot;
  }
  return size;
}
