/**
 * A portfolio row (DESIGN.md §5 batch contract): the columns a source may carry, and the one place
 * a row is validated — with the model's own IndividualQuery / OrganizationQuery schemas, so a batch
 * row and an HTTP request are held to the same rules. A row whose name fails becomes an error line;
 * a row whose only faults are in secondary fields (a two-letter nationality, an impossible date, an
 * unknown gender) is screened by its name without them, and says so in its `warnings`. The run goes on.
 */
import { z } from 'zod';
import { BirthDateOrYear } from '../model/dates.js';
import { IndividualQuery, OrganizationQuery } from '../model/screening.js';
import { CountryCode } from '../model/reference.js';
import { NO_WARNINGS, validateCommonRow } from './validate-common-row.js';

/** Every column the batch reads, in a fixed order; only the first two are required. */
export const PORTFOLIO_COLUMNS = [
  'external_id',
  'full_name',
  'entity_type',
  'birth_date',
  'nationality',
  'gender',
  'document_number',
  'address',
  'network',
  'asset',
] as const;
export type PortfolioColumn = (typeof PORTFOLIO_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly PortfolioColumn[] = ['external_id', 'full_name'];

/** Source column name for each portfolio column, when the file does not use ours: `{ full_name: 'Name' }`. */
export type ColumnMapping = Partial<Record<PortfolioColumn, string>>;

/** A row as a source read it: raw text per column (null when absent or empty), or why it could not be read. */
export type PortfolioRow = { readonly [C in PortfolioColumn]: string | null } & {
  /** Set when the source could not read the record at all (a broken quote): the row is an error. */
  readonly problem: string | null;
};

/** Longer fields are refused: no real name or identifier is this long, and they cost memory and time. */
export const MAX_FIELD_CHARS = 1_000;

/** Why a secondary field was left out of a screened row: `nationality must be … (got "US"); ignored`. */
type Warnings = readonly string[];

export type ValidRow =
  | {
      readonly kind: 'person';
      readonly externalId: string;
      readonly query: PersonQuery;
      readonly warnings: Warnings;
    }
  | {
      readonly kind: 'company';
      readonly externalId: string;
      readonly query: CompanyQuery;
      readonly warnings: Warnings;
    }
  | {
      readonly kind: 'wallet';
      readonly externalId: string;
      readonly address: string;
      readonly network: string | null;
      readonly asset: string | null;
    }
  | { readonly kind: 'error'; readonly externalId: string | null; readonly error: string };

/** An organization query whose country is optional: portfolios often lack a company's country. */
const CompanyQuery = OrganizationQuery.extend({ country: CountryCode.nullable().default(null) });
export type CompanyQuery = z.infer<typeof CompanyQuery>;

/** An individual query whose date of birth may be a year alone: portfolios often know no more. */
export const PersonQuery = IndividualQuery.extend({
  date_of_birth: BirthDateOrYear.nullable().default(null),
});
export type PersonQuery = z.infer<typeof PersonQuery>;

const EntityTypeColumn = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(['PERSON', 'COMPANY'], { error: 'must be PERSON or COMPANY' }));

/** Query field → the portfolio column it came from, so an error names the column the user wrote. */
const COLUMN_OF_FIELD: Readonly<Record<string, PortfolioColumn>> = {
  full_name: 'full_name',
  name: 'full_name',
  date_of_birth: 'birth_date',
  citizenship: 'nationality',
  country: 'nationality',
  gender: 'gender',
  identification_number: 'document_number',
};

/**
 * Columns that only raise or lower a name's score: a bad value in one is dropped with a warning and
 * the row is screened by its name, because an error line would leave the customer unscreened.
 */
const SECONDARY_COLUMNS: ReadonlySet<string> = new Set<PortfolioColumn>([
  'birth_date',
  'nationality',
  'gender',
  'document_number',
]);

type Issue = z.ZodError['issues'][number];

function describeIssue(issue: Issue | undefined, row: PortfolioRow): string {
  const field = String(issue?.path[0] ?? 'row');
  const column = COLUMN_OF_FIELD[field] ?? field;
  const value = row[column as PortfolioColumn];
  const shown = value !== null && !issue?.message.includes('got ') ? ` (got ${JSON.stringify(value)})` : '';
  return `${column} ${issue?.message ?? 'is invalid'}${shown}`;
}

const firstIssue = (error: z.ZodError, row: PortfolioRow): string => describeIssue(error.issues[0], row);

type Parsed<T> = { readonly data: T; readonly warnings: Warnings } | { readonly error: string };

