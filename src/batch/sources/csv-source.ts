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
import { CsvRecordFramer, type FramedRecord } from './csv-framer.js';
import { fieldsOf, isSingleLine, rowsOfRecord, type CsvLayout, type RowInput } from './csv-record.js';
import type { PortfolioSource, RowBatch, RowSelection } from './portfolio-source.js';

const READ_CHUNK = 1 << 16;

async function* framedBatches(stream: ReadStream): AsyncGenerator<FramedRecord[]> {
  const framer = new CsvRecordFramer();
  let first = true;
  for await (const piece of stream) {
    let text = piece as string;
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a UTF-8 byte order mark
    first = false;
    const records = framer.push(text);
    if (records.length > 0) yield records;
  }
  const rest = framer.end();
  if (rest.length > 0) yield rest;
}

function openText(path: string): ReadStream {
  return createReadStream(path, { encoding: 'utf8', highWaterMark: READ_CHUNK });
}

/** Every readable record's fields, header first (broken records are left out): for reading Warden's own CSV output. */
export async function* readCsvFields(path: string): AsyncGenerator<string[][]> {
  const stream = openText(path);
  try {
    for await (const records of framedBatches(stream)) {
      yield records.flatMap((r) => {
        const fields = r.broken ? null : fieldsOf(r.text);
        return fields === null ? [] : [fields];
      });
    }
  } finally {
    stream.destroy();
  }
}

async function readHeader(path: string): Promise<string[]> {
  const stream = openText(path);
  try {
    for await (const records of framedBatches(stream)) {
      const fields = fieldsOf(records[0]!.text);
      if (fields !== null) return fields.map((f) => f.trim());
      break;
    }
  } finally {
    stream.destroy();
  }
  throw new WardenError(
    'VALIDATION_ERROR',
    `The portfolio ${path} is empty or its header line cannot be read.`,
  );
}

/**
 * The rows of a file's records from ordinal `skip` on (and with `only`, just those it accepts).
 * Rows are counted, not records: a recovered record can give more than one row.
 */
async function* readRecords(
  stream: ReadStream,
  layout: CsvLayout,
  skip: number,
  only: RowSelection | undefined,
): AsyncGenerator<RowBatch> {
  let ordinal = 0;
  let header = true;
  const recovered: PortfolioRow[] = [];
  for await (const records of framedBatches(stream)) {
    const from = Math.max(ordinal, skip);
    const rows: RowInput[] = [];
    const ordinals: number[] | null = only === undefined ? null : [];
    for (let i = header ? 1 : 0; i < records.length; i++) {
      const record = records[i]!;
      if (isSingleLine(record)) {
        const o = ordinal++;
        if (o < skip || (only !== undefined && !only(o))) continue;
        rows.push(record.text);
        ordinals?.push(o);
        continue;
      }
      recovered.length = 0;
      rowsOfRecord(record, layout, recovered);
      for (const row of recovered) {
        const o = ordinal++;
        if (o < skip || (only !== undefined && !only(o))) continue;
        rows.push(row);
        ordinals?.push(o);
      }
    }
    header = false;
    if (ordinal > from) yield { from, to: ordinal, rows, ordinals };
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
  const header = await readHeader(path);
  const layout: CsvLayout = { at: resolveColumns(header, mapping), width: header.length };
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
      current = openText(path);
      return readRecords(current, layout, skip, only);
    },
    async close() {
      current?.destroy();
    },
  };
}
