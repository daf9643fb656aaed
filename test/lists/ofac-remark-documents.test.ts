import { describe, expect, it } from 'vitest';
import { readOfacDocument } from '../../src/lists/ofac-remark-documents.js';

describe('readOfacDocument', () => {
  it.each([
    ['Cedula No. 5892464 (Venezuela)', { type: 'Cedula No.', number: '5892464', country: 'VEN', note: null }],
    [
      'Passport G025057 issued 23 Jun 1999 expires 05 Feb 2004',
      { type: 'Passport', number: 'G025057', country: null, note: 'issued 23 Jun 1999; expires 05 Feb 2004' },
    ],
    [
      'Passport A123 (Iran) expires 13 Oct 2025',
      { type: 'Passport', number: 'A123', country: 'IRN', note: 'expires 13 Oct 2025' },
    ],
    ['Tax ID No. AABA 670850 Y', { type: 'Tax ID No.', number: 'AABA 670850 Y', country: null, note: null }],
    [
      'National ID No. 216040 (Yemen)',
      { type: 'National ID No.', number: '216040', country: 'YEM', note: null },
    ],
    [
      'Diplomatic Passport D123 (Iran)',
      { type: 'Diplomatic Passport', number: 'D123', country: 'IRN', note: null },
    ],
    [
      'Registration Number HRA 738077 (Stuttgart) (Germany)',
      { type: 'Registration Number', number: 'HRA 738077', country: 'DEU', note: 'Stuttgart' },
    ],
    ['NIT # 800018928-0 (Colombia)', { type: 'NIT #', number: '800018928-0', country: 'COL', note: null }],
    ['SSN 123-45-6789 (United States)', { type: 'SSN', number: '123-45-6789', country: 'USA', note: null }],
    [
      'R.F.C. FOAA640609DX9 (Mexico)',
      { type: 'R.F.C.', number: 'FOAA640609DX9', country: 'MEX', note: null },
    ],
    ['RFC FOAA640609DX9', { type: 'RFC', number: 'FOAA640609DX9', country: null, note: null }],
  ])('%s', (statement, document) => {
    expect(readOfacDocument(statement)).toEqual(document);
  });

  it.each([
    ['Passport'],
    ['Passport (Iran)'],
    ['Passports 123'],
    ['Website www.example.com'],
    ['Linked To: X'],
  ])('near miss %j → null', (statement) => {
    expect(readOfacDocument(statement)).toBeNull();
  });
});
