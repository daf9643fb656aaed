/**
 * The portfolio's inverted index (issue #33), written with a full run's token sidecar
 * (row-sources.ts) as `BASE.postings`: per distinct token (SourceTable's numbers) and row kind
 * (individual, organization), the rows whose names hold it in a class that opens retrieval keys
 * (a token that opens none, an initial say, can lead a search to no name); per row, where its record starts in the rows file and its external_id hash; the
 * rows a delta run always screens; and per token its derived retrieval keys. A delta run turns the
 * changed names into the rows that share a retrieval key with one (reaching-rows.ts) and gates only
 * those, so its work follows the change rather than the portfolio.
 *
 * It also keeps the portfolio file's seek points, when its read found some (a CSV's), so a delta run
 * reads only the blocks of the file that hold the rows it screens.
 *
 * Layout: a header of HEADER_WORDS uint32 (MAGIC, rows, tokens, postings, always, seeks), then
 * uint32 arrays — recordAt (rows + 1), idHashes (rows), tokenStart (2 × tokens + 1), tokenRows
 * (postings), always, the seek points' ordinals and their offsets (low and high words) — then, as UTF-8 text, one `phonetic\tprefix\tskeleton` line per token (derivedKeysOf).
 */
import { readFile } from 'node:fs/promises';
import { derivedKeysOf, MAX_TOKENS, opensRetrievalKeys, type DerivedKeys } from '../names/index.js';
import type { SourceTable } from './row-gate.js';
import { AMBIGUOUS, headLength, rowBody, rowHeadAt } from './row-gate.js';
import { ROW_KIND, ROW_TOKENS_AT } from './row-sources.js';
import type { SeekPoints } from './sources/portfolio-source.js';

const MAGIC = 0x57505331; // "WPS1"
const HEADER_WORDS = 6;
const WORD = 2 ** 32;

export interface RowPostings {
  readonly rows: number;
  /** Per row, where its record starts in the rows file; recordAt[rows] is the file's length. */
  readonly recordAt: Uint32Array;
  /** Per row, its external_id hash (0 for rows not screened). */
  readonly idHashes: Uint32Array;
  /**
   * The rows of kind k (ROW_KIND.INDIVIDUAL or ORGANIZATION) holding token t, ascending:
   * tokenRows[tokenStart[p] .. tokenStart[p + 1]) for p = postingOf(t, k).
   */
  readonly tokenStart: Uint32Array;
  readonly tokenRows: Uint32Array;
  /**
   * Rows a delta run screens whatever changed: wallet rows, and rows the sidecar cannot describe
   * (a token hash with several strings, more tokens than a name has).
   */
  readonly always: Uint32Array;
  /** Per token, its derived retrieval keys (derivedKeysOf): worked out once, by the full run. */
  readonly keys: readonly DerivedKeys[];
  /** Where the portfolio file's rows can be read from, or null (a source that has none). */
  readonly seeks: SeekPoints | null;
}

/** Where the rows of one kind holding one token are listed. */
export const postingOf = (token: number, kind: number): number =>
  2 * token + (kind === ROW_KIND.INDIVIDUAL ? 0 : 1);

const u32At = (bytes: Uint8Array, at: number): number =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

/**
 * The postings of a complete sidecar: its rows file's bytes and its strings (as SourceTable reads
 * them), in two passes over the rows (count, then fill).
 *
 * @example buildRowPostings(await readFile(files.rows), new SourceTable(text), manifest.rows)
 */
export function buildRowPostings(
  bytes: Uint8Array,
  table: SourceTable,
  rows: number,
  seeks: SeekPoints | null,
): RowPostings {
  if (seeks !== null && seeks.rows !== rows)
    throw new Error('The seek points do not count the sidecar rows.');
  const tokens = table.strings.length;
  const recordAt = new Uint32Array(rows + 1);
  const idHashes = new Uint32Array(rows);
  const counts = new Uint32Array(2 * tokens + 1);
  const lastRow = new Int32Array(tokens).fill(-1);
  const always: number[] = [];
  /** Per row, 1 when it is always screened (a row the postings do not list). */
  const screenedAlways = new Uint8Array(rows);
  /**
   * Visits the posting of each distinct, unambiguous token of a described row that opens retrieval
   * keys; returns false for a row to always screen (mayMatch screens it unread).
   */
  const eachPosting = (
    row: number,
    at: number,
    head: number,
    visit: (posting: number, row: number) => void,
  ) => {
    const count = head >>> 2;
    if (count > MAX_TOKENS) return false;
    for (let i = 0; i < count; i++) {
      const token = table.tokenOf(u32At(bytes, at + ROW_TOKENS_AT + 4 * i));
      if (token === AMBIGUOUS) return false;
      if (!opensRetrievalKeys(bytes[at + ROW_TOKENS_AT + 4 * count + i]!) || lastRow[token] === row) continue;
      lastRow[token] = row;
      visit(postingOf(token, head & 3), row);
    }
    return true;
  };
  const count = (posting: number) => counts[posting + 1]!++;
  let p = 0;
  for (let row = 0; row < rows; row++) {
    recordAt[row] = p;
    const head = rowHeadAt(bytes, p);
    const at = p + headLength(head);
    p = at + rowBody(head);
    const kind = head & 3;
    if (kind === ROW_KIND.NONE) continue;
    idHashes[row] = u32At(bytes, at);
    if (kind !== ROW_KIND.ALWAYS && eachPosting(row, at, head, count)) continue;
    always.push(row);
    screenedAlways[row] = 1;
  }
  if (p !== bytes.length) throw new Error('The sidecar rows file does not end where its rows do.');
  recordAt[rows] = p;
  for (let q = 0; q < 2 * tokens; q++) counts[q + 1]! += counts[q]!;
  const tokenStart = counts;
  const tokenRows = new Uint32Array(tokenStart[2 * tokens]!);
  const next = tokenStart.slice(0, 2 * tokens);
  const fill = (posting: number, row: number) => (tokenRows[next[posting]!++] = row);
  lastRow.fill(-1);
  for (let row = 0; row < rows; row++) {
    const at = recordAt[row]!;
    const head = rowHeadAt(bytes, at);
    if ((head & 3) === ROW_KIND.NONE || screenedAlways[row] === 1) continue;
    eachPosting(row, at + headLength(head), head, fill);
  }
  return {
    rows,
    recordAt,
    idHashes,
    tokenStart,
    tokenRows,
    always: Uint32Array.from(always),
    keys: table.strings.map(derivedKeysOf),
    seeks,
  };
}

