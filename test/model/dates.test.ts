import { describe, expect, it } from 'vitest';
import {
  BirthDateOrYear,
  CalendarDate,
  DateObject,
  isCalendarDate,
  toDateObject,
} from '../../src/model/dates.js';
import { WardenError } from '../../src/model/errors.js';
import { validationErrorOf } from '../support/validation.js';

describe('CalendarDate', () => {
  it.each([
    ['1988-04-17', '1988-04-17'],
    ['1988/04/17', '1988-04-17'],
    ['1962/11/23 00:00:00', '1962-11-23'],
    ['1962/11/23 23:59:59', '1962-11-23'],
    ['2000-02-29', '2000-02-29'],
    ['1990-01-31T00:00:00Z', '1990-01-31'],
    ['1990-01-31T00:00:00.000-05:00', '1990-01-31'],
  ])('reads %j as %s', (input, date) => {
    expect(CalendarDate.parse(input)).toBe(date);
  });

  it.each([
    ['1988-4-17', 'must be a date written YYYY-MM-DD or YYYY/MM/DD'],
    ['17/04/1988', 'must be a date written YYYY-MM-DD or YYYY/MM/DD'],
    ['1988-04/17', 'must be a date written YYYY-MM-DD or YYYY/MM/DD'],
    ['2023-02-29', 'must be a real calendar date, got "2023-02-29"'],
    ['1900-02-29', 'must be a real calendar date'],
    ['1988-13-01', 'must be a real calendar date'],
    ['1988-04-31', 'must be a real calendar date'],
    ['1988/04/17 24:00:00', 'must be a real calendar date'],
  ])('rejects %j: %s', (input, message) => {
    const error = validationErrorOf(CalendarDate, input);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain(message);
  });
});

describe('BirthDateOrYear', () => {
  it.each([
    ['1952', '1952'],
    [' 1952 ', '1952'],
    ['1952-10-07', '1952-10-07'],
    ['1952/10/07 00:00:00', '1952-10-07'],
    ['07.10.1952', '1952-10-07'],
    ['7.10.1952', '1952-10-07'],
  ])('reads %j as %s', (input, date) => {
    expect(BirthDateOrYear.parse(input)).toBe(date);
  });

  it.each([
    [
      '19520',
      'must be a date written YYYY-MM-DD or YYYY/MM/DD (optionally with " HH:mm:ss"), DD.MM.YYYY, or a year YYYY',
    ],
    ['52', 'or a year YYYY'],
    ['07/10/1952', 'or a year YYYY'],
    ['1952-02-30', 'must be a real calendar date, got "1952-02-30"'],
    ['30.02.1952', 'must be a real calendar date, got "30.02.1952"'],
    ['10.13.1952', 'must be a real calendar date'],
    ['07.10.52', 'DD.MM.YYYY, or a year YYYY'],
  ])('rejects %j: %s', (input, message) => {
    expect(validationErrorOf(BirthDateOrYear, input).message).toContain(message);
  });
});

describe('isCalendarDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [2100, 2, 29, false],
    [2024, 4, 30, true],
    [2024, 4, 31, false],
    [2024, 0, 1, false],
    [2024, 1, 0, false],
  ])('%i-%i-%i → %s', (year, month, day, expected) => {
    expect(isCalendarDate(year, month, day)).toBe(expected);
  });
});

describe('toDateObject', () => {
  it.each([
    ['1962-11-23', Date.UTC(1962, 10, 23), 'DAY'],
    ['1962-11', Date.UTC(1962, 10, 1), 'MONTH'],
    ['1962', Date.UTC(1962, 0, 1), 'YEAR'],
    ['1970-01-01', 0, 'DAY'],
    ['2001-09-11', Date.UTC(2001, 8, 11), 'DAY'],
  ])('%s → utcDateTime %i at %s precision', (partial, utc, precision) => {
    const date = toDateObject(partial);
    expect(DateObject.parse(date)).toEqual({
      utcDateTime: utc,
      timeZone: null,
      timelinePrecision: 'ON',
      pointInTimePrecision: precision,
    });
  });

  it('keeps years below 100 as written instead of shifting them to the 1900s', () => {
    expect(new Date(toDateObject('0050').utcDateTime).getUTCFullYear()).toBe(50);
  });

  it('marks a circa date', () => {
    expect(toDateObject('1955', { circa: true }).timelinePrecision).toBe('CIRCA');
  });

  it.each([['1962/11/23'], ['1962-02-30'], ['62'], ['']])('refuses %j with a VALIDATION_ERROR', (partial) => {
    expect(() => toDateObject(partial)).toThrow(WardenError);
    expect(() => toDateObject(partial)).toThrow('is not a date written YYYY, YYYY-MM or YYYY-MM-DD');
  });
});
