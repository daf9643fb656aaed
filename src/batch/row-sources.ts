/**
 * The retrieval-source sidecar of a full run (`OUT.sources.*`): for every portfolio row, what its
 * name's retrieval keys derive from (NameIndex.retrievalSources: "t:token", "s:stem", "m:merged";
 * vocabulary-independent strings), so a later delta run can tell which rows could meet a changed
 * entity without reading, validating or preparing the others (row-sources-reach.ts).
 *
 * Files, beside OUT:
 * - `OUT.sources.bin`: one record per row, in row order: a varint `count << 2 | kind`, then for
 *   kinds other than NONE the row's external_id hash and `count` source hashes (4 bytes each,
 *   little-endian);
 * - `OUT.sources.txt`: the strings behind the hashes, one `hhhhhhhh source` line each (hash in hex),
 *   every string before the first row that uses it; a string may appear more than once;
 * - `OUT.sources.json`: the manifest, written last, only when the run completed: without it (an
 *   interrupted or running full run) the sidecar is never trusted.
 * Sources travel as 32-bit hashes so the main thread copies numbers instead of interning ~4 strings
 * a row (measured: ~0.4 µs a string on this machine). Hashes may collide: a delta run sees every
 * string of a hash in the text file and treats the hash as reaching when any of them does, so a
 * collision can only make it screen more rows, never fewer. Measured on the 1M-row bench portfolio
 * (4.1 sources a row): 21.5 MB of rows and 27 MB of strings.
 */
import { z } from 'zod';
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
export const ROW_SOURCES_FORMAT = 1;

export const rowSourcesBase = (out: string) => `${out}.sources`;
export const rowSourcesFiles = (base: string) => ({
  manifest: `${base}.json`,
  rows: `${base}.bin`,
  strings: `${base}.txt`,
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
  /** The portfolio's fingerprint and column mapping: the rows the sidecar describes. */
  portfolio: z.string(),
  columns: z.record(z.string(), z.string()),
  /** The normalization code that derived the sources (normalization-version.ts). */
  normalization: z.string(),
  finished_at: z.string(),
});
export type RowSourcesManifest = z.infer<typeof RowSourcesManifest>;

/** What a worker returns about one chunk's rows: compact, and cheap to post to the main thread. */
export interface ChunkRowSources {
  /** Per row: `count << 2 | kind`. */
  readonly heads: Uint16Array;
  /** Per row: the hash of its external_id (0 for NONE rows). */
  readonly idHashes: Uint32Array;
  /** Every row's source hashes, in row order. */
  readonly hashes: Uint32Array;
  /** `hhhhhhhh source\n` lines for the hashes this worker has not sent before. */
  readonly strings: string;
  /** Lines in `strings`. */
  readonly stringCount: number;
}

const NEWLINE = 10;
/** sourceHash of a source with a newline, which no line of the text file can hold (not a uint32). */
const NOT_HOLDABLE = -1;

/**
 * FNV-1a over the UTF-16 code units: the sidecar's hash of external ids and of sources. A delta run
 * matches rows with earlier matches by it; a collision only makes it screen one more row.
 */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** fnv1a of a source, or NOT_HOLDABLE when it has a newline (one pass for both). */
function sourceHash(source: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === NEWLINE) return NOT_HOLDABLE;
    h ^= c;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Most sources a row's head can count (14 bits). */
const MAX_SOURCES = 0x3fff;
const SENT_SLOTS = 1 << 18;

/**
 * The strings a worker has sent, across its chunks: a direct-mapped cache by hash that keeps the
 * string itself, so a string counts as sent only when that very string was (two strings of one hash
 * are both sent, and a delta run sees the collision). A string evicted by another is sent again: it
 * costs a line, never a lost string. Fixed size (~3 MB), so memory stays flat.
 */
export class SentSources {
  readonly hashes = new Uint32Array(SENT_SLOTS);
  readonly strings: (string | undefined)[] = new Array<string | undefined>(SENT_SLOTS).fill(undefined);

  /** True when `source` was sent; else records it as sent now. */
  check(hash: number, source: string): boolean {
    const slot = Math.imul(hash, 0x9e3779b1) >>> 14;
    if (this.hashes[slot] === hash && this.strings[slot] === source) return true;
    this.hashes[slot] = hash;
    this.strings[slot] = source;
    return false;
  }
}

/** Gathers one chunk's rows in a worker, one `add` per row in row order. */
export class ChunkSourcesCollector {
  readonly #heads: Uint16Array;
  readonly #idHashes: Uint32Array;
  #hashes: Uint32Array;
  #count = 0;
  readonly #lines: string[] = [];
  readonly #sent: SentSources;
  #rows = 0;

  constructor(rows: number, sent: SentSources) {
    this.#heads = new Uint16Array(rows);
    this.#idHashes = new Uint32Array(rows);
    this.#hashes = new Uint32Array(rows * 6);
    this.#sent = sent;
  }

  add(kind: RowKind, externalId: string | null, sources: readonly string[]): void {
    if (this.#count + sources.length > this.#hashes.length) {
      const grown = new Uint32Array(Math.max(this.#hashes.length * 2, this.#count + sources.length));
      grown.set(this.#hashes.subarray(0, this.#count));
      this.#hashes = grown;
    }
    const from = this.#count;
    let holdable = sources.length <= MAX_SOURCES;
    for (let k = 0; k < sources.length && holdable; k++) {
      const hash = sourceHash(sources[k]!);
      // A source the files cannot hold (never seen: sources are tokens) makes the row one to always screen.
      if (hash === NOT_HOLDABLE) holdable = false;
      this.#hashes[this.#count++] = hash;
    }
    const i = this.#rows++;
    this.#idHashes[i] = kind === ROW_KIND.NONE || externalId === null ? 0 : fnv1a(externalId);
    if (!holdable) {
      this.#count = from;
      this.#heads[i] = kind === ROW_KIND.NONE ? kind : ROW_KIND.ALWAYS;
      return;
    }
    this.#heads[i] = (sources.length << 2) | kind;
    for (let k = 0; k < sources.length; k++) {
      const hash = this.#hashes[from + k]!;
      if (!this.#sent.check(hash, sources[k]!))
        this.#lines.push(`${hash.toString(16).padStart(8, '0')} ${sources[k]!}\n`);
    }
  }

  finish(): ChunkRowSources {
    if (this.#rows !== this.#heads.length) {
      throw new Error(`A chunk recorded sources for ${this.#rows} of its ${this.#heads.length} rows.`);
    }
    return {
      heads: this.#heads,
      idHashes: this.#idHashes,
      hashes: this.#hashes.slice(0, this.#count),
      strings: this.#lines.join(''),
      stringCount: this.#lines.length,
    };
  }
}
