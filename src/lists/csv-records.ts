/**
 * CSV records with the line each starts on, for the list parsers: a whole text at once
 * (`readCsvRecords`) or a stream (`streamCsvRecords`), so a large list is never held as one
 * string. Blank lines and the DOS end-of-file byte (0x1A) that ends OFAC's legacy files are
 * skipped, but still counted, so line numbers stay true.
 */
import Papa from 'papaparse';
import { textChunks, type ListInput } from './list-input.js';

export interface CsvRecord {
  fields: string[];
  /** 1-based line of the file on which the record starts. */
  line: number;
}

/**
 * A stream is parsed in parts of about this many characters, each cut at a record boundary.
 * (papaparse's own Node stream mode pauses every 16 rows and rescans the rest of its chunk on
 * each resume: 3.5 s of CPU for the 5.7 MB labelled address file; cut parts parse it in ~0.5 s.)
 */
const PART_CHARS = 1 << 20;

/** Tracks line numbers across records: a record spans one line plus its quoted line breaks. */
class LineCounter {
  private next = 1;

  place(fields: readonly string[]): number {
    const line = this.next;
    let breaks = 0;
    for (const field of fields) {
      for (let i = field.indexOf('\n'); i !== -1; i = field.indexOf('\n', i + 1)) breaks += 1;
    }
    this.next = line + 1 + breaks;
    return line;
  }
}

function isBlank(fields: readonly string[]): boolean {
  if (fields.length !== 1) return false;
  const only = (fields[0] ?? '').trim();
  return only === '' || only === '\x1a';
}

/**
 * The index just past the last line break that ends a record: one with an even number of quote
 * characters before it (an escaped quote "" counts twice, so parity says whether we are inside a
 * quoted field). -1 when there is none yet.
 */
function lastRecordEnd(text: string): number {
  let quotes = 0;
  let end = -1;
  let quote = text.indexOf('"');
  for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', newline + 1)) {
    while (quote !== -1 && quote < newline) {
      quotes += 1;
      quote = text.indexOf('"', quote + 1);
    }
    if (quotes % 2 === 0) end = newline + 1;
  }
  return end;
}

/** Parses whole records; the empty record papaparse reports after a final line break is dropped. */
function* parsePart(text: string, newline: '\r\n' | '\n', lines: LineCounter): Generator<CsvRecord> {
  // Every list we read is comma-separated; naming the delimiter spares papaparse a guessing pass.
  const rows = Papa.parse<string[]>(text, { delimiter: ',', newline, skipEmptyLines: false }).data;
  if (text.endsWith('\n') && rows.length > 0 && isBlank(rows[rows.length - 1] ?? [])) rows.pop();
  for (const fields of rows) {
    const line = lines.place(fields);
    if (!isBlank(fields)) yield { fields, line };
  }
}

function newlineOf(text: string): '\r\n' | '\n' {
  const at = text.indexOf('\n');
  return at > 0 && text[at - 1] === '\r' ? '\r\n' : '\n';
}

/** Every record of a CSV text, with its line. */
export function readCsvRecords(text: string): CsvRecord[] {
  return [...parsePart(text, newlineOf(text), new LineCounter())];
}

/** Every record of a CSV input, streamed: memory stays flat whatever the file's size. */
export async function* streamCsvRecords(input: ListInput): AsyncGenerator<CsvRecord> {
  const lines = new LineCounter();
  let newline: '\r\n' | '\n' | null = null;
  let pending = '';
  for await (const chunk of textChunks(input)) {
    pending += chunk;
    if (pending.length < PART_CHARS) continue;
    // A file with a stray quote may show no boundary for a while; it is then read in larger parts.
    const end = lastRecordEnd(pending);
    if (end <= 0) continue;
    newline ??= newlineOf(pending);
    yield* parsePart(pending.slice(0, end), newline, lines);
    pending = pending.slice(end);
  }
  if (pending.length > 0) yield* parsePart(pending, newline ?? newlineOf(pending), lines);
}
