/**
 * A CSV portfolio, streamed: the file is read in 64 KiB pieces and framed into records
 * (csv-framer.ts), so memory stays flat whatever the file size. The main thread only frames: a
 * single-line record goes to a worker as raw text and is split there (csv-record.ts); the rare
 * broken or multi-line record is read here. A record that cannot be read becomes a row with a
 * `problem`, never a lost row.
 */
import { createReadStream, statSync, type ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { WardenError } from '../../model/errors.js';
import type { ColumnMapping, PortfolioRow } from '../portfolio-row.js';
import { resolveColumns } from './columns.js';
import { CsvRecordFramer, RecordShape, type CsvDelimiter, type RecordVisitor } from './csv-framer.js';
import { fieldsOf, headerDelimiter, rowsOfRecord, type CsvLayout, type RowInput } from './csv-record.js';
import type { PortfolioSource, RowBatch, RowSelection, SeekPoints } from './portfolio-source.js';
import { recordText } from './record-text.js';

const READ_CHUNK = 1 << 16;
/** Rows between seek points: ~16 KB of a typical portfolio, 47 KB of points for a million rows. */
const SEEK_ROWS = 256;

function openBytes(path: string): ReadStream {
  return createReadStream(path, { highWaterMark: READ_CHUNK });
}

/** Every record of a stream, piece by piece: each yield visits the records one piece completes. */
async function* framed(
  stream: ReadStream,
  visit: RecordVisitor,
  delimiter: CsvDelimiter = ',',
  framer = new CsvRecordFramer(delimiter),
): AsyncGenerator<void> {
  for await (const piece of stream) {
    framer.pushBytes(piece as Buffer, visit);
    yield;
  }
  framer.endBytes(visit);
  yield;
}

/** Every readable record's fields, header first (broken records are left out): for reading Warden's own CSV output. */
export async function* readCsvFields(path: string): AsyncGenerator<string[][]> {
  const stream = openBytes(path);
  let fields: string[][] = [];
  const visit: RecordVisitor = (bytes, start, end, shape) => {
    const read = shape === RecordShape.BROKEN ? null : fieldsOf(bytes.toString('utf8', start, end));
    if (read !== null) fields.push(read);
  };
  try {
    for await (const _ of framed(stream, visit)) {
      if (fields.length > 0) yield fields;
      fields = [];
    }
  } finally {
    stream.destroy();
  }
}

/** The header's column names, and the delimiter they are separated by (headerDelimiter). */
async function readHeader(path: string): Promise<{ names: string[]; delimiter: CsvDelimiter }> {
  const stream = openBytes(path);
  let line: string | undefined;
  const visit: RecordVisitor = (bytes, start, end) => {
    line ??= recordText(bytes, start, end);
  };
  try {
    for await (const _ of framed(stream, visit)) if (line !== undefined) break;
  } finally {
    stream.destroy();
  }
  // A UTF-16 byte order mark, read as Windows-1252 (recordText): the framer reads bytes as UTF-8's.
  if (line?.startsWith('\u00ff\u00fe') || line?.startsWith('\u00fe\u00ff')) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `The portfolio ${path} is UTF-16 text; save it as UTF-8 (or Windows-1252) CSV.`,
    );
  }
  const delimiter = headerDelimiter(line ?? '');
  const names = line === undefined ? null : fieldsOf(line, delimiter);
  if (names) return { names: names.map((f) => f.trim()), delimiter };
  throw new WardenError(
    'VALIDATION_ERROR',
    `The portfolio ${path} is empty or its header line cannot be read.`,
  );
}

/** Visits a file's data records as rows: counts them, and keeps those `wanted` as RowInputs. */
class RowCollector {
  ordinal: number;
  rows: RowInput[] = [];
  ordinals: number[] | null;
  readonly #recovered: PortfolioRow[] = [];

  constructor(
    first: number,
    readonly layout: CsvLayout,
    readonly wanted: (ordinal: number) => boolean,
    listOrdinals: boolean,
  ) {
    this.ordinal = first;
    this.ordinals = listOrdinals ? [] : null;
  }

  /** A data record; returns the ordinal its first row got. */
  visit(bytes: Buffer, start: number, end: number, shape: RecordShape): number {
    const first = this.ordinal;
    if (shape === RecordShape.LINE) {
      const o = this.ordinal++;
      if (!this.wanted(o)) return first;
      this.rows.push(recordText(bytes, start, end));
      this.ordinals?.push(o);
      return first;
    }
    this.#recovered.length = 0;
    const text = recordText(bytes, start, end);
    rowsOfRecord({ text, broken: shape === RecordShape.BROKEN }, this.layout, this.#recovered);
    for (const row of this.#recovered) {
      const o = this.ordinal++;
      if (!this.wanted(o)) continue;
      this.rows.push(row);
      this.ordinals?.push(o);
    }
    return first;
  }

  /** The rows kept since the last call. */
  take(): { rows: RowInput[]; ordinals: number[] | null } {
    const taken = { rows: this.rows, ordinals: this.ordinals };
    this.rows = [];
    this.ordinals = this.ordinals === null ? null : [];
    return taken;
  }
}

/** Seek points as a read finds them: a record's start every SEEK_ROWS rows or more. */
class SeekRecorder {
  readonly #ordinals: number[] = [];
  readonly #offsets: number[] = [];

  /** A data record whose first row is `ordinal`, starting at byte `offset`. */
  record(ordinal: number, offset: number): void {
    const last = this.#ordinals.at(-1);
    if (last !== undefined && ordinal - last < SEEK_ROWS) return;
    this.#ordinals.push(ordinal);
    this.#offsets.push(offset);
  }

