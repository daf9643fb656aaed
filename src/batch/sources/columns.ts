/**
 * Maps a source's header to the portfolio columns, with the user's column mapping. A missing
 * required column is a VALIDATION_ERROR raised when the source is opened — before any output
 * exists, so the CLI can exit 2 with nothing written.
 */
import { WardenError } from '../../model/errors.js';
import {
  PORTFOLIO_COLUMNS,
  REQUIRED_COLUMNS,
  type ColumnMapping,
  type PortfolioColumn,
  type PortfolioRow,
} from '../portfolio-row.js';

/** Position of each portfolio column in the source's fields; -1 when the source has none. */
export type ColumnPositions = Readonly<Record<PortfolioColumn, number>>;

/**
 * Finds each column by its mapped name, ignoring case and surrounding spaces. A name two columns
 * answer to is a VALIDATION_ERROR, as a missing required column is.
 *
 * @example resolveColumns(['id', 'Name'], { external_id: 'id', full_name: 'Name' }).full_name // 1
 */
export function resolveColumns(header: readonly string[], mapping: ColumnMapping = {}): ColumnPositions {
  const folded = header.map((h) => h.trim().toLowerCase());
  for (const [column, name] of Object.entries(mapping)) {
    if (!(PORTFOLIO_COLUMNS as readonly string[]).includes(column)) {
      throw new WardenError(
        'VALIDATION_ERROR',
        `The column mapping names an unknown portfolio column "${column}" (known: ${PORTFOLIO_COLUMNS.join(', ')}).`,
      );
    }
    if (name !== undefined && !header.includes(name) && !folded.includes(name.trim().toLowerCase())) {
      throw new WardenError(
        'VALIDATION_ERROR',
        `The column mapping maps ${column} to "${name}", but the portfolio has no such column.`,
      );
    }
  }
  const positions = {} as Record<PortfolioColumn, number>;
  for (const column of PORTFOLIO_COLUMNS) {
    const name = mapping[column] ?? column;
    const key = name.trim().toLowerCase();
    // Two columns of one name: reading either would silently drop the other's values.
    const same = folded.flatMap((h, i) => (h === key ? [i + 1] : []));
    if (same.length > 1) {
      throw new WardenError(
        'VALIDATION_ERROR',
        `The portfolio has ${same.length} columns named ${name} (columns ${same.join(', ')}); keep one, or rename the others.`,
        { path: [column] },
      );
    }
    positions[column] = folded.indexOf(key);
  }
  const missing = REQUIRED_COLUMNS.filter((c) => positions[c] < 0);
  if (missing.length > 0) {
    const names = missing.map((c) => mapping[c] ?? c).join(' and ');
    throw new WardenError(
      'VALIDATION_ERROR',
      `The portfolio has no ${names} column${missing.length > 1 ? 's' : ''} (found: ${header.join(', ') || 'nothing'}); map ${missing.length > 1 ? 'them' : 'it'} with a column mapping if named otherwise.`,
      { path: missing },
    );
  }
  return positions;
}

/** True for every code unit String.prototype.trim removes (and some it keeps: they take the slow path). */
const mayBeSpace = (code: number) =>
  code <= 32 || code === 0xa0 || code === 0x1680 || code === 0xfeff || code >= 0x2000;

/** Empty and blank values are absent values. */
function cell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : String(value);
  // Most cells neither start nor end with anything trim() could remove: no trim, no new string.
  if (text.length > 0 && !mayBeSpace(text.charCodeAt(0)) && !mayBeSpace(text.charCodeAt(text.length - 1)))
    return text;
  return text.trim() === '' ? null : text;
}

/** A row from one record's fields. */
export function rowFromFields(
  fields: readonly unknown[],
  at: ColumnPositions,
  problem: string | null = null,
): PortfolioRow {
  return {
    external_id: at.external_id < 0 ? null : cell(fields[at.external_id]),
    full_name: at.full_name < 0 ? null : cell(fields[at.full_name]),
    entity_type: at.entity_type < 0 ? null : cell(fields[at.entity_type]),
    birth_date: at.birth_date < 0 ? null : cell(fields[at.birth_date]),
    nationality: at.nationality < 0 ? null : cell(fields[at.nationality]),
    gender: at.gender < 0 ? null : cell(fields[at.gender]),
    document_number: at.document_number < 0 ? null : cell(fields[at.document_number]),
    address: at.address < 0 ? null : cell(fields[at.address]),
    network: at.network < 0 ? null : cell(fields[at.network]),
    asset: at.asset < 0 ? null : cell(fields[at.asset]),
    problem,
  };
}
