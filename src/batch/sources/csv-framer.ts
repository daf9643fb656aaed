/**
 * Cuts CSV bytes into records (RFC 4180: a quote opens a quoted field only at the field's start;
 * inside one, `""` is a quote and newlines belong to the field). papaparse then splits each record
 * into fields. Framing here, not in papaparse, is what keeps one broken row from taking the rest of
 * the file with it: papaparse reads an unterminated quote to the end of the input (measured: one
 * `"Bad name` row swallowed every following row into one field). Here a quoted field that runs
 * past MAX_RECORD_BYTES is declared broken at its first line, and framing restarts on the next.
 *
 * It frames UTF-8 bytes, not text: the bytes it looks for (quote, delimiter, CR, LF) never occur inside
 * a multi-byte character, and a record is decoded only when someone wants it. Measured on the 61 MB,
 * 1M-row bench portfolio: decoding the whole file costs ~0.5 s and framing the text ~0.4 s more; a
 * delta run that reads 0.6 % of the rows frames the bytes in ~0.15 s and decodes almost nothing.
 */
import { MAX_FIELD_CHARS, PORTFOLIO_COLUMNS } from '../portfolio-row.js';

/**
 * A record longer than this cannot be valid: every field is at most MAX_FIELD_CHARS UTF-16 code
 * units, and a code unit takes at most 3 bytes of UTF-8.
 */
export const MAX_RECORD_BYTES = 3 * (MAX_FIELD_CHARS + 3) * (PORTFOLIO_COLUMNS.length + 6);

/** A record as text, for readers that want every record. */
export interface FramedRecord {
  readonly text: string;
  /** True when the record is one physical line cut off from an unterminated quoted field. */
  readonly broken: boolean;
}

/** What a framed record is, beside its bytes. */
export const RecordShape = {
  /** One line, framed cleanly: exactly one row. */
  LINE: 0,
  /** A quoted field holds a line break. */
  MULTILINE: 1,
  /** One physical line cut off from an unterminated quoted field. */
  BROKEN: 2,
} as const;
export type RecordShape = (typeof RecordShape)[keyof typeof RecordShape];

/** Receives each record as `bytes[start, end)` (no line break, no trailing CR); the bytes are reused afterwards. */
export type RecordVisitor = (bytes: Buffer, start: number, end: number, shape: RecordShape) => void;

const QUOTE = 34;
const LF = 10;
const CR = 13;
const EMPTY = Buffer.alloc(0);
const MIN_STORE = 1 << 16;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** True when the bytes hold nothing but whitespace (as String.prototype.trim sees it). */
function isBlank(bytes: Buffer, start: number, end: number): boolean {
  let ascii = true;
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b >= 0x80) ascii = false;
    else if (b !== 0x20 && (b < 0x09 || b > 0x0d)) return false;
  }
  // Only whitespace and non-ASCII bytes: Unicode spaces (no-break, ideographic…) are blank too.
  return ascii || bytes.toString('utf8', start, end).trim() === '';
}