  points(rows: number): SeekPoints {
    return { rows, ordinals: Uint32Array.from(this.#ordinals), offsets: Float64Array.from(this.#offsets) };
  }
}

/**
 * The rows of a file's records from ordinal `skip` on (and with `only`, just those it accepts).
 * Rows are counted, not records: a recovered record can give more than one row. A single-line
 * record is one row, counted without decoding it; only the wanted ones become text. Every read
 * frames the file from its start, so it also finds the seek points (`done` gets them).
 */
async function* readRecords(
  stream: ReadStream,
  layout: CsvLayout,
  skip: number,
  only: RowSelection | undefined,
  done: (seeks: SeekPoints) => void,
): AsyncGenerator<RowBatch> {
  let header = true;
  const rows = new RowCollector(
    0,
    layout,
    (o) => o >= skip && (only === undefined || only(o)),
    only !== undefined,
  );
  const seeks = new SeekRecorder();
  const framer = new CsvRecordFramer(layout.delimiter);
  const visit: RecordVisitor = (bytes, start, end, shape) => {
    if (header) {
      header = false;
      return;
    }
    seeks.record(rows.visit(bytes, start, end, shape), framer.offsetOf(start));
  };
  let from = skip;
  for await (const _ of framed(stream, visit, layout.delimiter, framer)) {
    if (rows.ordinal > from) yield { from, to: rows.ordinal, ...rows.take() };
    from = Math.max(rows.ordinal, skip);
  }
  done(seeks.points(rows.ordinal));
}

/**
 * The rows `only` wants from ordinal `skip` on, reading just the blocks between seek points that
 * hold one; the others are passed over unread (a batch with no rows). `at` hears how far the file
 * is read.
 */
async function* readBlocks(
  path: string,
  layout: CsvLayout,
  skip: number,
  only: RowSelection,
  seeks: SeekPoints,
  at: (offset: number) => void,
): AsyncGenerator<RowBatch> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const blocks = seeks.ordinals.length;
    let passed = skip;
    for (let b = 0; b < blocks; b++) {
      const first = seeks.ordinals[b]!;
      const end = b + 1 < blocks ? seeks.ordinals[b + 1]! : seeks.rows;
      if (end <= skip) continue;
      let wanted = false;
      for (let o = Math.max(first, skip); o < end && !wanted; o++) wanted = only(o);
      if (!wanted) continue;
      if (passed < first) yield { from: passed, to: first, rows: [], ordinals: [] };
      const offset = seeks.offsets[b]!;
      const length = (b + 1 < blocks ? seeks.offsets[b + 1]! : size) - offset;
      const bytes = Buffer.allocUnsafe(length);
      const { bytesRead } = await file.read(bytes, 0, length, offset);
      const rows = new RowCollector(first, layout, (o) => o >= skip && only(o), true);
      const framer = new CsvRecordFramer(layout.delimiter);
      const visit: RecordVisitor = (bytes, start, stop, shape) => void rows.visit(bytes, start, stop, shape);
      framer.pushBytes(bytes.subarray(0, bytesRead), visit);
      framer.endBytes(visit);
      if (rows.ordinal !== end) {
        throw new WardenError(
          'VALIDATION_ERROR',
          `The portfolio ${path} changed while it was read: rows ${first}–${end - 1} are not where an earlier read found them.`,
        );
      }
      at(offset + length);
      yield { from: Math.max(first, skip), to: end, ...rows.take() };
      passed = end;
    }
    if (passed < seeks.rows) yield { from: passed, to: seeks.rows, rows: [], ordinals: [] };
  } finally {
    await file.close();
  }
}

/**
 * Opens a CSV portfolio; throws VALIDATION_ERROR when it lacks a required column.
 *
 * @example const source = await openCsvPortfolio('portfolio.csv', { full_name: 'Name' })
 */
export async function openCsvPortfolio(path: string, mapping: ColumnMapping = {}): Promise<PortfolioSource> {
  let size: number;
  let mtime: number;
  try {
    const stat = statSync(path);
    size = stat.size;
    mtime = stat.mtimeMs;
  } catch {
    throw new WardenError('VALIDATION_ERROR', `The portfolio file ${path} does not exist or cannot be read.`);
  }
  const { names, delimiter } = await readHeader(path);
  const layout: CsvLayout = { at: resolveColumns(names, mapping), width: names.length, delimiter };
  let current: ReadStream | null = null;
  let blocksAt: number | null = null;
  let seekPoints: SeekPoints | null = null;
  const progress = (): number | null => {
    if (size === 0) return null;
    if (blocksAt !== null) return Math.min(1, blocksAt / size);
    return current === null ? null : Math.min(1, current.bytesRead / size);
  };
  return {
    description: `${basename(path)} (${(size / 1e6).toFixed(1)} MB)`,
    fingerprint: `csv:${path}:${size}:${Math.trunc(mtime)}`,
    stable: true,
    csv: layout,
    totalRows: null,
    progress,
    read(skip: number, only?: RowSelection, seeks?: SeekPoints) {
      current?.destroy();
      current = null;
      seekPoints = null;
      if (only !== undefined && seeks !== undefined) {
        blocksAt = 0;
        return readBlocks(path, layout, skip, only, seeks, (offset) => (blocksAt = offset));
      }
      blocksAt = null;
      current = openBytes(path);
      return readRecords(current, layout, skip, only, (found) => (seekPoints = found));
    },
    seekPoints: () => seekPoints,
    async close() {
      current?.destroy();
    },
  };
}
