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
    [
      'an invalid date',
      { full_name: 'X', birth_date: '1990-02-30' },
      'birth_date must be a real calendar date',
    ],
    [
      'a date in another form',
      { full_name: 'X', birth_date: '30/01/1990' },
      'birth_date must be a date written',
    ],
    [
      'an unknown country',
      { full_name: 'X', nationality: 'XXX' },
      'nationality must be an ISO 3166-1 alpha-3',
    ],
    ['an absurdly long field', { full_name: 'A'.repeat(1001) }, 'full_name is longer than 1000 characters'],
    ['a missing external_id', { external_id: null, full_name: 'X' }, 'external_id must not be empty'],
  ])('%s is an error row', (_name, values, error) => {
    const row = validateRow(rowOf({ external_id: 'c-1', ...values }));
    expect(row.kind).toBe('error');
    expect(row.kind === 'error' && row.error).toContain(error);
  });

  it('keeps the external_id of a row the source could not read', () => {
    expect(validateRow(rowOf({ external_id: 'c-9' }, 'the CSV record is broken'))).toEqual({
      kind: 'error',
      externalId: 'c-9',
      error: 'the CSV record is broken',
    });
  });
});