/** The postings as the bytes of their file. */
export function encodeRowPostings(postings: RowPostings): Uint8Array {
  const { rows, recordAt, idHashes, tokenStart, tokenRows, always, seeks } = postings;
  const points = seeks?.ordinals.length ?? 0;
  const header = Uint32Array.of(
    MAGIC,
    rows,
    (tokenStart.length - 1) / 2,
    tokenRows.length,
    always.length,
    points,
  );
  const offsets = new Uint32Array(2 * points);
  for (let i = 0; i < points; i++) {
    const offset = seeks!.offsets[i]!;
    offsets[2 * i] = offset % WORD;
    offsets[2 * i + 1] = Math.floor(offset / WORD);
  }
  const arrays = [header, recordAt, idHashes, tokenStart, tokenRows, always, seeks?.ordinals ?? [], offsets];
  const lines = postings.keys.map((k) => `${k.phonetic}\t${k.prefix}\t${k.skeleton}\n`).join('');
  const text = Buffer.from(lines, 'utf8');
  const words = arrays.reduce((n, a) => n + a.length, 0);
  const out = new Uint8Array(4 * words + text.length);
  const view = new Uint32Array(out.buffer, 0, words);
  let at = 0;
  for (const a of arrays) {
    view.set(a, at);
    at += a.length;
  }
  out.set(text, 4 * words);
  return out;
}

/** Postings read back from their file; throws on a file that is not one. */
export async function readRowPostings(path: string): Promise<RowPostings> {
  const file = await readFile(path);
  // An aligned copy when the file's buffer is not (a small file may sit in Node's buffer pool).
  const bytes = file.byteOffset % 4 === 0 ? file : Buffer.from(new Uint8Array(file).buffer);
  const words = (count: number, at: number) =>
    new Uint32Array(bytes.buffer, bytes.byteOffset + 4 * at, count);
  if (bytes.length < 4 * HEADER_WORDS) throw new Error(`${path} is too short to hold postings.`);
  const [magic, rows, tokens, postings, alwaysCount, points] = words(HEADER_WORDS, 0);
  if (magic !== MAGIC) throw new Error(`${path} is not a postings file.`);
  let at = HEADER_WORDS;
  const take = (count: number) => {
    const array = words(count, at);
    at += count;
    return array;
  };
  const recordAt = take(rows! + 1);
  const idHashes = take(rows!);
  const tokenStart = take(2 * tokens! + 1);
  const tokenRows = take(postings!);
  const always = take(alwaysCount!);
  const ordinals = take(points!);
  const halves = take(2 * points!);
  const offsets = Float64Array.from(
    { length: points! },
    (_, i) => halves[2 * i]! + halves[2 * i + 1]! * WORD,
  );
  const lines = bytes.toString('utf8', 4 * at).split('\n');
  if (lines.length !== tokens! + 1)
    throw new Error(`${path} does not hold the keys of its ${tokens} tokens.`);
  const keys = lines.slice(0, tokens).map((line): DerivedKeys => {
    const [phonetic = '', prefix = '', skeleton = ''] = line.split('\t');
    return { phonetic, prefix, skeleton };
  });
  const seeks = points === 0 ? null : { rows: rows!, ordinals, offsets };
  const postingsRead = { rows: rows!, recordAt, idHashes, tokenStart, tokenRows, always, keys, seeks };
  if (!consistent(postingsRead)) throw new Error(`${path} is damaged: its numbers do not fit together.`);
  return postingsRead;
}

/** Whether every offset and row number stays in range: a damaged file must not index past its arrays. */
function consistent({ rows, recordAt, tokenStart, tokenRows, always, seeks }: RowPostings): boolean {
  const ascending = (a: ArrayLike<number>) => {
    for (let i = 1; i < a.length; i++) if (a[i]! < a[i - 1]!) return false;
    return true;
  };
  const inRange = (a: ArrayLike<number>) => {
    for (let i = 0; i < a.length; i++) if (a[i]! >= rows) return false;
    return true;
  };
  return (
    ascending(recordAt) &&
    recordAt[0] === 0 &&
    ascending(tokenStart) &&
    tokenStart[0] === 0 &&
    tokenStart[tokenStart.length - 1] === tokenRows.length &&
    inRange(tokenRows) &&
    inRange(always) &&
    (seeks === null || (ascending(seeks.ordinals) && inRange(seeks.ordinals) && ascending(seeks.offsets)))
  );
}
