import { describe, expect, it } from 'vitest';
import { DataCompany, DataIndividual, NewOnboardingData, Party } from '../../src/model/onboarding-data.js';
import { aDataCompany, aDataIndividual, aParty } from '../support/factories.js';
import { withValueAt } from '../support/mutate.js';
import { validationErrorOf } from '../support/validation.js';

describe('DataIndividual', () => {
  it('parses the spec fields and folds the case of open codes', () => {
    const parsed = DataIndividual.parse(
      aDataIndividual({
        business_information: { fund_origin: 'salary', source_of_income: 'Salary_Or_Wage' },
      }),
    );
    expect(parsed.business_information).toMatchObject({
      fund_origin: 'SALARY',
      source_of_income: 'SALARY_OR_WAGE',
      total_assets: null,
    });
  });

  it.each([
    [['country_of_residence'], 'Colombia', 'alpha-3'],
    [['is_pep'], 'false', 'expected boolean'],
    [['business_information', 'monthly_income_usd'], -10, 'must be zero or a positive number'],
    [['business_information', 'fund_origin'], 'salary or wage', 'must be an upper-case code'],
    [['name'], '', 'must not be empty'],
  ])('rejects %j = %j', (path, value, message) => {
    const error = validationErrorOf(DataIndividual, withValueAt(aDataIndividual(), path, value));
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });
});

describe('DataCompany', () => {
  it('parses a company with its parties', () => {
    const parsed = DataCompany.parse(aDataCompany());
    expect(parsed.final_beneficiaries[0]!.tax_identification).toEqual({
      number: 'SAVR750312HN4',
      tax_residence_country_code: 'MEX',
    });
    expect(parsed.legal_representatives[0]!.ownership_type).toBeNull();
    expect(parsed.business_information!.annual_income_usd).toEqual({ min: 5000000, max: 10000000 });
  });

  it.each([
    [
      ['business_information', 'total_assets'],
      { min: 20, max: 10 },
      ['business_information', 'total_assets', 'max'],
      'must not be below min',
    ],
    [['date_of_incorporation'], '15/03/2011', ['date_of_incorporation'], 'YYYY-MM-DD'],
    [
      ['operational_address', 'country_of_residence'],
      'MX',
      ['operational_address', 'country_of_residence'],
      'alpha-3',
    ],
    [
      ['final_beneficiaries', 0, 'ownership_percentage'],
      120,
      ['final_beneficiaries', 0, 'ownership_percentage'],
      'between 0 and 100',
    ],
    [
      ['final_beneficiaries', 0, 'ownership_type'],
      'PARTIAL',
      ['final_beneficiaries', 0, 'ownership_type'],
      'Invalid option',
    ],
    [['cash_controllers'], 'none', ['cash_controllers'], 'expected array'],
  ])('rejects %j = %j', (path, value, errorPath, message) => {
    const error = validationErrorOf(DataCompany, withValueAt(aDataCompany(), path, value));
    expect(error.path).toEqual(errorPath);
    expect(error.message).toContain(message);
  });
});

describe('Party', () => {
  it('lets every field be absent, returning null or empty', () => {
    expect(Party.parse({})).toMatchObject({
      id: null,
      document_data: null,
      titles: [],
      ownership_percentage: null,
    });
  });

  it('parses a complete party', () => {
    expect(Party.parse(aParty()).titles).toEqual(['BUSINESS_OWNER', 'ACCOUNT_REPRESENTATIVE']);
  });
});

describe('NewOnboardingData', () => {
  it.each([
    [{ type: 'INDIVIDUAL', data_individual: aDataIndividual() }],
    [{ type: 'COMPANY', data_company: aDataCompany() }],
  ])('parses %#', (data) => {
    expect(NewOnboardingData.parse(data).type).toBe(data.type);
  });

  it.each([
    [{ type: 'TRUST' }, ['type'], 'must be one of INDIVIDUAL, COMPANY, got "TRUST"'],
    [{ type: 'COMPANY', data_individual: aDataIndividual() }, ['data_company'], 'expected object'],
  ])('rejects %j', (data, path, message) => {
    const error = validationErrorOf(NewOnboardingData, data);
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });
});
