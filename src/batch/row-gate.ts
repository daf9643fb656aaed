/**
 * The row gate of a delta run, on an earlier full run's token sidecar (row-sources.ts): which of the
 * rows the postings' search hands it (reaching-rows.ts) could match an added or changed entity in a
 * full run, so only those are read from the portfolio and screened. It runs in the workers, on the index they
 * screen with (the full index narrowed to the changed entities, narrowed-index.ts). A row is
 * screened when:
 * - an earlier run matched it to a changed or removed entity (its withdrawals, by external_id), or
 *   the sidecar cannot describe it (wallet rows, a token hash with several strings);
 * - one of the changed names could be among its candidates (NameIndex.keptCandidates: its keys
 *   list the name with enough evidence to survive the candidate cuts), and that name scores at
 *   least the weakest hit a search reports, less the most the row's secondary fields could add for
 *   that name's entity (EntityTraits: a birth year or a gender that conflicts raises the floor), the
 *   score bound from the tokens' packed numbers first, the full score only when the bound passes.
 * Both tests are exact: a row they reject is one a full run could not match to those entities. The
 * selected rows still pass the workers' own gate (keptAmongFullCandidates) when screened.
 * Measured on the 1M-row bench (300 SDN entries added, 100 removed): of the 576k rows handed to it,
 * 574k open a key that lists a changed name, 278k keep one after both candidate cuts (615k row–name
 * pairs to bound), 24k pairs pass the bound and 4,371 rows are kept (14,717 with the query's floor
 * alone, without the entities' traits); ~3.5 µs a row on one worker, ~2 s in all.
 */
import {
  BOUND_SLACK,
  opensRetrievalKeys,
  MAX_TOKENS,
  preparedScratch,
  preparePacked,
  REACH_LISTED,
  TOKEN_STRIDE,
  type BoundQuery,
  type CandidateScope,
  type KeptCandidates,
  type MatchConfig,
  type NameKind,
  type PreparedName,
} from '../names/index.js';
import { floorForAdjustment, MAX_FEATURE_BOOST, scopeOf, type EntityIndex } from '../screening/index.js';
import { boostOf, ROW_KIND, ROW_SECONDARY_AT, ROW_TOKENS_AT, traitsOf } from './row-sources.js';
import { ROW_NAME_TRANSPOSITION } from './validate-common-row.js';

/**
 * SourceTable.tokenOf of a hash the text file does not give one string for: several (a collision)
 * or none (a damaged sidecar). Its row is screened rather than guessed at.
 */
export const AMBIGUOUS = -2;

const HEX = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let d = 0; d < 16; d++) table[d.toString(16).charCodeAt(0)] = d;
  return table;
})();

/**
 * The sidecar's text file as an open-addressing table from token hash to a dense token number: each
 * distinct string once (the file repeats strings: 65,622 lines hold 21,552 strings on the 1M-row
 * bench), so a row's tokens index small dense arrays. A hash with several strings maps to
 * AMBIGUOUS. Typed arrays, not Maps: a delta run looks up every token of every
 * row (measured on the earlier, per-source sidecar: Maps 4.8 s, this ~1 s). A slot's hash and value
 * sit side by side, so a lookup reads one cache line.
 */
export class SourceTable {
  /** Per token number, its string. */
  readonly strings: string[] = [];
  #mask = 0;
  /**
   * Slot s: its hash (as int32) at 2s, its token number + 1 at 2s + 1 (0: empty; AMBIGUOUS + 1 for a
   * hash with several strings).
   */
  #cells = new Int32Array(0);

  constructor(text: string) {
    this.#resize(1 << 12);
    for (let at = 0; at < text.length;) {
      const newline = text.indexOf('\n', at);
      const end = newline < 0 ? text.length : newline;
      let hash = 0;
      for (let i = 0; i < 8; i++) hash = hash * 16 + HEX[text.charCodeAt(at + i) & 127]!;
      const token = text.slice(at + 9, end);
      at = end + 1;
      const slot = this.#probe(hash);
      const value = this.#cells[2 * slot + 1]! - 1;
      if (value === -1) {
        this.#cells[2 * slot] = hash;
        this.#cells[2 * slot + 1] = this.strings.push(token);
        if (this.strings.length * 2 > this.#mask) this.#resize((this.#mask + 1) * 2);
      } else if (value !== AMBIGUOUS && this.strings[value] !== token) {
        this.#cells[2 * slot + 1] = AMBIGUOUS + 1;
      }
    }
  }

  #resize(capacity: number): void {
    const cells = this.#cells;
    this.#mask = capacity - 1;
    this.#cells = new Int32Array(2 * capacity);
    for (let slot = 0; 2 * slot < cells.length; slot++) {
      if (cells[2 * slot + 1] === 0) continue;
      const to = this.#probe(cells[2 * slot]!);
      this.#cells[2 * to] = cells[2 * slot]!;
      this.#cells[2 * to + 1] = cells[2 * slot + 1]!;
    }
  }

