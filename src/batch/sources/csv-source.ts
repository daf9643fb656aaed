/**
 * A CSV portfolio, streamed: the file is read in 64 KiB pieces and framed into records
 * (csv-framer.ts), so memory stays flat whatever the file size. The main thread only frames: a
 * single-line record goes to a worker as raw text and is split there (csv-record.ts); the rare
 * broken or multi-line record is read here. A record that cannot be read becomes a row with a
 * `problem`, never a lost row.
 */
import { createReadStream, statSync, type ReadStream } from 'node:fs';
import { basename } from 'node:path';
import { WardenError } from '../../model/errors.js';
import type { ColumnMapping, PortfolioRow } from '../portfolio-row.js';
import { resolveColumns } from './columns.js';
import { CsvRecordFramer, RecordShape, type CsvDelimiter, type RecordVisitor } from './csv-framer.js';
import { fieldsOf, headerDelimiter, rowsOfRecord, type CsvLayout, type RowInput } from './csv-record.js';
import type { PortfolioSource, RowBatch, RowSelection } from './portfolio-source.js';
import { recordText } from './record-text.js';

const READ_CHUNK = 1 << 16;

function openBytes(path: string): ReadStream {
  return createReadStream(path, { highWaterMark: READ_CHUNK });
}

/** Every record of a stream, piece by piece: each yield visits the records one piece completes. */
async function* framed(
  stream: ReadStream,
  visit: RecordVisitor,
  delimiter: CsvDelimiter = ',',
): AsyncGenerator<void> {
  const framer = new CsvRecordFramer(delimiter);
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

/**
 * The rows of a file's records from ordinal `skip` on (and with `only`, just those it accepts).
 * Rows are counted, not records: a recovered record can give more than one row. A single-line
 * record is one row, counted without decoding it; only the wanted ones become text.
 */
async function* readRecords(
  stream: ReadStream,
  layout: CsvLayout,
  skip: number,
  only: RowSelection | undefined,
): AsyncGenerator<RowBatch> {
  let ordinal = 0;
  let header = true;
  let rows: RowInput[] = [];
  let ordinals: number[] | null = only === undefined ? null : [];
  const recovered: PortfolioRow[] = [];
  const wanted = (o: number) => o >= skip && (only === undefined || only(o));
  const visit: RecordVisitor = (bytes, start, end, shape) => {
    if (header) {
      header = false;
      return;
    }
    if (shape === RecordShape.LINE) {
      const o = ordinal++;
      if (!wanted(o)) return;
      rows.push(recordText(bytes, start, end));
      ordinals?.push(o);
      return;
    }
    recovered.length = 0;
    const text = recordText(bytes, start, end);
    rowsOfRecord({ text, broken: shape === RecordShape.BROKEN }, layout, recovered);
    for (const row of recovered) {
      const o = ordinal++;
      if (!wanted(o)) continue;
      rows.push(row);
      ordinals?.push(o);
    }
  };
  let from = skip;
  for await (const _ of framed(stream, visit, layout.delimiter)) {
    if (ordinal > from) yield { from, to: ordinal, rows, ordinals };
    from = Math.max(ordinal, skip);
    rows = [];
    ordinals = only === undefined ? null : [];
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
  return {
    description: `${basename(path)} (${(size / 1e6).toFixed(1)} MB)`,
    fingerprint: `csv:${path}:${size}:${Math.trunc(mtime)}`,
    stable: true,
    csv: layout,
    totalRows: null,
    progress: () => (current === null || size === 0 ? null : Math.min(1, current.bytesRead / size)),
    read(skip: number, only?: RowSelection) {
      current?.destroy();
      current = openBytes(path);
      return readRecords(current, layout, skip, only);
    },
    async close() {
      current?.destroy();
    },
  };
}
