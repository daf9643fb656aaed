import { describe, expect, it } from 'vitest';
import { Identity, NewIdentity } from '../../src/model/identity.js';
import { aNewIdentity, anIdentity } from '../support/factories.js';
import { withValueAt, withoutKeyAt } from '../support/mutate.js';
import { validationErrorOf } from '../support/validation.js';

describe('NewIdentity', () => {
  it('parses identity document data, normalizing codes and the birth date', () => {
    expect(
      NewIdentity.parse(
        aNewIdentity({ document_type: 'cc', issue_country_iso3: 'col', birth_date: '1994/08/09' }),
      ),
    ).toEqual({
      document_type: 'CC',
      document_number: '1037612345',
      issue_country_iso3: 'COL',
      first_name: 'Valentina',
      last_name: 'Ríos Castaño',
      personal_number: '1037612345',
      birth_date: '1994-08-09',
    });
  });

  it('accepts a person with a surname only, as a passport may have', () => {
    expect(NewIdentity.parse(withoutKeyAt(aNewIdentity(), ['first_name'])).first_name).toBeNull();
  });

  it.each([
    [['last_name'], undefined, 'expected string'],
    [['document_number'], ' ', 'must not be empty'],
    [['issue_country_iso3'], 'ZZZ', 'must be an ISO 3166-1 alpha-3 country code, got "ZZZ"'],
    [['birth_date'], '09/08/1994', 'must be a date written'],
  ])('rejects %j = %j', (path, value, message) => {
    const error = validationErrorOf(NewIdentity, withValueAt(aNewIdentity(), path, value));
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });
});

describe('Identity', () => {
  it('parses an identity record', () => {
    expect(Identity.parse(anIdentity())).toEqual(anIdentity());
  });

  it.each([
    [['status'], 'VERIFIED'],
    [['files', 0, 'mime_type'], null],
    [['updatedAt'], 'yesterday'],
  ])('rejects %j = %j', (path, value) => {
    expect(validationErrorOf(Identity, withValueAt(anIdentity(), path, value)).path).toEqual(path);
  });
});