  /** The slot of a hash (any 32 bits): where it is, or the empty one where it would go. */
  #probe(hash: number): number {
    const key = hash | 0;
    let slot = Math.imul(key, 0x9e3779b1) & this.#mask;
    while (this.#cells[2 * slot + 1] !== 0 && this.#cells[2 * slot] !== key) slot = (slot + 1) & this.#mask;
    return slot;
  }

  /** The token number of a hash, or AMBIGUOUS for one with several strings or none. */
  tokenOf(hash: number): number {
    const value = this.#cells[2 * this.#probe(hash) + 1]! - 1;
    return value === -1 ? AMBIGUOUS : value;
  }
}

const S = TOKEN_STRIDE;
/** #keysAt of a token whose keys in that scope are not worked out yet. */
const NOT_YET = -2;
const KIND_NAME: Record<number, NameKind> = {
  [ROW_KIND.INDIVIDUAL]: 'individual',
  [ROW_KIND.ORGANIZATION]: 'organization',
};

const u32At = (bytes: Uint8Array, at: number): number =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

/**
 * The two tests of one row, on the narrowed index: reach, then the score of each reached name — its
 * bound from the tokens' packed numbers first, the full score only when the bound passes. Per
 * distinct token, its keys in each scope and its packed numbers are worked out once, into arrays by
 * token number.
 */
export class RowGate {
  readonly #names: EntityIndex['names'];
  readonly #traits: EntityIndex['traits'];
  readonly #slotEntities: Int32Array;
  readonly #cfg: MatchConfig;
  readonly #weakest: number;
  readonly table: SourceTable;
  readonly #gate: KeptCandidates;
  /** Per row kind (ROW_KIND.INDIVIDUAL, ROW_KIND.ORGANIZATION): its candidate scope. */
  readonly #scopes: CandidateScope[] = [];
  /** Per row kind, per token number: where its keys in that kind's scope are (NOT_YET: not worked out). */
  readonly #keysAt: Int32Array[] = [];
  /**
   * Per row kind, per token number: KeptCandidates.reach of its keys there (0 for a token that opens
   * none). Beside the row's bytes, these small arrays settle most rows without touching the keys.
   */
  readonly #reach: Uint8Array[] = [];
  /** Per token number: its packed numbers for the class in #packedClass (-1: none yet). */
  readonly #packed: Float64Array;
  readonly #packedClass: Int8Array;
  /** A row's packed numbers and its bound query, one per token count. */
  readonly #rowBound: BoundQuery[] = [];
  readonly #rowTokens = new Int32Array(MAX_TOKENS);
  readonly #rowClasses = new Uint8Array(MAX_TOKENS);
  /** A row's token texts, one reused array per token count (no garbage per row), and their keys. */
  readonly #rowTexts = Array.from({ length: MAX_TOKENS + 1 }, (_, n) => new Array<string>(n).fill(''));
  readonly #rowKeysAt = new Int32Array(MAX_TOKENS);
  /** A row's prepared name's arrays, one per token count. */
  readonly #rowNames = Array.from({ length: MAX_TOKENS + 1 }, (_, n) => preparedScratch(n));

  constructor(index: EntityIndex, cfg: MatchConfig, table: SourceTable) {
    this.#names = index.names;
    this.#traits = index.traits;
    this.#slotEntities = index.slotEntities;
    this.#cfg = { ...cfg, nameTransposition: ROW_NAME_TRANSPOSITION };
    this.#weakest = cfg.weakThreshold;
    this.table = table;
    if (index.keep === undefined)
      throw new Error('The row gate needs the index narrowed to the changed entities.');
    this.#gate = index.names.keptCandidates(index.keep);
    for (const [kind, subject] of [
      [ROW_KIND.INDIVIDUAL, 'INDIVIDUAL'],
      [ROW_KIND.ORGANIZATION, 'ORGANIZATION'],
    ] as const) {
      const { from = 0, to = index.names.size } = scopeOf(index, subject);
      this.#scopes[kind] = { from, to };
      this.#keysAt[kind] = new Int32Array(table.strings.length).fill(NOT_YET);
      this.#reach[kind] = new Uint8Array(table.strings.length);
    }
    this.#packed = new Float64Array(table.strings.length * S);
    this.#packedClass = new Int8Array(table.strings.length).fill(-1);
  }

  /** Copies a token's packed numbers (one token prepared alone: the numbers are per token) to `out`. */
  #packToken(token: number, cls: number, out: Float64Array, at: number): void {
    if (this.#packedClass[token] !== cls) {
      const alone = this.#names.prepareTokens([this.table.strings[token]!], [cls], 'any').packed;
      if (this.#packedClass[token] !== -1) return out.set(alone, at);
      this.#packed.set(alone, token * S);
      this.#packedClass[token] = cls;
    }
    // A copy by hand: a subarray per token was a view allocated per row.
    for (let f = 0; f < S; f++) out[at + f] = this.#packed[token * S + f]!;
  }

