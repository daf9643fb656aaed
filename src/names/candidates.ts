/**
 * Candidate retrieval: an inverted index from token evidence to list names, so a query scores a few
 * dozen names instead of the whole list (DESIGN.md §4). Keys per token: its id (exact), its glued
 * and merged spellings, its Double Metaphone key and its first three letters (fuzzy spellings).
 * Queries walk their rarest keys first and stop after a posting budget, so one common token
 * ("mohammed") cannot make a query slow.
 *
 * Also the source of token informativeness: `tokenWeight` is an IDF over the indexed names.
 */
import { prepareName } from './prepare.js';
import { TokenClass, type NameKind, type PreparedName, type TokenWeight } from './types.js';
import { Vocabulary } from './vocabulary.js';

export interface NameIndexOptions {
  /**
   * Most candidates a query returns (best evidence first). 20: on the alias benchmark, 50 finds
   * 0.2 % more aliases at MEDIUM for 2.5× the scoring time; 12 loses 0.4 %.
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
   * Drop candidates whose evidence is below this share of the best candidate's (default 0.25). On the
   * alias benchmark 0.4 halves the candidates scored (18.6 → 10.6) for 0.04 % of recall; 0.6 costs 0.3 %.
   */
  readonly minEvidenceRatio?: number;
}

// Key namespaces in one number: id * 4 + kind.
const EXACT = 0;
const PHONETIC = 1;
const PREFIX = 2;
const ALTERNATE = 3;
// Evidence per key kind: an exact token says more than a shared sound or prefix.
const KEY_EVIDENCE = [1, 0.6, 0.4, 0.9] as const;
const PREFIX_LENGTH = 3;

/** Names with owner ids, indexed for candidate retrieval. Add every name, `build()`, then query. */
export class NameIndex {
  readonly vocabulary = new Vocabulary();
  private readonly names: PreparedName[] = [];
  private readonly owners: number[] = [];
  private readonly building = new Map<number, number[]>();
  private postings = new Map<number, Int32Array>();
  private idf = new Float64Array(0);
  private evidence = new Float64Array(0);
  private touched = new Int32Array(0);
  private result = new Int32Array(0);
  private readonly maxCandidates: number;
  private readonly maxPostings: number;
  private readonly idfWeights: boolean;
  private readonly minEvidenceRatio: number;
  // Per-query key scratch (a name has at most 12 tokens × 6 keys).
  private readonly queryKeys = new Float64Array(96);
  private readonly queryKeyWeight = new Float64Array(96);
  private readonly queryKeyLength = new Int32Array(96);

  constructor(options: NameIndexOptions = {}) {
    this.maxCandidates = options.maxCandidates ?? 20;
    this.maxPostings = options.maxPostings ?? 5_000;
    this.idfWeights = options.idfWeights ?? false;
    this.minEvidenceRatio = options.minEvidenceRatio ?? 0.25;
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
    for (let i = 0; i < name.tokens.length; i++) {
      const token = name.tokens[i] ?? '';
      this.post((name.ids[i] ?? 0) * 4 + EXACT, slot);
      const phonetic = name.phonetic[i] ?? -1;
      if (phonetic >= 0) this.post(phonetic * 4 + PHONETIC, slot);
      if (token.length >= PREFIX_LENGTH)
        this.post(this.vocabulary.keyId(`#${token.slice(0, 3)}`) * 4 + PREFIX, slot);
      const stem = name.stems[i] ?? token;
      if (stem !== token) this.post(this.vocabulary.keyId(`=${stem}`) * 4 + ALTERNATE, slot);
      const merged = name.merged[i];
      if (merged !== undefined) this.post(this.vocabulary.keyId(`=${merged}`) * 4 + ALTERNATE, slot);
    }
    return slot;
  }

  private post(key: number, slot: number): void {
    const list = this.building.get(key);
    if (list === undefined) this.building.set(key, [slot]);
    else if (list[list.length - 1] !== slot) list.push(slot);
  }

