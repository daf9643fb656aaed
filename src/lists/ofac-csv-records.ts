/**
 * The records of one file of OFAC's legacy CSV layout (sdn.csv, alt.csv, add.csv,
 * sdn_comments.csv and their cons_* twins): no header, a fixed number of columns, `-0-` for an
 * empty cell. A row of the wrong width is a ParseIssue; a file with no row of the right width is
 * not that file at all.
 */
import type { ParseIssue } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { readCsvRecords, type CsvRecord } from './csv-records.js';

/** A cell's value, or null for OFAC's empty marker `-0-` (written with a trailing space) or blank. */
export function ofacValue(field: string | undefined): string | null {
  const value = (field ?? '').trim();
  return value === '' || value === '-0-' ? null : value;
}

/**
 * The rows of `text` that have `width` columns. Rows of another width go to `issues`; when no row
 * has the width (or there is no row at all and `required`), throws INVALID_LIST_FILE.
 */
export function readOfacCsv(
  text: string,
  fileName: string,
  width: number,
  layout: string,
  issues: ParseIssue[],
  required: boolean,
): CsvRecord[] {
  const records = readCsvRecords(text);
  const fitting = records.filter((r) => r.fields.length === width);
  if (records.length === 0 && required) {
    throw new WardenError(
      'INVALID_LIST_FILE',
      `${fileName} is empty: an OFAC list file has at least one entry.`,
    );
  }
  if (records.length > 0 && fitting.length === 0) {
    throw new WardenError(
      'INVALID_LIST_FILE',
      `${fileName} is not an OFAC legacy list file: no row has the ${width} columns ${layout}.`,
    );
  }
  for (const r of records) {
    if (r.fields.length !== width) {
      issues.push({
        location: `${fileName} line ${r.line}`,
        reason: `expected ${width} columns (${layout}), found ${r.fields.length}`,
      });
    }
  }
  return fitting;
}

/** OFAC's ent_num: a positive integer, written without leading zeros. */
export function ofacEntNum(field: string | undefined): string | null {
  const value = (field ?? '').trim();
  return /^[1-9]\d*$/.test(value) ? value : null;
}
