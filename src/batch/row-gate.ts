/**
 * The row gate of a delta run, on an earlier full run's token sidecar (row-sources.ts): which rows
 * of a slice of the sidecar's rows file could match an added or changed entity in a full run, so
 * only those are read from the portfolio and screened. It runs in the workers, on the index they
 * screen with (the full index narrowed to the changed entities, narrowed-index.ts). A row is
 * screened when:
 * - an earlier run matched it to a changed or removed entity (its withdrawals, by external_id), or
 *   the sidecar cannot describe it (wallet rows, a token hash with several strings);
 * - one of the changed names could be among its candidates (NameIndex.keptCandidates: its keys
 *   list the name with enough evidence to survive the candidate cuts), and that name scores at
 *   least the weakest hit a search reports, less the most secondary fields could add (the score
 *   bound from the tokens' packed numbers first, the full score only when the bound passes).
 * Both tests are exact: a row they reject is one a full run could not match to those entities. The
 * selected rows still pass the workers' own gate (keptAmongFullCandidates) when screened.
 * Measured on the 1M-row bench (300 SDN entries added, 100 removed): 14,481 rows kept; ~7 µs a row
 * warm on one thread, mostly cache misses on the per-token data.
 */
import {
  MAX_TOKENS,
  TOKEN_STRIDE,
  type BoundQuery,
  type KeptCandidates,
  type MatchConfig,
  type PreparedName,
  type QueryToken,
} from '../names/index.js';
import { MAX_FEATURE_BOOST, scopeOf, type EntityIndex } from '../screening/index.js';
import { ROW_KIND } from './row-sources.js';
import { ROW_NAME_TRANSPOSITION } from './validate-common-row.js';

const HEX = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let d = 0; d < 16; d++) table[d.toString(16).charCodeAt(0)] = d;
  return table;
})();

/**
 * The sidecar's text file as an open-addressing table from token hash to its lines (most hashes have
 * one; a token sent by both workers, or a collision, gives more). Typed arrays, not Maps: a delta run
 * looks up every token of every row (measured on the earlier, per-source sidecar: Maps 4.8 s, this
 * ~1 s).
 */
export class SourceTable {
  readonly #text: string;
  readonly #mask: number;
  readonly #keys: Uint32Array;
  /** Per slot, its last line + 1 (0: empty); lines of one hash chain through #previous. */
  readonly #heads: Int32Array;
  readonly #starts: Int32Array;
  readonly #previous: Int32Array;

  constructor(text: string) {
    this.#text = text;
    let lines = 0;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
    let capacity = 16;
    while (capacity < lines * 2) capacity *= 2;
    this.#mask = capacity - 1;
    this.#keys = new Uint32Array(capacity);
    this.#heads = new Int32Array(capacity);
    this.#starts = new Int32Array(lines + 1);
    this.#previous = new Int32Array(lines);
    let at = 0;
    for (let line = 0; line < lines; line++) {
      let hash = 0;
      for (let i = 0; i < 8; i++) hash = hash * 16 + HEX[text.charCodeAt(at + i) & 127]!;
      const slot = this.#probe(hash);
      this.#keys[slot] = hash;
      this.#previous[line] = this.#heads[slot]! - 1;
      this.#heads[slot] = line + 1;
      this.#starts[line] = at;
      at = text.indexOf('\n', at) + 1;
    }
    this.#starts[lines] = at;
  }

  /** The slot of a hash: where it is, or the empty one where it would go. */
  #probe(hash: number): number {
    let slot = Math.imul(hash, 0x9e3779b1) & this.#mask;
    while (this.#heads[slot] !== 0 && this.#keys[slot] !== hash) slot = (slot + 1) & this.#mask;
    return slot;
  }

  get capacity(): number {
    return this.#keys.length;
  }

