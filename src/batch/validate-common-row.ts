/**
 * The fast path of validateRow for the common valid row: every field absent or in its plainest valid
 * form (PERSON/COMPANY, a YYYY-MM-DD or DD.MM.YYYY date, an alpha-3 code,
 * M/F/MALE/FEMALE/UNSPECIFIED). It builds exactly what the zod schemas would, in their key order, and
 * gives up (null) on anything else, so the schemas stay the one definition of a valid row and the
 * only author of error messages: a row the fast path declines is validated by zod as before.
 * Measured: ~0.3 µs a row against 8–19 µs for IndividualQuery.safeParse;
 * test/batch/validate-common-row.test.ts checks both agree.
 */
import { dottedDay, isCalendarDate } from '../model/dates.js';
import { isCountryCode } from '../model/reference.js';
import type { IndividualQuery } from '../model/screening.js';
import type { PortfolioRow, ValidRow } from './portfolio-row.js';

/** Portfolio names may be written surname first or last: every row is matched in either order. */
export const ROW_NAME_TRANSPOSITION = true;

/** The warnings of a row whose every field was usable (shared: most rows have none). */
export const NO_WARNINGS: readonly string[] = Object.freeze([]);

const GENDERS: ReadonlyMap<string, IndividualQuery['gender']> = new Map([
  ['M', 'MALE'],
  ['F', 'FEMALE'],
  ['MALE', 'MALE'],
  ['FEMALE', 'FEMALE'],
  ['UNSPECIFIED', 'UNSPECIFIED'],
]);

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DASH = 45;
const DOT = 46;

/**
 * The date when it is written YYYY-MM-DD, or DD.MM.YYYY (a German spreadsheet's every date), and
 * exists, else undefined (zod then decides).
 */
function plainDate(text: string): string | undefined {
  const date = text.trim();
  if (date.charCodeAt(date.length - 5) === DOT) return dottedDay(date) ?? undefined;
  if (date.length !== 10 || date.charCodeAt(4) !== DASH || date.charCodeAt(7) !== DASH) return undefined;
  for (let i = 0; i < 10; i++) {
    const c = date.charCodeAt(i);
    if (i !== 4 && i !== 7 && (c < DIGIT_0 || c > DIGIT_9)) return undefined;
  }
  const ok = isCalendarDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  return ok ? date : undefined;
}

function plainCountry(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  return isCountryCode(code) ? code : undefined;
}

/** Trimmed and not empty (RequiredText), else undefined. */
function plainText(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

/**
 * The ValidRow of a person or company row whose fields are all plainly valid, or null to let the
 * schemas decide. `externalId` is already checked.
 *
 * @example validateCommonRow(rowOf({ external_id: 'c-1', full_name: 'Ivan Petrov' }), 'c-1')?.kind // 'person'
 */
export function validateCommonRow(row: PortfolioRow, externalId: string): ValidRow | null {
  const type = row.entity_type;
  const company = type === 'COMPANY';
  if (type !== null && type !== 'PERSON' && !company) return null;
  const name = row.full_name === null ? undefined : plainText(row.full_name);
  if (name === undefined) return null;
  const country = row.nationality === null ? null : plainCountry(row.nationality);
  if (country === undefined) return null;
  const document = row.document_number === null ? null : plainText(row.document_number);
  if (document === undefined) return null;
  if (company) {
    return {
      kind: 'company',
      externalId,
      query: { name, country, identification_number: document, nameTransposition: ROW_NAME_TRANSPOSITION },
      warnings: NO_WARNINGS,
    };
  }
  const gender = row.gender === null ? null : GENDERS.get(row.gender.trim().toUpperCase());
  if (gender === undefined) return null;
  const birthDate = row.birth_date === null ? null : plainDate(row.birth_date);
  if (birthDate === undefined) return null;
  return {
    kind: 'person',
    externalId,
    query: {
      full_name: name,
      gender,
      date_of_birth: birthDate,
      residence: null,
      place_of_birth: null,
      citizenship: country,
      issuer_country: null,
      identification_type: null,
      identification_number: document,
      nameTransposition: ROW_NAME_TRANSPOSITION,
    },
    warnings: NO_WARNINGS,
  };
}