  #bound(tokens: number): BoundQuery {
    while (this.#rowBound.length <= tokens) {
      const n = this.#rowBound.length;
      // exactHash -1 is no name's (they are uint32): the bound is taken even for an exact name, where it is 1.
      this.#rowBound.push({ packed: new Float64Array(n * S), exactHash: -1, informative: true });
    }
    return this.#rowBound[tokens]!;
  }

  /**
   * Whether a row (kind INDIVIDUAL or ORGANIZATION) could match a changed entity in a full run, from
   * its record in the rows file: `count` tokens after the record's first byte `at` (rows-file layout
   * in row-sources.ts).
   */
  mayMatch(kind: number, bytes: Uint8Array, at: number, count: number): boolean {
    // Names have at most MAX_TOKENS tokens; a record with more is not one of them: screen the row.
    if (count > MAX_TOKENS) return true;
    const tokens = this.#rowTokens;
    const secondary = u32At(bytes, at + ROW_SECONDARY_AT);
    const classes = this.#rowClasses;
    const texts = this.#rowTexts[count]!;
    const rowKeysAt = this.#rowKeysAt;
    const keysAt = this.#keysAt[kind]!;
    const reachOf = this.#reach[kind]!;
    const scope = this.#scopes[kind]!;
    let reach = 0;
    for (let i = 0; i < count; i++) {
      const token = this.table.tokenOf(u32At(bytes, at + ROW_TOKENS_AT + 4 * i));
      if (token === AMBIGUOUS) return true;
      const cls = bytes[at + ROW_TOKENS_AT + 4 * count + i]!;
      tokens[i] = token;
      classes[i] = cls;
      if (!opensRetrievalKeys(cls)) {
        rowKeysAt[i] = -1;
        continue;
      }
      if (keysAt[token] === NOT_YET) {
        keysAt[token] = this.#gate.inScope(this.table.strings[token]!, scope);
        reachOf[token] = this.#gate.reach(keysAt[token]!);
      }
      rowKeysAt[i] = keysAt[token]!;
      // A merge needs a next token.
      reach |= i + 1 < count ? reachOf[token]! : reachOf[token]! & REACH_LISTED;
    }
    // No token's keys list a kept name, and none merges into one (or no informative token, which
    // opens no key): a search finds no kept name.
    if (reach === 0) return false;
    for (let i = 0; i < count; i++) texts[i] = this.table.strings[tokens[i]!]!;
    const reached = this.#gate.candidates(texts, rowKeysAt, count, scope);
    if (reached.length === 0) return false;
    const bounded = this.#bound(count);
    for (let i = 0; i < count; i++) this.#packToken(tokens[i]!, classes[i]!, bounded.packed, i * S);
    const traits = traitsOf(secondary);
    // The weakest name score a search keeps for this row: WEAK less what its secondary fields can add.
    const queryFloor = this.#weakest - Math.min(boostOf(secondary), MAX_FEATURE_BOOST);
    const names = this.#names;
    const bounds = names.scoreBounds(bounded, reached, this.#cfg);
    let q: PreparedName | null = null;
    for (let r = 0; r < reached.length; r++) {
      const slot = reached[r]!;
      // As the search floors the names of each entity (search.ts), with what the sidecar kept.
      const most = this.#traits.maxAdjustment(traits, this.#slotEntities[slot]!);
      const atLeast = floorForAdjustment(this.#weakest, queryFloor, most) - BOUND_SLACK;
      if (bounds[r]! < atLeast) continue;
      q ??= preparePacked(texts, bounded.packed, KIND_NAME[kind]!, names.vocabulary, this.#rowNames[count]!);
      if (names.score(q, slot, this.#cfg) >= atLeast) return true;
    }
    return false;
  }
}

/** Rows of the sidecar to gate: their portfolio ordinals, ascending, and their records one after another. */
export interface RowsSlice {
  readonly rows: Uint32Array;
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
export const rowBody = (head: number): number =>
  (head & 3) === ROW_KIND.NONE ? 0 : ROW_TOKENS_AT + 5 * (head >>> 2);

/**
 * Per row of the slice, 1 when it is screened.
 *
 * @example selectRows(gate, slice, new Set([fnv1a('c-17')]))
 */
export function selectRows(gate: RowGate, slice: RowsSlice, withdrawals: ReadonlySet<number>): Uint8Array {
  const { bytes } = slice;
  const selected = new Uint8Array(slice.rows.length);
  let p = 0;
  for (let i = 0; i < slice.rows.length; i++) {
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
    if (screen) selected[i] = 1;
  }
  if (p !== bytes.length) throw new Error('A slice of the sidecar does not end where its rows do.');
  return selected;
}