  /** The slot holding a hash; throws for a hash no line gives (a damaged sidecar). */
  slotOf(hash: number): number {
    const slot = this.#probe(hash);
    if (this.#heads[slot] === 0) throw new Error('A sidecar row uses a token hash with no string.');
    return slot;
  }

  /** The distinct strings of a slot's lines. */
  stringsAt(slot: number): string[] {
    const strings: string[] = [];
    for (let line = this.#heads[slot]! - 1; line >= 0; line = this.#previous[line]!) {
      const token = this.#text.slice(this.#starts[line]! + 9, this.#starts[line + 1]! - 1);
      if (!strings.includes(token)) strings.push(token);
    }
    return strings;
  }
}

const S = TOKEN_STRIDE;

const u32At = (bytes: Uint8Array, at: number): number =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

/**
 * The two tests of one row, on the narrowed index: reach, then the score of each reached name — its
 * bound from the tokens' packed numbers first, the full score only when the bound passes. Per
 * distinct token, its string, the changed names its keys list and its packed numbers are worked out
 * once.
 */
export class RowGate {
  readonly #names: EntityIndex['names'];
  readonly #cfg: MatchConfig;
  readonly #weakest: number;
  readonly table: SourceTable;
  readonly #gate: KeptCandidates;
  readonly #scopes: Record<number, { from: number; to: number }>;
  /** Per table slot: its token's keys, or null when its hash has several strings (a collision). */
  readonly #tokens: (QueryToken | null | undefined)[];
  /** Per table slot: the token's packed numbers for the class in #packedClass (-1: none yet). */
  readonly #packed: Float64Array;
  readonly #packedClass: Int8Array;
  /** A row's packed numbers, one view per token count. */
  readonly #rowPacked: Float64Array[] = [];
  readonly #rowSlots = new Int32Array(MAX_TOKENS);
  readonly #rowClasses = new Uint8Array(MAX_TOKENS);
  /** A row's tokens and their texts, one reused array per token count (no garbage per row). */
  readonly #rowTokens = Array.from({ length: MAX_TOKENS + 1 }, (_, n) => new Array<QueryToken>(n));
  readonly #rowTexts = Array.from({ length: MAX_TOKENS + 1 }, (_, n) => new Array<string>(n).fill(''));

  constructor(index: EntityIndex, cfg: MatchConfig, table: SourceTable) {
    this.#names = index.names;
    this.#cfg = { ...cfg, nameTransposition: ROW_NAME_TRANSPOSITION };
    this.#weakest = cfg.weakThreshold;
    this.table = table;
    if (index.keep === undefined)
      throw new Error('The row gate needs the index narrowed to the changed entities.');
    this.#gate = index.names.keptCandidates(index.keep);
    const scope = (subject: 'INDIVIDUAL' | 'ORGANIZATION') => {
      const { from = 0, to = index.names.size } = scopeOf(index, subject);
      return { from, to };
    };
    this.#scopes = {
      [ROW_KIND.INDIVIDUAL]: scope('INDIVIDUAL'),
      [ROW_KIND.ORGANIZATION]: scope('ORGANIZATION'),
    };
    this.#tokens = new Array<QueryToken | null | undefined>(table.capacity);
    this.#packed = new Float64Array(table.capacity * S);
    this.#packedClass = new Int8Array(table.capacity).fill(-1);
  }

