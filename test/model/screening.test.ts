import { describe, expect, it } from 'vitest';
import {
  IndividualScreeningRequest,
  OrganizationScreeningRequest,
  SummaryScreeningRequest,
  SummaryScreeningResponse,
} from '../../src/model/screening.js';
import {
  aScreeningMatch,
  aSummaryRequest,
  anIndividualRequest,
  anOrganizationRequest,
} from '../support/factories.js';
import { withValueAt } from '../support/mutate.js';
import { validationErrorOf } from '../support/validation.js';

describe('IndividualScreeningRequest', () => {
  it('parses the spec body, normalizing the date of birth', () => {
    const parsed = IndividualScreeningRequest.parse(anIndividualRequest());
    expect(parsed).toMatchObject({
      full_name: 'Nicolás Maduro Moros',
      gender: 'MALE',
      date_of_birth: '1962-11-23',
      citizenship: 'VEN',
      identification_type: 'CI',
      nameTransposition: true,
    });
  });

  it.each([['1962/11/23 00:00:00'], ['1962/11/23'], ['1962-11-23']])(
    'accepts date_of_birth %j',
    (dateOfBirth) => {
      expect(
        IndividualScreeningRequest.parse(anIndividualRequest({ date_of_birth: dateOfBirth })).date_of_birth,
      ).toBe('1962-11-23');
    },
  );

  it('needs only a name', () => {
    const parsed = IndividualScreeningRequest.parse({
      client_id: 'c',
      client_secret: 's',
      full_name: 'Ana Torres',
    });
    expect(parsed).toMatchObject({
      gender: null,
      date_of_birth: null,
      residence: null,
      nameTransposition: true,
    });
  });

  it.each([
    ['female', 'FEMALE'],
    ['M', 'MALE'],
    ['unspecified', 'UNSPECIFIED'],
  ])('reads gender %j as %s', (gender, expected) => {
    expect(IndividualScreeningRequest.parse(anIndividualRequest({ gender })).gender).toBe(expected);
  });

  it.each([
    [['full_name'], '', 'must not be empty'],
    [['gender'], 'X', 'Invalid option'],
    [['date_of_birth'], '23/11/1962', 'must be a date written YYYY-MM-DD or YYYY/MM/DD'],
    [['date_of_birth'], '1962/02/30 00:00:00', 'must be a real calendar date'],
    [['residence'], 'VE', 'alpha-3'],
    [['place_of_birth'], 'Caracas', 'alpha-3'],
    [['citizenship'], 'XYZ', 'must be an ISO 3166-1 alpha-3 country code, got "XYZ"'],
    [['issuer_country'], 862, 'expected string'],
    [['identification_type'], 'cédula', 'must be a document type code'],
    [['nameTransposition'], 'false', 'expected boolean'],
  ])('rejects %j = %j', (path, value, message) => {
    const error = validationErrorOf(
      IndividualScreeningRequest,
      withValueAt(anIndividualRequest(), path, value),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
    expect(error.message).toContain(String(path[0]));
    expect(error.message).toContain(message);
  });
});

describe('OrganizationScreeningRequest', () => {
  it('parses name, country and an optional identification number', () => {
    expect(
      OrganizationScreeningRequest.parse(anOrganizationRequest({ identification_number: undefined })),
    ).toMatchObject({
      name: 'Petróleos de Venezuela, S.A.',
      country: 'VEN',
      identification_number: null,
    });
  });

  it.each([
    [['country'], undefined, 'expected string'],
    [['country'], 'Venezuela', 'alpha-3'],
    [['name'], '  ', 'must not be empty'],
  ])('rejects %j = %j', (path, value, message) => {
    const error = validationErrorOf(
      OrganizationScreeningRequest,
      withValueAt(anOrganizationRequest(), path, value),
    );
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });
});

describe('SummaryScreeningRequest', () => {
  it('parses individuals and organizations together', () => {
    const parsed = SummaryScreeningRequest.parse(aSummaryRequest());
    expect(parsed.entities.map((e) => e.type)).toEqual(['INDIVIDUAL', 'ORGANIZATION']);
  });

  it('accepts 100 entities and refuses 101', () => {
    const one = { type: 'INDIVIDUAL', full_name: 'Ana Torres' };
    expect(
      SummaryScreeningRequest.parse(aSummaryRequest({ entities: Array(100).fill(one) })).entities,
    ).toHaveLength(100);
    const error = validationErrorOf(
      SummaryScreeningRequest,
      aSummaryRequest({ entities: Array(101).fill(one) }),
    );
    expect(error.path).toEqual(['entities']);
    expect(error.message).toBe('entities: must list at most 100 entities');
  });

  it.each([
    [['entities'], [], ['entities'], 'must list at least one entity'],
    [
      ['entities', 1, 'type'],
      'VESSEL',
      ['entities', 1, 'type'],
      'must be one of INDIVIDUAL, ORGANIZATION, got "VESSEL"',
    ],
    [['entities', 1, 'country'], 'XX', ['entities', 1, 'country'], 'alpha-3'],
    [['entities', 0, 'citizenship'], 'ZZZ', ['entities', 0, 'citizenship'], 'alpha-3'],
  ])('rejects %j = %j', (path, value, errorPath, message) => {
    const error = validationErrorOf(SummaryScreeningRequest, withValueAt(aSummaryRequest(), path, value));
    expect(error.path).toEqual(errorPath);
    expect(error.message).toContain(message);
  });
});

describe('SummaryScreeningResponse', () => {
  it('parses one result per entity with summarized matches', () => {
    const { resultId, name, score, strength, providerCategory, list, entityId, referenceId } =
      aScreeningMatch();
    const response = {
      success: true,
      analyzed_at: 1714557600050,
      results: [
        {
          index: 0,
          external_id: 'cust-000123',
          type: 'INDIVIDUAL',
          name: 'Nicolás Maduro Moros',
          coincidences: true,
          risk_level: 'HIGH',
          matches: [{ resultId, name, score, strength, providerCategory, list, entityId, referenceId }],
          blacklistMatches: [],
        },
      ],
    };
    expect(SummaryScreeningResponse.parse(response)).toEqual(response);
  });
});
