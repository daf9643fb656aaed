/**
 * A CSV header turned into column lookups, refusing a file that lacks the columns a list needs:
 * that is the clearest sign the file is not the list it was said to be.
 */
import { WardenError } from '../model/errors.js';

export interface CsvColumns<K extends string> {
  /** The trimmed value of `column` in `fields`, or '' when the column is absent or short. */
  get(fields: readonly string[], column: K): string;
  has(column: K): boolean;
  /** How many columns the header has. */
  width: number;
}

/**
 * Maps header names (case-insensitive, trimmed) to positions.
 * Throws INVALID_LIST_FILE naming every required column that is missing.
 *
 * @example const cols = csvColumns(header, ['id', 'name', 'type'], ['aliases'], 'The generic list CSV');
 */
export function csvColumns<R extends string, O extends string>(
  header: readonly string[],
  required: readonly R[],
  optional: readonly O[],
  fileLabel: string,
): CsvColumns<R | O> {
  const positions = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!positions.has(key)) positions.set(key, i);
  });
  const missing = required.filter((column) => !positions.has(column.toLowerCase()));
  if (missing.length > 0) {
    const names = missing.map((m) => `"${m}"`).join(', ');
    throw new WardenError(
      'INVALID_LIST_FILE',
      `${fileLabel} is missing the required column${missing.length > 1 ? 's' : ''} ${names}.`,
      { details: `Header found: ${header.join(',')}` },
    );
  }
  const index = new Map<R | O, number>();
  for (const column of [...required, ...optional]) {
    const at = positions.get(column.toLowerCase());
    if (at !== undefined) index.set(column, at);
  }
  return {
    get: (fields, column) => {
      const at = index.get(column);
      return at === undefined ? '' : (fields[at] ?? '').trim();
    },
    has: (column) => index.has(column),
    width: header.length,
  };
}
