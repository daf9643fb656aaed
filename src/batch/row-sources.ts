/**
 * The token sidecar of a full run (`OUT.sources.*`): for every portfolio row, the tokens and token
 * classes its name was prepared into (prepareName: normalized, transliterated, legal forms folded;
 * strings that mean the same under any list vocabulary), so a later delta run can work out which rows
 * could match a changed entity — their retrieval keys and their score bound — without reading,
 * validating or normalizing the rows again (row-sources-reach.ts).
 *
 * Files, beside OUT:
 * - `OUT.sources.bin`: one record per row, in row order: a varint `count << 2 | kind`, then for
 *   kinds other than NONE the row's external_id hash (4 bytes, little-endian), its secondary fields
 *   (4 bytes, little-endian: the most they can add to a score, featureBoostOf in hundredths rounded
 *   up, in the low byte; queryTraitsOf in the other three), `count` token hashes (4 bytes each) and
 *   `count` token classes (a byte each);
 * - `OUT.sources.txt`: the strings behind the hashes, one `hhhhhhhh token` line each (hash in hex),
 *   every string before the first row that uses it; a string may appear more than once;
 * - `OUT.sources.postings`: the portfolio's inverted index, from tokens to rows (row-postings.ts),
 *   built from the two files above when the run completes;
 * - `OUT.sources.json`: the manifest, written last, only when the run completed: without it (an
 *   interrupted or running full run) the sidecar is never trusted.
 * Tokens travel as 32-bit hashes so the main thread copies numbers instead of interning strings
 * (measured: ~0.4 µs a string on this machine). Hashes may collide: a delta run sees every string of
 * a hash in the text file and screens a row with such a hash, so a collision can only make it screen
 * more rows, never fewer.
 */
import { z } from 'zod';
import { fnv1a } from '../names/index.js';
import type { ValidRow } from './portfolio-row.js';

/** How a row was screened, which decides the candidate scope a delta run asks about. */
export const ROW_KIND = {
  /** Not screened (an error row): it cannot match anything, in any run. */
  NONE: 0,
  INDIVIDUAL: 1,
  ORGANIZATION: 2,
  /** Screened by something the sidecar cannot describe (a wallet address): always screened again. */
  ALWAYS: 3,
} as const;
export type RowKind = (typeof ROW_KIND)[keyof typeof ROW_KIND];

export const rowKindOf = (row: ValidRow): RowKind =>
  row.kind === 'person'
    ? ROW_KIND.INDIVIDUAL
    : row.kind === 'company'
      ? ROW_KIND.ORGANIZATION
      : row.kind === 'wallet'
        ? ROW_KIND.ALWAYS
        : ROW_KIND.NONE;

/** Bumped whenever the files' layout or meaning changes: an older sidecar is then not trusted. */
export const ROW_SOURCES_FORMAT = 5;

export const rowSourcesBase = (out: string) => `${out}.sources`;
export const rowSourcesFiles = (base: string) => ({
  manifest: `${base}.json`,
  rows: `${base}.bin`,
  strings: `${base}.txt`,
  postings: `${base}.postings`,
});

/** How far the sidecar files go; a checkpoint keeps it so a resumed full run truncates them there. */
export const RowSourcesPosition = z.object({
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  strings: z.number().int().nonnegative(),
  text_bytes: z.number().int().nonnegative(),
});
export type RowSourcesPosition = z.infer<typeof RowSourcesPosition>;

export const RowSourcesManifest = RowSourcesPosition.extend({
  format: z.literal(ROW_SOURCES_FORMAT),
  /** The length of the postings file (row-postings.ts). */
  postings_bytes: z.number().int().nonnegative(),
  /** The portfolio's fingerprint and column mapping: the rows the sidecar describes. */
  portfolio: z.string(),
  columns: z.record(z.string(), z.string()),
  /** The normalization code that prepared the tokens (normalization-version.ts). */
  normalization: z.string(),
  finished_at: z.string(),
  /** The output of the full run that wrote it (absolute): a delta run's earlier matches, when it knows of no other. */
  out: z.string().optional(),
});
export type RowSourcesManifest = z.infer<typeof RowSourcesManifest>;

/** What a worker returns about one chunk's rows: compact, and cheap to post to the main thread. */
export interface ChunkRowSources {
  /** Per row: `count << 2 | kind`. */
  readonly heads: Uint16Array;
  /** Per row: the hash of its external_id (0 for NONE rows). */
  readonly idHashes: Uint32Array;
  /** Per row: its secondary fields, as the rows file keeps them (secondaryFieldsOf). */
  readonly secondary: Uint32Array;
  /** Every row's token hashes, in row order. */
  readonly hashes: Uint32Array;
  /** Every row's token classes (TokenClass), beside `hashes`. */
  readonly classes: Uint8Array;
  /** `hhhhhhhh token\n` lines for the hashes this worker has not sent before. */
  readonly strings: string;
  /** Lines in `strings`. */
  readonly stringCount: number;
}

const NEWLINE = 10;
/** tokenHash of a token with a newline, which no line of the text file can hold (not a uint32). */
const NOT_HOLDABLE = -1;

/**
 * The sidecar's hash of external ids (fnv1a) and of tokens (tokenHash, the same with a newline check).
 * A delta run matches rows with earlier matches by it; a collision only makes it screen one more row.
 */
export { fnv1a };