  /** Freezes the index: seals the vocabulary, packs postings, counts token frequencies. */
  build(): void {
    this.vocabulary.seal();
    for (const [key, list] of this.building) this.postings.set(key, Int32Array.from(list));
    this.building.clear();
    // IDF normalised to 0..1 by its maximum (a token in one name), floored so no token weighs nothing.
    this.idf = new Float64Array(this.vocabulary.size);
    const logNames = Math.log(this.names.length + 1);
    for (let id = 0; id < this.vocabulary.size; id++) {
      const df = this.postings.get(id * 4 + EXACT)?.length ?? 0;
      this.idf[id] = Math.max(0.1, Math.log((this.names.length + 1) / (df + 1)) / logNames);
    }
    if (this.idfWeights) for (const name of this.names) this.applyIdf(name);
    this.evidence = new Float64Array(this.names.length);
    this.touched = new Int32Array(this.names.length);
    this.result = new Int32Array(this.maxCandidates);
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
    }
  }

  /** IDF of a token id, 0..1: 1 for a token no indexed name has (id -1), 0.1 at least for the most common. */
  readonly tokenWeight: TokenWeight = (tokenId) => (tokenId >= 0 ? (this.idf[tokenId] ?? 1) : 1);

  nameAt(slot: number): PreparedName {
    const name = this.names[slot];
    if (name === undefined) throw new RangeError(`No name in slot ${slot}.`);
    return name;
  }

  ownerOf(slot: number): number {
    return this.owners[slot] ?? -1;
  }

  private addKey(count: number, key: number, weight: number): number {
    if (key < 0 || count >= this.queryKeys.length || !this.postings.has(key)) return count;
    this.queryKeys[count] = key;
    this.queryKeyWeight[count] = weight;
    return count + 1;
  }

  /**
   * Slots of the names with the most token evidence for the query, best first; the returned view is
   * overwritten by the next call. With `keep`, only slots whose byte is 1 are considered, before the
   * top-`maxCandidates` cut (a delta run's changed entities, or only individuals).
   */
  candidates(q: PreparedName, keep?: Uint8Array): Int32Array {
    let keys = 0;
    const v = this.vocabulary;
    for (let i = 0; i < q.tokens.length; i++) {
      const cls = q.classes[i] ?? 0;
      if (cls !== TokenClass.NORMAL && cls !== TokenClass.GENERIC) continue;
      const token = q.tokens[i] ?? '';
      const idf = this.tokenWeight(q.ids[i] ?? -1);
      keys = this.addKey(
        keys,
        (q.ids[i] ?? -1) >= 0 ? (q.ids[i] ?? 0) * 4 + EXACT : -1,
        idf * KEY_EVIDENCE[EXACT],
      );
      const phonetic = q.phonetic[i] ?? -1;
      keys = this.addKey(keys, phonetic >= 0 ? phonetic * 4 + PHONETIC : -1, idf * KEY_EVIDENCE[PHONETIC]);
      if (token.length >= PREFIX_LENGTH) {
        const prefix = v.keyId(`#${token.slice(0, 3)}`);
        keys = this.addKey(keys, prefix >= 0 ? prefix * 4 + PREFIX : -1, idf * KEY_EVIDENCE[PREFIX]);
      }
      const alternate = v.keyId(`=${token}`);
      keys = this.addKey(
        keys,
        alternate >= 0 ? alternate * 4 + ALTERNATE : -1,
        idf * KEY_EVIDENCE[ALTERNATE],
      );
      const stem = q.stems[i] ?? token;
      const stemId = stem === token ? -1 : v.tokenId(stem);
      keys = this.addKey(keys, stemId >= 0 ? stemId * 4 + EXACT : -1, idf * KEY_EVIDENCE[ALTERNATE]);
      const merged = q.merged[i];
      const mergedId = merged === undefined ? -1 : v.tokenId(merged);
      keys = this.addKey(keys, mergedId >= 0 ? mergedId * 4 + EXACT : -1, idf * KEY_EVIDENCE[ALTERNATE]);
    }
    return this.collect(keys, keep);
  }

  private collect(keys: number, keep: Uint8Array | undefined): Int32Array {
    // Rarest keys first (insertion sort: at most 96 keys).
    const qk = this.queryKeys;
    const qw = this.queryKeyWeight;
    const lengths = this.queryKeyLength;
    for (let k = 0; k < keys; k++) lengths[k] = this.postings.get(qk[k] ?? 0)?.length ?? 0;
    for (let a = 1; a < keys; a++) {
      for (let b = a; b > 0 && (lengths[b - 1] ?? 0) > (lengths[b] ?? 0); b--) {
        swap(lengths, b - 1, b);
        swap(qk, b - 1, b);
        swap(qw, b - 1, b);
      }
    }
    let touchedCount = 0;
    let walked = 0;
    for (let k = 0; k < keys; k++) {
      const list = this.postings.get(qk[k] ?? 0);
      if (list === undefined) continue;
      if (walked > 0 && walked + list.length > this.maxPostings) break;
      walked += list.length;
      const weight = qw[k] ?? 0;
      for (let p = 0; p < list.length; p++) {
        const slot = list[p] ?? 0;
        if (keep !== undefined && keep[slot] !== 1) continue;
        if (this.evidence[slot] === 0) this.touched[touchedCount++] = slot;
        this.evidence[slot] = (this.evidence[slot] ?? 0) + weight;
      }
    }
    let count = selectTop(this.touched, touchedCount, this.evidence, this.result);
    const floor = (this.evidence[this.result[0] ?? 0] ?? 0) * this.minEvidenceRatio;
    while (count > 1 && (this.evidence[this.result[count - 1] ?? 0] ?? 0) < floor) count--;
    for (let t = 0; t < touchedCount; t++) this.evidence[this.touched[t] ?? 0] = 0;
    return this.result.subarray(0, count);
  }
}

function swap(array: Int32Array | Float64Array, a: number, b: number): void {
  const t = array[a] ?? 0;
  array[a] = array[b] ?? 0;
  array[b] = t;
}

/** Writes the `out.length` touched slots with the highest evidence into `out`, best first. */
function selectTop(touched: Int32Array, count: number, evidence: Float64Array, out: Int32Array): number {
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
