/**
 * A CSV portfolio, streamed: the file is read in 1 MiB pieces, framed into records (csv-framer.ts)
 * and split into fields by papaparse one batch of records at a time, so memory stays flat whatever
 * the file size. A record papaparse cannot read becomes a row with a `problem`, never a lost row.
 */
import { createReadStream, statSync, type ReadStream } from 'node:fs';
import { basename } from 'node:path';
import Papa from 'papaparse';
import { WardenError } from '../../model/errors.js';
import type { ColumnMapping, PortfolioRow } from '../portfolio-row.js';
import { resolveColumns, rowFromFields, type ColumnPositions } from './columns.js';
import { CsvRecordFramer, type FramedRecord } from './csv-framer.js';
import type { PortfolioSource } from './portfolio-source.js';

const READ_CHUNK = 1 << 16;
const PARSE_OPTIONS = { delimiter: ',', newline: '\n', quoteChar: '"', header: false } as const;

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

function fieldsOf(text: string): string[] | null {
  const parsed = Papa.parse<string[]>(text, PARSE_OPTIONS);
  return parsed.errors.length === 0 && parsed.data.length === 1 ? parsed.data[0]! : null;
}

function rowOfRecord(fields: string[], at: ColumnPositions, width: number): PortfolioRow {
  if (fields.length > width) {
    return rowFromFields(
      fields,
      at,
      `the CSV record has ${fields.length} fields but the header has ${width} (an unquoted comma?)`,
    );
  }
  return rowFromFields(fields, at);
}

/** A row for a record papaparse cannot read; it keeps its external_id when the first field is readable. */
function brokenRow(text: string, at: ColumnPositions): PortfolioRow {
  const id = fieldsOf(text.split(',')[0] ?? '')?.[0]?.trim() || null;
  return {
    ...rowFromFields([], at, 'the CSV record is broken (an unterminated or misplaced quote)'),
    external_id: id,
  };
}

function parseRecord(record: FramedRecord, at: ColumnPositions, width: number, out: PortfolioRow[]): void {
  const fields = record.broken ? null : fieldsOf(record.text);
  const cut = record.text.indexOf('\n');
  if (cut >= 0 && (fields === null || fields.length > width)) {
    // An unterminated quote that a quote on a later line happened to close: the first line is the
    // broken row, and the lines after it are rows of their own, not part of it.
    out.push(brokenRow(record.text.slice(0, cut), at));
    const framer = new CsvRecordFramer();
    for (const r of [...framer.push(record.text.slice(cut + 1)), ...framer.end()])
      parseRecord(r, at, width, out);
    return;
  }
  out.push(fields === null ? brokenRow(record.text, at) : rowOfRecord(fields, at, width));
}

/** Fields of each record: one papaparse call for the batch, record by record only when that fails. */
function parseBatch(records: readonly FramedRecord[], at: ColumnPositions, width: number): PortfolioRow[] {
  if (!records.some((r) => r.broken)) {
    const parsed = Papa.parse<string[]>(records.map((r) => r.text).join('\n'), PARSE_OPTIONS);
    const clean =
      parsed.errors.length === 0 &&
      parsed.data.length === records.length &&
      parsed.data.every((f, i) => f.length <= width || !records[i]!.text.includes('\n'));
    if (clean) return parsed.data.map((fields) => rowOfRecord(fields, at, width));
  }
  const rows: PortfolioRow[] = [];
  for (const r of records) parseRecord(r, at, width, rows);
  return rows;
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
  const at = resolveColumns(header, mapping);
  const width = header.length;
  let current: ReadStream | null = null;
  return {
    description: `${basename(path)} (${(size / 1e6).toFixed(1)} MB)`,
    fingerprint: `csv:${path}:${size}:${Math.trunc(mtime)}`,
    totalRows: null,
    progress: () => (current === null || size === 0 ? null : Math.min(1, current.bytesRead / size)),
    async *rows(skip: number) {
      current = openText(path);
      // Skip by rows, not records: a recovered record can give more than one row.
      let toSkip = skip;
      let first = true;
      for await (const batch of framedBatches(current)) {
        let rows = parseBatch(first ? batch.slice(1) : batch, at, width);
        first = false;
        if (toSkip > 0) {
          const dropped = Math.min(toSkip, rows.length);
          rows = rows.slice(dropped);
          toSkip -= dropped;
        }
        if (rows.length > 0) yield rows;
      }
    },
    async close() {
      current?.destroy();
    },
  };
}