  #token(slot: number): QueryToken | null {
    let token = this.#tokens[slot];
    if (token === undefined) {
      const strings = this.table.stringsAt(slot);
      this.#tokens[slot] = token = strings.length === 1 ? this.#gate.token(strings[0]!) : null;
    }
    return token;
  }

  /** Copies a token's packed numbers (one token prepared alone: the numbers are per token) to `out`. */
  #packToken(slot: number, token: string, cls: number, out: Float64Array, at: number): void {
    if (this.#packedClass[slot] !== cls) {
      const alone = this.#names.prepareTokens([token], [cls], 'any').packed;
      if (this.#packedClass[slot] !== -1) return out.set(alone, at);
      this.#packed.set(alone, slot * S);
      this.#packedClass[slot] = cls;
    }
    // A copy by hand: a subarray per token was a view allocated per row.
    for (let f = 0; f < S; f++) out[at + f] = this.#packed[slot * S + f]!;
  }

  #rowView(tokens: number): Float64Array {
    while (this.#rowPacked.length <= tokens) {
      const n = this.#rowPacked.length;
      this.#rowPacked.push(new Float64Array(n * S));
    }
    return this.#rowPacked[tokens]!;
  }

  /**
   * Whether a row (kind INDIVIDUAL or ORGANIZATION) could match a changed entity in a full run, from
   * its record in the rows file: `count` tokens after the record's first byte `at` (rows-file layout
   * in row-sources.ts).
   */
  mayMatch(kind: number, bytes: Uint8Array, at: number, count: number): boolean {
    // Names have at most MAX_TOKENS tokens; a record with more is not one of them: screen the row.
    if (count > MAX_TOKENS) return true;
    const slots = this.#rowSlots;
    const classes = this.#rowClasses;
    const tokens = this.#rowTokens[count]!;
    for (let i = 0; i < count; i++) {
      slots[i] = this.table.slotOf(u32At(bytes, at + 5 + 4 * i));
      classes[i] = bytes[at + 5 + 4 * count + i]!;
      const token = this.#token(slots[i]!);
      // A hash with several strings: the row is screened rather than guessed at.
      if (token === null) return true;
      tokens[i] = token;
    }
    // No kept candidate (or no informative token, which opens no key): a search finds nothing.
    const reached = this.#gate.candidates(tokens, classes, this.#scopes[kind]!);
    if (reached.length === 0) return false;
    const packed = this.#rowView(count);
    const texts = this.#rowTexts[count]!;
    for (let i = 0; i < count; i++) {
      texts[i] = tokens[i]!.text;
      this.#packToken(slots[i]!, tokens[i]!.text, classes[i]!, packed, i * S);
    }
    const boost = bytes[at + 4]! / 100;
    // exactHash -1 is no name's (they are uint32): the bound is taken even for an exact name, where it is 1.
    const bounded: BoundQuery = { packed, exactHash: -1, informative: true };
    // The weakest name score a search keeps for this row: WEAK less what its secondary fields can add.
    const atLeast = this.#weakest - Math.min(boost, MAX_FEATURE_BOOST) - 1e-9;
    const names = this.#names;
    let q: PreparedName | null = null;
    for (const slot of reached) {
      if (names.scoresBelow(bounded, slot, this.#cfg, atLeast)) continue;
      q ??= names.prepareTokens(texts, classes, kind === ROW_KIND.INDIVIDUAL ? 'individual' : 'organization');
      if (names.score(q, slot, this.#cfg, 0) >= atLeast) return true;
    }
    return false;
  }
}

/** A slice of the sidecar's rows file: whole rows, from portfolio row `first` on. */
export interface RowsSlice {
  readonly first: number;
  readonly rows: number;
  readonly bytes: Uint8Array;
}

/** The head (a varint) of the row whose record starts at `at`. */
export function rowHeadAt(bytes: Uint8Array, at: number): number {
  let head = 0;
  for (let p = at, shift = 0; ; shift += 7) {
    const b = bytes[p++]!;
    head |= (b & 0x7f) << shift;
    if (b < 0x80) return head;
  }
}

/** Bytes a row's head takes: heads are under 2^16, so at most three. */
export const headLength = (head: number): number => (head < 0x80 ? 1 : head < 0x4000 ? 2 : 3);

/** Bytes a row takes after its head. */
export const rowBody = (head: number): number => ((head & 3) === ROW_KIND.NONE ? 0 : 5 + 5 * (head >>> 2));

/**
 * Per row of the slice, 1 when it is screened.
 *
 * @example selectRows(gate, slice, new Set([fnv1a('c-17')]))
 */
export function selectRows(gate: RowGate, slice: RowsSlice, withdrawals: ReadonlySet<number>): Uint8Array {
  const { bytes } = slice;
  const selected = new Uint8Array(slice.rows);
  let p = 0;
  for (let row = 0; row < slice.rows; row++) {
    const head = rowHeadAt(bytes, p);
    const at = p + headLength(head);
    p = at + rowBody(head);
    const kind = head & 3;
    if (kind === ROW_KIND.NONE) continue;
    const tokens = head >>> 2;
    const screen =
      kind === ROW_KIND.ALWAYS ||
      withdrawals.has(u32At(bytes, at)) ||
      (tokens > 0 && gate.mayMatch(kind, bytes, at, tokens));
    if (screen) selected[row] = 1;
  }
  if (p !== bytes.length) throw new Error('A slice of the sidecar does not end where its rows do.');
  return selected;
}