/**
 * Parses a row's query; when every issue is in a secondary column, parses again without those
 * fields and names each in a warning. Any other issue (the name) is the row's error.
 */
function parseScreenable<S extends z.ZodType>(
  schema: S,
  input: Readonly<Record<string, string | null>>,
  row: PortfolioRow,
): Parsed<z.output<S>> {
  const first = schema.safeParse(input);
  if (first.success) return { data: first.data, warnings: NO_WARNINGS };
  const dropped: Record<string, null> = {};
  const noted: { at: number; text: string }[] = [];
  for (const issue of first.error.issues) {
    const field = String(issue.path[0] ?? 'row');
    const column = COLUMN_OF_FIELD[field];
    if (column === undefined || !SECONDARY_COLUMNS.has(column)) {
      return { error: firstIssue(first.error, row) };
    }
    if (field in dropped) continue;
    dropped[field] = null;
    noted.push({ at: PORTFOLIO_COLUMNS.indexOf(column), text: `${describeIssue(issue, row)}; ignored` });
  }
  const retry = schema.safeParse({ ...input, ...dropped });
  if (!retry.success) return { error: firstIssue(retry.error, row) };
  // In the portfolio's column order, whatever order the schema checks its fields in.
  return { data: retry.data, warnings: noted.sort((a, b) => a.at - b.at).map((n) => n.text) };
}

function tooLong(row: PortfolioRow): PortfolioColumn | null {
  for (const column of PORTFOLIO_COLUMNS) {
    const value = row[column];
    if (value !== null && value.length > MAX_FIELD_CHARS) return column;
  }
  return null;
}

/**
 * Validates one row into what the screening needs, or an error line's content. Plainly valid rows
 * take a fast path (validate-common-row.ts) that builds what the schemas would; `schemasOnly`
 * skips it (its tests compare the two).
 *
 * @example validateRow(rowOf({ external_id: 'c-1', full_name: 'Nicolas Maduro' })).kind // 'person'
 */
export function validateRow(row: PortfolioRow, options: { schemasOnly?: boolean } = {}): ValidRow {
  const externalId = row.external_id?.trim() || null;
  if (row.problem !== null) return { kind: 'error', externalId, error: row.problem };
  const long = tooLong(row);
  if (long !== null) {
    return { kind: 'error', externalId, error: `${long} is longer than ${MAX_FIELD_CHARS} characters` };
  }
  if (externalId === null) return { kind: 'error', externalId, error: 'external_id must not be empty' };
  if (row.address !== null && row.address.trim() !== '') {
    return {
      kind: 'wallet',
      externalId,
      address: row.address.trim(),
      network: row.network?.trim() || null,
      asset: row.asset?.trim() || null,
    };
  }
  if (options.schemasOnly !== true) {
    const common = validateCommonRow(row, externalId);
    if (common !== null) return common;
  }
  const type = EntityTypeColumn.safeParse(row.entity_type ?? 'PERSON');
  if (!type.success) {
    return {
      kind: 'error',
      externalId,
      error: `entity_type must be PERSON or COMPANY (got ${JSON.stringify(row.entity_type)})`,
    };
  }
  if (type.data === 'COMPANY') {
    const parsed = parseScreenable(
      CompanyQuery,
      { name: row.full_name ?? '', country: row.nationality, identification_number: row.document_number },
      row,
    );
    return 'error' in parsed
      ? { kind: 'error', externalId, error: parsed.error }
      : { kind: 'company', externalId, query: parsed.data, warnings: parsed.warnings };
  }
  const parsed = parseScreenable(
    PersonQuery,
    {
      full_name: row.full_name ?? '',
      date_of_birth: row.birth_date,
      citizenship: row.nationality,
      gender: row.gender,
      identification_number: row.document_number,
    },
    row,
  );
  return 'error' in parsed
    ? { kind: 'error', externalId, error: parsed.error }
    : { kind: 'person', externalId, query: parsed.data, warnings: parsed.warnings };
}

/** A row from named values; absent columns are null. For sources, tests and the generator. */
export function rowOf(
  values: Partial<Record<PortfolioColumn, string | null>>,
  problem: string | null = null,
): PortfolioRow {
  return {
    external_id: values.external_id ?? null,
    full_name: values.full_name ?? null,
    entity_type: values.entity_type ?? null,
    birth_date: values.birth_date ?? null,
    nationality: values.nationality ?? null,
    gender: values.gender ?? null,
    document_number: values.document_number ?? null,
    address: values.address ?? null,
    network: values.network ?? null,
    asset: values.asset ?? null,
    problem,
  };
}
