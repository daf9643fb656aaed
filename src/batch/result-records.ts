/**
 * Results flattened for tabular sinks (CSV, the DuckDB `results` table): one record per match, one
 * per suppressed match (runs for a client: `change` "suppressed", the decision in the extra last
 * column `suppressed_by`), one per withdrawn match, and one with empty match columns for a row
 * without any (or an error).
 * JSONL keeps the nested shape; this is the one place the flat shape is defined.
 */
import { isErrorRow, type BatchMatch, type RowResult } from './batch-result.js';

/** Column order of the CSV output and of the `results` table (after its row_index). */
export const RESULT_COLUMNS = [
  'external_id',
  'risk_level',
  'list',
  'entity_id',
  'entity_type',
  'name',
  'matched_name',
  'matched_name_type',
  'score',
  'strength',
  'categories',
  'change',
  'error',
  'explanation',
  // Last, so readers of the earlier columns by position are unaffected; "; "-separated.
  'warnings',
] as const;

/**
 * The columns of a run for a client (issue #30): one more, last, so that runs without one keep
 * their columns exactly.
 */
export const REVIEW_RESULT_COLUMNS = [...RESULT_COLUMNS, 'suppressed_by'] as const;

/** The columns of a run's tabular output; `review`: a run for a client. */
export const resultColumns = (review: boolean): readonly string[] =>
  review ? REVIEW_RESULT_COLUMNS : RESULT_COLUMNS;

export type ResultRecord = readonly (string | number | null)[];

const EMPTY_MATCH = [null, null, null, null, null, null, null, null, null] as const;

/** One match's record; `change` is null for a counted match, "suppressed" for a suppressed one. */
function matchRecord(
  externalId: string,
  riskLevel: string,
  m: BatchMatch,
  change: 'suppressed' | null,
  warnings: string | null,
): ResultRecord {
  return [
    externalId,
    riskLevel,
    m.list,
    m.entity_id,
    m.entity_type,
    m.name,
    m.matched_name,
    m.matched_name_type,
    m.score,
    m.strength,
    m.categories.join('|'),
    change,
    null,
    JSON.stringify({ alignments: m.alignments, features: m.features }),
    warnings,
  ];
}

function resultRecords(result: RowResult, out: ResultRecord[]): void {
  if (isErrorRow(result)) {
    out.push([result.external_id, null, ...EMPTY_MATCH, null, result.error, null, null]);
    return;
  }
  const { external_id, risk_level } = result;
  // Every record of the row repeats them, so a reader of any one record sees what was left out.
  const warnings = result.warnings === undefined ? null : result.warnings.join('; ');
  for (const m of result.matches) out.push(matchRecord(external_id, risk_level, m, null, warnings));
  for (const m of result.suppressed_matches ?? [])
    out.push(matchRecord(external_id, risk_level, m, 'suppressed', warnings));
  for (const r of result.removed_matches ?? []) {
    out.push([
      external_id,
      risk_level,
      r.list,
      r.entity_id,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      r.reason,
      null,
      null,
      warnings,
    ]);
  }
  if (
    result.matches.length === 0 &&
    (result.suppressed_matches?.length ?? 0) === 0 &&
    (result.removed_matches?.length ?? 0) === 0
  ) {
    out.push([external_id, risk_level, ...EMPTY_MATCH, null, null, null, warnings]);
  }
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV header of a run; `review`: a run for a client. */
export const csvHeaderOf = (review: boolean) => `${resultColumns(review).join(',')}\n`;

/** Appends `suppressed_by` to the records of one row: its suppressed ones follow its matches. */
function addSuppressedBy(result: RowResult, records: ResultRecord[], from: number): void {
  const matches = isErrorRow(result) ? 0 : result.matches.length;
  const suppressed = isErrorRow(result) ? [] : (result.suppressed_matches ?? []);
  for (let k = from; k < records.length; k++) {
    records[k] = [...records[k]!, suppressed[k - from - matches]?.suppressed_by ?? null];
  }
}

/**
 * The records of some results; with `rowsAt` (the first result's row ordinal, or each result's),
 * each record starts with its input row's ordinal (the `results` table keeps it so a resume can
 * drop what was written past the checkpoint). `review`: a run for a client (REVIEW_RESULT_COLUMNS).
 */
export function recordsOf(
  results: readonly RowResult[],
  rowsAt: number | readonly number[] | null = null,
  review = false,
): ResultRecord[] {
  const records: ResultRecord[] = [];
  for (let i = 0; i < results.length; i++) {
    const from = records.length;
    resultRecords(results[i]!, records);
    if (review) addSuppressedBy(results[i]!, records, from);
    if (rowsAt === null) continue;
    const row = typeof rowsAt === 'number' ? rowsAt + i : rowsAt[i]!;
    for (let k = from; k < records.length; k++) records[k] = [row, ...records[k]!];
  }
  return records;
}

/** CSV lines (no header) for some results; `review`: a run for a client. */
export function encodeCsv(results: readonly RowResult[], review = false): string {
  const records = recordsOf(results, null, review);
  let text = '';
  for (const record of records) text += `${record.map(csvField).join(',')}\n`;
  return text;
}

/** JSON lines for some results. */
export function encodeJsonl(results: readonly RowResult[]): string {
  const lines: string[] = [];
  for (const r of results) lines.push(JSON.stringify(r));
  lines.push('');
  return lines.join('\n');
}
