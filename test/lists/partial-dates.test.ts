import { describe, expect, it } from 'vitest';
import {
  birthDateBetween,
  parseDayMonthYear,
  parseIsoDate,
  parseSlashDate,
  partialDateOf,
} from '../../src/lists/partial-dates.js';

describe('parseDayMonthYear', () => {
  it.each([
    ['23 Nov 1962', '1962-11-23'],
    ['01 January 1961', '1961-01-01'],
    ['Nov 1962', '1962-11'],
    ['Nov. 1973', '1973-11'],
    ['1962', '1962'],
    ['7 Jul 1966', '1966-07-07'],
  ])('%s → %s', (text, date) => {
    expect(parseDayMonthYear(text)).toBe(date);
  });

  it.each([['31 Feb 1962'], ['23 1962'], ['23 Foo 1962'], ['62'], ['circa 1962'], ['1962-11-23']])(
    'near miss %j → null',
    (text) => {
      expect(parseDayMonthYear(text)).toBeNull();
    },
  );
});

describe('parseSlashDate (OFSI)', () => {
  it.each([
    ['07/02/1966', '1966-02-07'],
    ['00/11/1962', '1962-11'],
    ['00/00/1962', '1962'],
    ['09/1962', '1962-09'],
    ['1962', '1962'],
  ])('%s → %s', (text, date) => {
    expect(parseSlashDate(text)).toBe(date);
  });

  it.each([['32/01/1962'], ['01/13/1962'], [''], ['1962/01/01']])('near miss %j → null', (text) => {
    expect(parseSlashDate(text)).toBeNull();
  });
});

describe('parseIsoDate', () => {
  it.each([
    ['2026-02-27T00:00:09.554Z', '2026-02-27'],
    ['1958-10-13', '1958-10-13'],
    ['1962', '1962'],
  ])('%s → %s', (text, date) => {
    expect(parseIsoDate(text)).toBe(date);
  });

  it('refuses impossible dates', () => {
    expect(parseIsoDate('2023-02-30')).toBeNull();
    expect(partialDateOf(1962, 0, 5)).toBe('1962');
  });
});

describe('birthDateBetween', () => {
  it.each([
    ['1962-11-23', '1962-11-23', { date: '1962-11-23', until: null }],
    ['1960', '1962', { date: '1960', until: '1962' }],
    ['1961-01-01', '1962-12-31', { date: '1961', until: '1962' }],
    ['1946-01-01', '1946-12-31', { date: '1946', until: null }],
    ['1973-11-01', '1973-11-30', { date: '1973-11', until: null }],
    ['1946-09-26', '1946-12-07', { date: '1946-09-26', until: '1946-12-07' }],
    ['1960-01-01', '1960-01-01', { date: '1960-01-01', until: null }],
  ])('%s … %s', (from, to, expected) => {
    expect(birthDateBetween(from, to)).toEqual({ ...expected, circa: false });
  });

  it('carries circa', () => {
    expect(birthDateBetween('1951', '1951', true)).toEqual({ date: '1951', until: null, circa: true });
  });
});
