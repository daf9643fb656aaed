import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPE_CATALOG,
  DocumentTypeCatalogResponse,
  DocumentTypeCode,
  isDocumentType,
} from '../../src/model/document-types.js';
import { COUNTRIES } from '../../src/model/tables/countries.js';
import {
  COUNTRY_DOCUMENT_TYPES,
  GENERIC_COMPANY_DOCUMENT_TYPES,
  GENERIC_PERSON_DOCUMENT_TYPES,
} from '../../src/model/tables/document-types.js';
import { validationErrorOf } from '../support/validation.js';

describe('document type catalog', () => {
  it('parses as a List Document types response with one entry per country for each holder', () => {
    const catalog = DocumentTypeCatalogResponse.parse(DOCUMENT_TYPE_CATALOG);
    expect(catalog.person).toHaveLength(COUNTRIES.length);
    expect(catalog.company).toHaveLength(COUNTRIES.length);
  });

  it('gives Colombia its own person documents before the generic ones', () => {
    const colombia = DOCUMENT_TYPE_CATALOG.person.find((entry) => entry.code === 'COL')!;
    expect(colombia.name).toBe('Colombia');
    expect(colombia.locTypes.map((t) => t.type)).toEqual([
      'CC',
      'CE',
      'TI',
      'PPT',
      'NIT',
      'PASSPORT',
      'NATIONAL_ID',
      'DRIVER_LICENSE',
      'RESIDENCE_PERMIT',
      'TAX_ID',
    ]);
  });

  it('gives a country without specific documents the generic ones', () => {
    const iceland = DOCUMENT_TYPE_CATALOG.company.find((entry) => entry.code === 'ISL')!;
    expect(iceland.locTypes.map((t) => t.type)).toEqual(['TAX_ID', 'REGISTRATION_NUMBER']);
  });

  it('lists only real countries, and no code twice within a country', () => {
    for (const [country, byHolder] of Object.entries(COUNTRY_DOCUMENT_TYPES)) {
      expect(
        COUNTRIES.some((c) => c.alpha3 === country),
        country,
      ).toBe(true);
      const person = [...byHolder.person, ...GENERIC_PERSON_DOCUMENT_TYPES].map((t) => t.type);
      const company = [...byHolder.company, ...GENERIC_COMPANY_DOCUMENT_TYPES].map((t) => t.type);
      expect(new Set(person).size, `${country} person`).toBe(person.length);
      expect(new Set(company).size, `${country} company`).toBe(company.length);
    }
  });

  it('writes every code in the form DocumentTypeCode accepts', () => {
    const codes = [...DOCUMENT_TYPE_CATALOG.person, ...DOCUMENT_TYPE_CATALOG.company].flatMap((e) =>
      e.locTypes.map((t) => t.type),
    );
    for (const code of new Set(codes)) expect(DocumentTypeCode.parse(code)).toBe(code);
  });
});

describe('isDocumentType', () => {
  it.each([
    ['COL', 'CC', 'person', true],
    ['COL', 'cc', 'person', true],
    ['COL', 'NIT', 'company', true],
    ['MEX', 'CURP', 'person', true],
    ['MEX', 'CC', 'person', false],
    ['USA', 'SSN', 'person', true],
    ['USA', 'SSN', 'company', false],
    ['USA', 'EIN', 'company', true],
    ['ISL', 'PASSPORT', 'person', true],
    ['ISL', 'CURP', 'person', false],
    [null, 'CURP', 'person', true],
    [null, 'BOGUS', 'person', false],
    [null, 'REGISTRATION_NUMBER', 'company', true],
  ] as const)('%s %s for a %s → %s', (country, code, holder, expected) => {
    expect(isDocumentType(country, code, holder)).toBe(expected);
  });
});

describe('DocumentTypeCode', () => {
  it('folds case', () => {
    expect(DocumentTypeCode.parse(' driver_license ')).toBe('DRIVER_LICENSE');
  });

  it.each([['C.C.'], ['national id'], ['']])('rejects %j', (input) => {
    expect(validationErrorOf(DocumentTypeCode, input).message).toContain('must be a document type code');
  });
});