/** The field delimiters a CSV portfolio may use: comma, or semicolon or tab (European and TSV exports). */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export class CsvRecordFramer {
  /** The field delimiter's code: a quote opens a quoted field only right after one (or a line break). */
  readonly #delimiter: number;
  /** The bytes not yet framed: a piece of the input itself, or a view of #store. */
  #buffer: Buffer = EMPTY;
  /** Where a record that spans pieces is gathered. */
  #store: Buffer = EMPTY;
  /** Where the current record starts in #buffer. */
  #start = 0;
  /** Where scanning resumes, and the quoting state there. */
  #pos = 0;
  #inQuotes = false;
  #atFieldStart = true;
  /** Whether the current record has a line break inside a quoted field so far. */
  #multiline = false;
  /** The input's first bytes while they may still be a byte order mark; null once settled. */
  #opening: Buffer | null = EMPTY;
  /** Input bytes pushed so far, and where #buffer[0] sits in the input. */
  #received = 0;
  #base = 0;

  constructor(delimiter: CsvDelimiter = ',') {
    this.#delimiter = delimiter.charCodeAt(0);
  }

  /** Frames `chunk` (the next bytes of the input) and visits the records it completes. */
  pushBytes(chunk: Buffer, visit: RecordVisitor): void {
    const { bytes, at } = this.#skipBom(chunk);
    this.#received += chunk.length;
    const rest = this.#buffer.length - this.#start;
    this.#base = rest === 0 ? at : this.#base + this.#start;
    this.#buffer = rest === 0 ? bytes : this.#append(this.#buffer.subarray(this.#start), bytes);
    this.#pos -= this.#start;
    this.#start = 0;
    this.#scan(visit, false);
  }

  /**
   * `pending` (the record under way) then `bytes`, in a store that doubles as it fills: a record
   * spanning many pieces (an absurdly long line) is copied a few times in all, not once per piece
   * (measured: a 20 MB line took 2.3 s, as it did when the framer joined text; now 0.2 s).
   */
  #append(pending: Buffer, bytes: Buffer): Buffer {
    const length = pending.length + bytes.length;
    if (this.#store.length < length) {
      const grown = Buffer.allocUnsafe(Math.max(length, 2 * this.#store.length, MIN_STORE));
      pending.copy(grown);
      this.#store = grown;
    } else if (pending.buffer !== this.#store.buffer || pending.byteOffset !== this.#store.byteOffset) {
      pending.copy(this.#store); // a move within the store when pending is already in it
    }
    bytes.copy(this.#store, pending.length);
    return this.#store.subarray(0, length);
  }

  /** Visits the records left at the end of the input. */
  endBytes(visit: RecordVisitor): void {
    // An input too short to be more than the start of a byte order mark: those bytes are data.
    const held = this.#opening;
    this.#opening = null;
    if (held !== null && held.length > 0) {
      this.#received -= held.length; // pushed once already, held back
      this.pushBytes(held, visit);
    }
    this.#scan(visit, true);
  }

  /** Records completed by this text (for readers of small texts; the file readers use pushBytes). */
  push(text: string, out: FramedRecord[] = []): FramedRecord[] {
    this.pushBytes(Buffer.from(text, 'utf8'), collectInto(out));
    return out;
  }

  /** The records left at the end of the input, as text. */
  end(out: FramedRecord[] = []): FramedRecord[] {
    this.endBytes(collectInto(out));
    return out;
  }

  /**
   * Where the input's byte `start` of the record being visited sits in the whole input: a reader may
   * later frame the input from there (csv-source.ts's seek points).
   */
  offsetOf(start: number): number {
    return this.#base + start;
  }

  /**
   * A UTF-8 byte order mark opening the input is not part of the first record. Returns the bytes to
   * frame and where the first of them sits in the input.
   */
  #skipBom(chunk: Buffer): { bytes: Buffer; at: number } {
    if (this.#opening === null) return { bytes: chunk, at: this.#received };
    const at = this.#received - this.#opening.length;
    const start = this.#opening.length === 0 ? chunk : Buffer.concat([this.#opening, chunk]);
    const prefix = Math.min(start.length, BOM.length);
    if (prefix < BOM.length && start.equals(BOM.subarray(0, prefix))) {
      this.#opening = start; // perhaps a mark cut short: wait for the next bytes
      return { bytes: EMPTY, at };
    }
    this.#opening = null;
    return start.subarray(0, BOM.length).equals(BOM)
      ? { bytes: start.subarray(BOM.length), at: at + BOM.length }
      : { bytes: start, at };
  }

  #emit(visit: RecordVisitor, end: number, shape: RecordShape): void {
    const start = this.#start;
    const last = end > start && this.#buffer[end - 1] === CR ? end - 1 : end;
    if (shape === RecordShape.BROKEN || !isBlank(this.#buffer, start, last))
      visit(this.#buffer, start, last, shape);
    this.#multiline = false;
  }

  /** Declares the current record broken at its first line break and rescans from the next line. */
  #breakRecord(visit: RecordVisitor): void {
    const newline = this.#buffer.indexOf(LF, this.#start);
    const end = newline < 0 ? this.#buffer.length : newline;
    this.#emit(visit, end, RecordShape.BROKEN);
    this.#start = this.#pos = newline < 0 ? this.#buffer.length : newline + 1;
    this.#inQuotes = false;
    this.#atFieldStart = true;
  }

  #scan(visit: RecordVisitor, final: boolean): void {
    const b = this.#buffer;
    // The next quote at or after the scan (-1: none in the buffer; -2: not looked for yet).
    let quoteAt = -2;
    for (;;) {
      let i = this.#pos;
      const n = b.length;
      while (i < n) {
        // A record with no quote before its line break is that line: found by indexOf, not byte by
        // byte (measured on the 1M-row portfolio, as text: framing ~0.83 s → ~0.43 s).
        if (i === this.#start) {
          if (quoteAt !== -1 && quoteAt < i) quoteAt = b.indexOf(QUOTE, i);
          const lf = b.indexOf(LF, i);
          if (lf >= 0 && (quoteAt < 0 || quoteAt > lf)) {
            this.#emit(visit, lf, RecordShape.LINE);
            this.#start = i = lf + 1;
            continue;
          }
        }
        const c = b[i]!;
        if (this.#inQuotes) {
          if (c === QUOTE) {
            if (i + 1 >= n && !final) break; // `"` at the end: wait to see whether `""` follows
            if (b[i + 1] === QUOTE) i++;
            else this.#inQuotes = false;
          } else if (c === LF) {
            this.#multiline = true;
          }
        } else if (c === QUOTE) {
          if (this.#atFieldStart) this.#inQuotes = true;
          this.#atFieldStart = false;
        } else if (c === this.#delimiter) {
          this.#atFieldStart = true;
        } else if (c === LF) {
          this.#emit(visit, i, this.#multiline ? RecordShape.MULTILINE : RecordShape.LINE);
          this.#start = i + 1;
          this.#atFieldStart = true;
        } else {
          this.#atFieldStart = false;
        }
        i++;
        if (this.#inQuotes && i - this.#start > MAX_RECORD_BYTES) break;
      }
      this.#pos = i;
      if (this.#inQuotes && (i - this.#start > MAX_RECORD_BYTES || (final && i >= n))) {
        this.#breakRecord(visit);
        continue;
      }
      if (final && this.#start < n) {
        this.#emit(visit, n, this.#multiline ? RecordShape.MULTILINE : RecordShape.LINE);
        this.#start = this.#pos = n;
      }
      return;
    }
  }
}

/** A visitor that decodes every record into `out`. */
function collectInto(out: FramedRecord[]): RecordVisitor {
  return (bytes, start, end, shape) =>
    out.push({ text: bytes.toString('utf8', start, end), broken: shape === RecordShape.BROKEN });
}
