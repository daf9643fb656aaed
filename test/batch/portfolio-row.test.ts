import { describe, expect, it } from 'vitest';
import { rowOf, validateRow } from '../../src/batch/portfolio-row.js';

describe('validateRow', () => {
  it.each([
    [
      'a person with every field',
      { full_name: 'Nicolas Maduro', birth_date: '1962-11-23', nationality: 'ven', gender: 'm' },
      'person',
    ],
    ['a company', { full_name: 'Acme Ltd', entity_type: 'company' }, 'company'],
    [
      'a company without a country',
      { full_name: 'Acme Ltd', entity_type: 'COMPANY', nationality: null },
      'company',
    ],
    [
      'a wallet row',
      { full_name: null, address: '0x8589427373D6D84E98730D7795D8f6f8731FDA16', network: 'Ethereum' },
      'wallet',
    ],
  ])('%s is screened as a %s', (_name, values, kind) => {
    expect(validateRow(rowOf({ external_id: 'c-1', ...values })).kind).toBe(kind);
  });

  it.each([
    ['an empty name', { full_name: null }, 'full_name must not be empty'],
    ['a blank name', { full_name: '   ' }, 'full_name must not be empty'],
    [
      'an unknown entity_type',
      { full_name: 'X', entity_type: 'VESSEL' },
      'entity_type must be PERSON or COMPANY',
    ],
    ['an absurdly long field', { full_name: 'A'.repeat(1001) }, 'full_name is longer than 1000 characters'],
    ['a missing external_id', { external_id: null, full_name: 'X' }, 'external_id must not be empty'],
  ])('%s is an error row', (_name, values, error) => {
    const row = validateRow(rowOf({ external_id: 'c-1', ...values }));
    expect(row.kind).toBe('error');
    expect(row.kind === 'error' && row.error).toContain(error);
  });

  it.each([
    ['an impossible date', { birth_date: '1990-02-30' }, ['birth_date must be a real calendar date']],
    ['a date in another form', { birth_date: '30/01/1990' }, ['birth_date must be a date written']],
    ['a two-letter nationality', { nationality: 'US' }, ['nationality must be an ISO 3166-1 alpha-3']],
    ['an unknown country', { nationality: 'XXX' }, ['nationality must be an ISO 3166-1 alpha-3']],
    ['an unknown gender', { gender: 'X' }, ['gender']],
    [
      'two bad fields',
      { birth_date: '1990-13-01', gender: 'unknown' },
      ['birth_date must be a real calendar date', 'gender'],
    ],
  ])('a person with %s is screened by name, the field ignored and named', (_name, values, warnings) => {
    const row = validateRow(rowOf({ external_id: 'c-1', full_name: 'Ivan Petrov', ...values }));
    if (row.kind !== 'person') throw new Error(`expected a person row, got ${row.kind}`);
    expect(row.query.full_name).toBe('Ivan Petrov');
    expect(row.warnings).toHaveLength(warnings.length);
    for (const w of warnings) expect(row.warnings.some((text) => text.includes(w))).toBe(true);
    for (const text of row.warnings) expect(text).toMatch(/got ".*"\)?; ignored$/);
    for (const column of Object.keys(values)) {
      const field = { birth_date: 'date_of_birth', nationality: 'citizenship', gender: 'gender' }[column]!;
      expect(row.query[field as keyof typeof row.query]).toBeNull();
    }
  });

  it('keeps the good secondary fields of a row whose other field is ignored', () => {
    const row = validateRow(
      rowOf({ external_id: 'c-1', full_name: 'Ivan Petrov', birth_date: '1970-03-14', nationality: 'UA' }),
    );
    expect(row).toMatchObject({
      kind: 'person',
      query: { date_of_birth: '1970-03-14', citizenship: null },
      warnings: [expect.stringContaining('nationality')],
    });
  });

  it('screens a company with a two-letter country by name, the country ignored', () => {
    const row = validateRow(
      rowOf({ external_id: 'c-1', full_name: 'Acme Ltd', entity_type: 'COMPANY', nationality: 'GB' }),
    );
    expect(row).toMatchObject({
      kind: 'company',
      query: { name: 'Acme Ltd', country: null },
      warnings: [expect.stringContaining('nationality')],
    });
  });

  it('a valid row has no warnings, on the fast path and through the schemas alike', () => {
    const values = { external_id: 'c-1', full_name: 'Ivan Petrov', birth_date: '1970-03-14' };
    expect(validateRow(rowOf(values))).toMatchObject({ warnings: [] });
    expect(validateRow(rowOf(values), { schemasOnly: true })).toMatchObject({ warnings: [] });
  });

  it('a bad name is still an error row, even with a bad secondary field', () => {
    expect(validateRow(rowOf({ external_id: 'c-1', full_name: ' ', nationality: 'US' }))).toMatchObject({
      kind: 'error',
      error: expect.stringContaining('full_name'),
    });
  });

  it('keeps the external_id of a row the source could not read', () => {
    expect(validateRow(rowOf({ external_id: 'c-9' }, 'the CSV record is broken'))).toEqual({
      kind: 'error',
      externalId: 'c-9',
      error: 'the CSV record is broken',
    });
  });
});
