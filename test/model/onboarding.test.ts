import { describe, expect, it } from 'vitest';
import { DataCompany } from '../../src/model/onboarding-data.js';
import {
  CreateOnboardingRequest,
  OnboardingByDocumentQuery,
  OnboardingEntityQuery,
  OnboardingList,
  OnboardingRecord,
} from '../../src/model/onboarding.js';
import { aCreateOnboardingRequest, aDataCompany, anOnboardingRecord } from '../support/factories.js';
import { withValueAt, withoutKeyAt } from '../support/mutate.js';
import { validationErrorOf } from '../support/validation.js';

describe('OnboardingRecord', () => {
  it('parses an approved individual onboarding', () => {
    expect(OnboardingRecord.parse(anOnboardingRecord())).toEqual(anOnboardingRecord());
  });

  it('parses a company onboarding pending review, without metadata', () => {
    const record = withoutKeyAt(
      anOnboardingRecord({
        status: 'PENDING_REVIEW',
        reason: 'Final beneficiary matched a PEP list',
        data: {
          type: 'COMPANY',
          config_service: { age_threshold: 21, document_expiration: false },
          data_company: DataCompany.parse(aDataCompany()),
        },
      }),
      ['metadata'],
    );
    const parsed = OnboardingRecord.parse(record);
    expect(parsed.metadata).toBeUndefined();
    expect(parsed.data.type).toBe('COMPANY');
  });

  it.each([
    [['status'], 'IN_REVIEW'],
    [['createdAt'], 1714557600000],
    [['metadata', 'is_fullpage'], true],
    [['data', 'config_service', 'age_threshold'], -1],
    [['file_references_data', 0, 'size'], '482113'],
    [['reason'], undefined],
  ])('rejects %j = %j', (path, value) => {
    const error = validationErrorOf(OnboardingRecord, withValueAt(anOnboardingRecord(), path, value));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
  });

  it('parses a list page', () => {
    const page = { items: [anOnboardingRecord()], total: 1, skip: 0, limit: 20 };
    expect(OnboardingList.parse(page)).toEqual(page);
  });
});

describe('CreateOnboardingRequest', () => {
  it('parses an individual onboarding with an identity', () => {
    const parsed = CreateOnboardingRequest.parse(aCreateOnboardingRequest());
    expect(parsed.identity).toMatchObject({ issue_country_iso3: 'COL', birth_date: '1994-08-09' });
    expect(parsed.data.type).toBe('INDIVIDUAL');
  });

  it('parses a company onboarding without identity or metadata', () => {
    const parsed = CreateOnboardingRequest.parse({
      flow: 'flow_01',
      data: { type: 'COMPANY', data_company: aDataCompany() },
    });
    expect(parsed.identity).toBeUndefined();
  });

  it.each([
    [['flow'], '', 'must not be empty'],
    [['data', 'type'], 'PERSON', 'must be one of INDIVIDUAL, COMPANY'],
    [['identity', 'issue_country_iso3'], 'CO', 'alpha-3'],
    [['identity', 'birth_date'], '1994-02-30', 'must be a real calendar date'],
    [['metadata', 'is_fullpage'], true, 'expected string'],
  ])('rejects %j = %j', (path, value, message) => {
    const error = validationErrorOf(
      CreateOnboardingRequest,
      withValueAt(aCreateOnboardingRequest(), path, value),
    );
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });
});

describe('OnboardingEntityQuery', () => {
  it('applies skip 0 and limit 20 by default and coerces numbers', () => {
    expect(OnboardingEntityQuery.parse({})).toEqual({ skip: 0, limit: 20 });
    expect(OnboardingEntityQuery.parse({ skip: '40', limit: '100' })).toEqual({ skip: 40, limit: 100 });
  });

  it.each([
    ['{"url_path":"/signup/personal","is_fullpage":true}'],
    [encodeURIComponent('{"url_path":"/signup/personal","is_fullpage":true}')],
  ])('parses the metadata filter %j into string values', (metadata) => {
    expect(OnboardingEntityQuery.parse({ metadata }).metadata).toEqual({
      url_path: '/signup/personal',
      is_fullpage: 'true',
    });
  });

  it('reads every documented filter', () => {
    const query = {
      flow: 'flow_01',
      documentNumber: '1037612345',
      issueCountryIso3: 'col',
      status: 'PENDING_REVIEW',
      search: 'ríos',
      fullname: 'Valentina Ríos Castaño',
      firstName: 'Valentina',
      lastName: 'Ríos',
      personalNumber: '1037612345',
    };
    expect(OnboardingEntityQuery.parse(query)).toMatchObject({ ...query, issueCountryIso3: 'COL' });
  });

  it.each([
    [{ limit: '500' }, ['limit'], 'between 1 and 100'],
    [{ skip: '-1' }, ['skip'], 'must be 0 or more'],
    [{ metadata: '{url_path:' }, ['metadata'], 'must be a JSON object'],
    [{ metadata: '["a"]' }, ['metadata'], 'expected record'],
    [{ metadata: '{"nested":{"a":1}}' }, ['metadata', 'nested'], 'Invalid input'],
    [{ status: 'DONE' }, ['status'], 'Invalid option'],
    [{ issueCountryIso3: 'XXX' }, ['issueCountryIso3'], 'alpha-3'],
  ])('rejects %j', (query, path, message) => {
    const error = validationErrorOf(OnboardingEntityQuery, query);
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });
});

describe('OnboardingByDocumentQuery', () => {
  it('needs both the document number and the issuing country', () => {
    expect(
      OnboardingByDocumentQuery.parse({ documentNumber: '1037612345', issueCountryIso3: 'col' }),
    ).toEqual({
      documentNumber: '1037612345',
      issueCountryIso3: 'COL',
    });
    expect(validationErrorOf(OnboardingByDocumentQuery, { documentNumber: '1037612345' }).path).toEqual([
      'issueCountryIso3',
    ]);
  });
});
