import { describe, expect, it } from 'vitest';
import type { ParseIssue } from '../../src/model/entity.js';
import { ofacEntNum, ofacValue, readOfacCsv } from '../../src/lists/ofac-csv-records.js';

describe('ofacValue', () => {
  it.each([
    ['-0- ', null],
    ['-0-', null],
    [' ', null],
    [undefined, null],
    ['"-0-" is text', '"-0-" is text'],
    [' CUBA ', 'CUBA'],
    ['-0-X', '-0-X'],
  ])('%j → %j', (cell, value) => {
    expect(ofacValue(cell)).toBe(value);
  });
});

describe('ofacEntNum', () => {
  it.each([
    ['22790', '22790'],
    [' 36 ', '36'],
    ['0', null],
    ['036', null],
    ['36a', null],
    ['', null],
  ])('%j → %j', (cell, value) => {
    expect(ofacEntNum(cell)).toBe(value);
  });
});

describe('readOfacCsv', () => {
  it('keeps rows of the right width and reports the others with their line', () => {
    const issues: ParseIssue[] = [];
    const rows = readOfacCsv(
      '1,"a"\r\n2\r\n3,"c"\r\n\x1A',
      'sdn_comments.csv',
      2,
      'ent_num, remarks_extension',
      issues,
      false,
    );
    expect(rows.map((r) => r.fields[0])).toEqual(['1', '3']);
    expect(issues).toEqual([
      {
        location: 'sdn_comments.csv line 2',
        reason: 'expected 2 columns (ent_num, remarks_extension), found 1',
      },
    ]);
  });

  it('accepts an empty optional file but not an empty required one', () => {
    expect(readOfacCsv('', 'alt.csv', 5, 'x', [], false)).toEqual([]);
    expect(() => readOfacCsv('\x1A', 'sdn.csv', 12, 'x', [], true)).toThrow(/sdn.csv is empty/);
  });
});
