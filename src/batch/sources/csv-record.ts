/**
 * One framed CSV record → its portfolio row(s). Shared by the main thread, which frames the file and
 * hands the common single-line records to the workers as raw text (a string crosses the thread
 * boundary for a fraction of the cost of a row object), and the workers, which split them.
 * A single-line record always gives exactly one row, so the main thread counts rows without parsing.
 */
import Papa from 'papaparse';
import type { PortfolioRow } from '../portfolio-row.js';
import { rowFromFields, type ColumnPositions } from './columns.js';
import { CSV_DELIMITERS, CsvRecordFramer, type CsvDelimiter, type FramedRecord } from './csv-framer.js';

const DELIMITER_NAMES: Record<CsvDelimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/** Where a CSV source's columns are, for whoever splits its records. */
export interface CsvLayout {
  readonly at: ColumnPositions;
  /** Fields in the header. */
  readonly width: number;
  readonly delimiter: CsvDelimiter;
}

/**
 * A row as a source hands it to a worker: a single-line CSV record still to be split (with the
 * source's CsvLayout), or a row already read (DuckDB, Parquet, and the rare multi-line or broken
 * CSV record).
 */
export type RowInput = string | PortfolioRow;

const QUOTE = 34;

/** Fields of one record, or null when papaparse reports a problem. */
export function fieldsOf(text: string, delimiter: CsvDelimiter = ','): string[] | null {
  const parsed = Papa.parse<string[]>(text, { delimiter, newline: '\n', quoteChar: '"', header: false });
  return parsed.errors.length === 0 && parsed.data.length === 1 ? parsed.data[0]! : null;
}

/**
 * The delimiter of a header line: the one that splits it into the most fields, a comma on a tie (a
 * one-column header, or a comma file whose column names hold semicolons).
 *
 * @example headerDelimiter('external_id;full_name') → ';'
 */
export function headerDelimiter(line: string): CsvDelimiter {
  let best: CsvDelimiter = ',';
  let most = 0;
  for (const delimiter of CSV_DELIMITERS) {
    const fields = fieldsOf(line, delimiter)?.length ?? 0;
    if (fields > most) [best, most] = [delimiter, fields];
  }
  return best;
}

function rowOfFields(fields: readonly string[], layout: CsvLayout): PortfolioRow {
  if (fields.length > layout.width) {
    return rowFromFields(
      fields,
      layout.at,
      `the CSV record has ${fields.length} fields but the header has ${layout.width} (an unquoted ${DELIMITER_NAMES[layout.delimiter]}?)`,
    );
  }
  return rowFromFields(fields, layout.at);
}

/** A row for a record papaparse cannot read; it keeps its external_id when the first field is readable. */
function brokenRow(text: string, { at, delimiter }: CsvLayout): PortfolioRow {
  const id = fieldsOf(text.split(delimiter)[0] ?? '', delimiter)?.[0]?.trim() || null;
  return {
    ...rowFromFields([], at, 'the CSV record is broken (an unterminated or misplaced quote)'),
    external_id: id,
  };
}

/**
 * The fields of a line whose quotes are all well placed (`"…"` whole fields, `""` inside), or null
 * for anything else, which papaparse then reads. A papaparse call per record costs ~30 µs (its
 * parser is built per call); a fifth of a typical portfolio quotes a "LAST, First" name.
 */
function quotedFields(text: string, delimiter: CsvDelimiter): string[] | null {
  const delimiterCode = delimiter.charCodeAt(0);
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) {
      const end = text.indexOf(delimiter, at);
      const field = end < 0 ? text.slice(at) : text.slice(at, end);
      if (field.includes('"')) return null;
      fields.push(field);
      if (end < 0) return fields;
      at = end + 1;
      continue;
    }
    let field = '';
    let from = at + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      if (quote < 0) return null;
      field += text.slice(from, quote);
      if (text.charCodeAt(quote + 1) !== QUOTE) {
        at = quote + 1;
        break;
      }
      field += '"';
      from = quote + 2;
    }
    fields.push(field);
    if (at === text.length) return fields;
    if (text.charCodeAt(at) !== delimiterCode) return null;
    at++;
  }
}

/**
 * The row of a single-line record. Without a quote a record is its delimited fields, exactly as
 * papaparse reads it (measured: ~0.5 µs a row); with well-placed quotes it is split here too, and
 * papaparse decides the rest (a broken or stray quote).
 */
export function rowOfLine(text: string, layout: CsvLayout): PortfolioRow {
  if (text.indexOf('"') < 0) return rowOfFields(text.split(layout.delimiter), layout);
  const fields = quotedFields(text, layout.delimiter) ?? fieldsOf(text, layout.delimiter);
  return fields === null ? brokenRow(text, layout) : rowOfFields(fields, layout);
}

/** The rows of a record that is not a single clean line: broken, or spanning lines. */
export function rowsOfRecord(record: FramedRecord, layout: CsvLayout, out: PortfolioRow[]): void {
  const fields = record.broken ? null : fieldsOf(record.text, layout.delimiter);
  const cut = record.text.indexOf('\n');
  if (cut >= 0 && (fields === null || fields.length > layout.width)) {
    // An unterminated quote that a quote on a later line happened to close: the first line is the
    // broken row, and the lines after it are rows of their own, not part of it.
    out.push(brokenRow(record.text.slice(0, cut), layout));
    const framer = new CsvRecordFramer(layout.delimiter);
    for (const r of [...framer.push(record.text.slice(cut + 1)), ...framer.end()])
      rowsOfRecord(r, layout, out);
    return;
  }
  out.push(fields === null ? brokenRow(record.text, layout) : rowOfFields(fields, layout));
}

/** The row a worker reads from a RowInput. */
export function rowOfInput(input: RowInput, layout: CsvLayout | null): PortfolioRow {
  if (typeof input !== 'string') return input;
  if (layout === null) throw new Error('A raw CSV record reached a worker without the CSV layout.');
  return rowOfLine(input, layout);
}
