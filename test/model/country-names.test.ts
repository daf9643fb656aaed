import { describe, expect, it } from 'vitest';
import { countryCodeOfAlpha2, countryFromName, foldCountryName } from '../../src/model/country-names.js';
import { isCountryCode } from '../../src/model/reference.js';

describe('countryFromName', () => {
  it.each([
    ['Venezuela', 'VEN'],
    ['Iran', 'IRN'],
    ['Korea, North', 'PRK'],
    ['North Korea', 'PRK'],
    ["Democratic People's Republic of Korea", 'PRK'],
    ['Korea, South', 'KOR'],
    ['Burma', 'MMR'],
    ['Bahamas, The', 'BHS'],
    ["Côte d'Ivoire", 'CIV'],
    ['COTE D IVOIRE', 'CIV'],
    ['Congo, Democratic Republic of the', 'COD'],
    ['Congo (Democratic Republic)', 'COD'],
    ['Democratic Republic of the Congo', 'COD'],
    ['United Kingdom of Great Britain and Northern Ireland', 'GBR'],
    ['Russian Federation', 'RUS'],
    ['Palestinian', 'PSE'],
    ['Region: Gaza', 'PSE'],
    ['Kosovo', 'XKX'],
    ['North Macedonia, The Republic of', 'MKD'],
    ['Man, Isle of', 'IMN'],
    ['Iraq (previous address)', 'IRQ'],
    ['  venezuela ', 'VEN'],
    ['VEN', 'VEN'],
  ])('%s → %s', (name, code) => {
    expect(countryFromName(name)).toBe(code);
  });

  it.each([
    ['Region: Northern Mali'],
    ['undetermined'],
    ['possibly Palestinian'],
    ['Caracas'],
    [''],
    ['XYZ'],
  ])('near miss %j → null', (name) => {
    expect(countryFromName(name)).toBeNull();
  });
});

describe('country code helpers', () => {
  it('maps alpha-2 to alpha-3', () => {
    expect(countryCodeOfAlpha2('VE')).toBe('VEN');
    expect(countryCodeOfAlpha2('zz')).toBeNull();
  });

  it('knows alpha-3 codes, Kosovo included', () => {
    expect(isCountryCode('USA')).toBe(true);
    expect(isCountryCode('XKX')).toBe(true);
    expect(isCountryCode('usa')).toBe(false);
    expect(isCountryCode('ANT')).toBe(false);
  });

  it('folds case, diacritics, punctuation and "the"', () => {
    expect(foldCountryName('The Bahamas')).toBe(foldCountryName('Bahamas, The'));
    expect(foldCountryName('Türkiye')).toBe('turkiye');
  });
});
