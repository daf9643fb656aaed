import { describe, expect, it } from 'vitest';
import { rowOf, validateRow, type PortfolioColumn } from '../../src/batch/portfolio-row.js';
import { validateCommonRow } from '../../src/batch/validate-common-row.js';

type Values = Partial<Record<PortfolioColumn, string | null>>;

/** Plain rows the fast path takes, and near misses it must leave to the schemas (or get identical). */
const ROWS: [string, Values][] = [
  ['a name only', { full_name: 'Ivan Petrov' }],
  [
    'every field',
    {
      full_name: 'Ivan Petrov',
      entity_type: 'PERSON',
      birth_date: '1970-01-31',
      nationality: 'RUS',
      gender: 'MALE',
      document_number: 'AB 123',
    },
  ],
  ['M and F', { full_name: 'Ana Lima', gender: 'F' }],
  ['lower-case codes', { full_name: 'Ana Lima', gender: 'female', nationality: 'bra' }],
  [
    'spaces around values',
    {
      full_name: '  Ana Lima ',
      gender: ' M ',
      nationality: ' BRA ',
      birth_date: ' 1980-02-29 ',
      document_number: ' X1 ',
    },
  ],
  ['UNSPECIFIED', { full_name: 'Ana Lima', gender: 'UNSPECIFIED' }],
  [
    'a company',
    { full_name: 'Acme Ltd', entity_type: 'COMPANY', nationality: 'GBR', document_number: '0123' },
  ],
  ['a company without a country', { full_name: 'Acme Ltd', entity_type: 'COMPANY' }],
  ['a lower-case type', { full_name: 'Acme Ltd', entity_type: 'company' }],
  [
    'a company with a gender and a date',
    { full_name: 'Acme Ltd', entity_type: 'COMPANY', gender: 'X', birth_date: 'never' },
  ],
  ['a date with slashes', { full_name: 'Ana Lima', birth_date: '1980/02/01' }],
  ['a dotted date', { full_name: 'Ana Lima', birth_date: '01.02.1980' }],
  ['a dotted date with one-digit parts', { full_name: 'Ana Lima', birth_date: ' 1.2.1980 ' }],
  ['a dotted date that does not exist', { full_name: 'Ana Lima', birth_date: '29.02.1981' }],
  ['a dotted date month first', { full_name: 'Ana Lima', birth_date: '02.13.1980' }],
  ['a dotted date with a short year', { full_name: 'Ana Lima', birth_date: '01.02.80' }],
  ['a year alone', { full_name: 'Ana Lima', birth_date: '1980' }],
  ['a date with a time', { full_name: 'Ana Lima', birth_date: '1980-02-01 10:00:00' }],
  ['a date that does not exist', { full_name: 'Ana Lima', birth_date: '1981-02-29' }],
  ['a day 00', { full_name: 'Ana Lima', birth_date: '1981-02-00' }],
  ['a short date', { full_name: 'Ana Lima', birth_date: '1981-2-1' }],
  ['a date with letters', { full_name: 'Ana Lima', birth_date: '198a-02-01' }],
  ['an unknown country', { full_name: 'Ana Lima', nationality: 'XXX' }],
  ['a two-letter country', { full_name: 'Ana Lima', nationality: 'BR' }],
  ['an unknown gender', { full_name: 'Ana Lima', gender: 'X' }],
  ['a blank name', { full_name: '   ' }],
  ['no name', { full_name: null }],
  ['a blank document', { full_name: 'Ana Lima', document_number: '  ' }],
  ['an unknown type', { full_name: 'Ana Lima', entity_type: 'VESSEL' }],
];

describe('validateCommonRow, the fast path of validateRow', () => {
  it.each(ROWS)('%s: the same result as the schemas alone', (_name, values) => {
    const row = rowOf({ external_id: 'c-1', ...values });
    expect(validateRow(row)).toEqual(validateRow(row, { schemasOnly: true }));
  });

  it.each([
    [
      'a plain person',
      { full_name: 'Ivan Petrov', birth_date: '1970-01-31', nationality: 'RUS', gender: 'M' },
    ],
    ['a person born on a dotted date', { full_name: 'Ivan Petrov', birth_date: '31.01.1970' }],
    ['a plain company', { full_name: 'Acme Ltd', entity_type: 'COMPANY', nationality: 'GBR' }],
  ])('takes %s without the schemas', (_name, values) => {
    expect(validateCommonRow(rowOf({ external_id: 'c-1', ...values }), 'c-1')).not.toBeNull();
  });

  it.each([
    ['a date with slashes', { full_name: 'Ana Lima', birth_date: '1980/02/01' }],
    ['an invalid date', { full_name: 'Ana Lima', birth_date: '1981-02-29' }],
    ['an unknown country', { full_name: 'Ana Lima', nationality: 'XXX' }],
    ['a blank name', { full_name: ' ' }],
    ['a lower-case type', { full_name: 'Acme', entity_type: 'company' }],
  ])('leaves %s to the schemas', (_name, values) => {
    expect(validateCommonRow(rowOf({ external_id: 'c-1', ...values }), 'c-1')).toBeNull();
  });
});