/** fnv1a of a token, or NOT_HOLDABLE when it has a newline (one pass for both). */
function tokenHash(token: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c === NEWLINE) return NOT_HOLDABLE;
    h ^= c;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * What a delta run's gate reads of a row's secondary fields, in 32 bits: the most they can add to a
 * score (featureBoostOf, in hundredths rounded up) in the low byte, the query's traits for
 * EntityTraits (queryTraitsOf, 24 bits) above it.
 */
export const secondaryFieldsOf = (boost: number, traits: number): number =>
  (Math.min(255, Math.ceil(boost * 100)) | (traits << 8)) >>> 0;

/** The boost secondaryFieldsOf packed, in hundredths rounded up. */
export const boostOf = (secondary: number): number => (secondary & 0xff) / 100;
/** The query traits secondaryFieldsOf packed (queryTraitsOf). */
export const traitsOf = (secondary: number): number => secondary >>> 8;

/** Where a row's fields sit in its record after the head: its external_id hash, secondary fields, tokens. */
export const ROW_SECONDARY_AT = 4;
export const ROW_TOKENS_AT = 8;

/** Most tokens a row's head can count (14 bits). */
const MAX_TOKENS = 0x3fff;
const SENT_SLOTS = 1 << 18;

/**
 * The tokens a worker has sent, across its chunks: a direct-mapped cache by hash that keeps the
 * string itself, so a string counts as sent only when that very string was (two strings of one hash
 * are both sent, and a delta run sees the collision). A string evicted by another is sent again: it
 * costs a line, never a lost string. Fixed size (~3 MB), so memory stays flat.
 */
export class SentSources {
  readonly hashes = new Uint32Array(SENT_SLOTS);
  readonly strings: (string | undefined)[] = new Array<string | undefined>(SENT_SLOTS).fill(undefined);

  /** True when `token` was sent; else records it as sent now. */
  check(hash: number, token: string): boolean {
    const slot = Math.imul(hash, 0x9e3779b1) >>> 14;
    if (this.hashes[slot] === hash && this.strings[slot] === token) return true;
    this.hashes[slot] = hash;
    this.strings[slot] = token;
    return false;
  }
}

/** Gathers one chunk's rows in a worker, one `add` per row in row order. */
export class ChunkSourcesCollector {
  readonly #heads: Uint16Array;
  readonly #idHashes: Uint32Array;
  readonly #secondary: Uint32Array;
  #hashes: Uint32Array;
  #classes: Uint8Array;
  #count = 0;
  readonly #lines: string[] = [];
  readonly #sent: SentSources;
  #rows = 0;

  constructor(rows: number, sent: SentSources) {
    this.#heads = new Uint16Array(rows);
    this.#idHashes = new Uint32Array(rows);
    this.#secondary = new Uint32Array(rows);
    this.#hashes = new Uint32Array(rows * 4);
    this.#classes = new Uint8Array(rows * 4);
    this.#sent = sent;
  }

  /**
   * A row, with the tokens and classes of its prepared name and its secondary fields
   * (secondaryFieldsOf; none for NONE and ALWAYS rows).
   */
  add(
    kind: RowKind,
    externalId: string | null,
    tokens: readonly string[],
    classes: ArrayLike<number>,
    secondary = 0,
  ): void {
    if (this.#count + tokens.length > this.#hashes.length) {
      const size = Math.max(this.#hashes.length * 2, this.#count + tokens.length);
      const hashes = new Uint32Array(size);
      hashes.set(this.#hashes.subarray(0, this.#count));
      this.#hashes = hashes;
      const grownClasses = new Uint8Array(size);
      grownClasses.set(this.#classes.subarray(0, this.#count));
      this.#classes = grownClasses;
    }
    const from = this.#count;
    let holdable = tokens.length <= MAX_TOKENS;
    for (let k = 0; k < tokens.length && holdable; k++) {
      const hash = tokenHash(tokens[k]!);
      // A token the files cannot hold (never seen: tokens have no spaces) makes the row one to always screen.
      if (hash === NOT_HOLDABLE) holdable = false;
      this.#classes[this.#count] = classes[k]!;
      this.#hashes[this.#count++] = hash;
    }
    const i = this.#rows++;
    this.#idHashes[i] = kind === ROW_KIND.NONE || externalId === null ? 0 : fnv1a(externalId);
    this.#secondary[i] = secondary;
    if (!holdable) {
      this.#count = from;
      this.#heads[i] = kind === ROW_KIND.NONE ? kind : ROW_KIND.ALWAYS;
      return;
    }
    this.#heads[i] = (tokens.length << 2) | kind;
    for (let k = 0; k < tokens.length; k++) {
      const hash = this.#hashes[from + k]!;
      if (!this.#sent.check(hash, tokens[k]!))
        this.#lines.push(`${hash.toString(16).padStart(8, '0')} ${tokens[k]!}\n`);
    }
  }

  finish(): ChunkRowSources {
    if (this.#rows !== this.#heads.length) {
      throw new Error(`A chunk recorded tokens for ${this.#rows} of its ${this.#heads.length} rows.`);
    }
    return {
      heads: this.#heads,
      idHashes: this.#idHashes,
      secondary: this.#secondary,
      hashes: this.#hashes.slice(0, this.#count),
      classes: this.#classes.slice(0, this.#count),
      strings: this.#lines.join(''),
      stringCount: this.#lines.length,
    };
  }
}
