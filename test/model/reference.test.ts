import { describe, expect, it } from 'vitest';
import {
  CountryCode,
  CurrencyCode,
  countryFromName,
  countryName,
  isCountryCode,
  isCurrencyCode,
} from '../../src/model/reference.js';
import { validationErrorOf } from '../support/validation.js';

describe('CountryCode', () => {
  it.each([
    ['COL', 'COL'],
    ['ven', 'VEN'],
    [' prk ', 'PRK'],
    ['XKX', 'XKX'],
  ])('reads %j as %s', (input, code) => {
    expect(CountryCode.parse(input)).toBe(code);
  });

  it.each([['XYZ'], ['CO'], ['COLO'], ['']])('rejects %j with a sentence naming the value', (input) => {
    const error = validationErrorOf(CountryCode, input);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('must be an ISO 3166-1 alpha-3 country code');
    expect(error.message).toContain(JSON.stringify(input.trim().toUpperCase()));
  });

  it('rejects a number', () => {
    expect(validationErrorOf(CountryCode, 170).message).toContain('expected string');
  });
});

describe('CurrencyCode', () => {
  it.each([
    ['USD', 'USD'],
    ['cop', 'COP'],
    ['EUR', 'EUR'],
  ])('reads %j as %s', (input, code) => {
    expect(CurrencyCode.parse(input)).toBe(code);
  });

  it.each([['XXY'], ['US'], ['USDT'], ['VEB']])('rejects %j (not an active ISO 4217 code)', (input) => {
    const error = validationErrorOf(CurrencyCode, input);
    expect(error.message).toBe(`the request: must be an ISO 4217 currency code, got "${input}"`);
  });
});

describe('isCountryCode / isCurrencyCode', () => {
  it.each([
    ['COL', true],
    ['col', false],
    ['USA', true],
    ['ZZZ', false],
  ])('isCountryCode(%j) is %s: only upper-case table codes', (code, expected) => {
    expect(isCountryCode(code)).toBe(expected);
  });

  it.each([
    ['USD', true],
    ['BTC', false],
  ])('isCurrencyCode(%j) is %s', (code, expected) => {
    expect(isCurrencyCode(code)).toBe(expected);
  });
});

describe('countryFromName', () => {
  it.each([
    ['Venezuela', 'VEN'],
    ['Venezuela, Bolivarian Republic of', 'VEN'],
    ['Iran', 'IRN'],
    ['IRAN (ISLAMIC REPUBLIC OF)', 'IRN'],
    ['Korea, North', 'PRK'],
    ["Korea, Democratic People's Republic of", 'PRK'],
    ['Korea, South', 'KOR'],
    ['Cote d Ivoire', 'CIV'],
    ['Côte d’Ivoire', 'CIV'],
    ['The Gambia', 'GMB'],
    ['Gambia (the)', 'GMB'],
    ['Burma', 'MMR'],
    ['  russia  ', 'RUS'],
    ['COL', 'COL'],
  ])('%j → %s', (name, code) => {
    expect(countryFromName(name)).toBe(code);
  });

  it.each([['Atlantis'], [''], ['Korea']])('%j names no single country → null', (name) => {
    expect(countryFromName(name)).toBeNull();
  });
});

describe('countryName', () => {
  it('gives the short English name, or null for an unknown code', () => {
    expect(countryName('VEN')).toBe('Venezuela');
    expect(countryName('ZZZ')).toBeNull();
  });
});
