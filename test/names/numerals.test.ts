import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/config.js';
import { foldNumerals } from '../../src/names/numerals.js';
import { prepareName } from '../../src/names/prepare.js';
import { scoreNames } from '../../src/names/score.js';

const score = (a: string, b: string): number =>
  scoreNames(prepareName(a, 'organization'), prepareName(b, 'organization'), DEFAULT_MATCH_CONFIG).score;

describe('numbers in names', () => {
  it.each([
    [
      ['forty', 'four', 'holdings'],
      ['44', 'holdings'],
    ],
    [
      ['1st', 'national', 'bank'],
      ['1', 'national', 'bank'],
    ],
    [
      ['first', 'national', 'bank'],
      ['1', 'national', 'bank'],
    ],
    [
      ['twenty', 'first', 'century'],
      ['21', 'century'],
    ],
    [
      ['ninety', 'zero'],
      ['90', '0'],
    ],
    [
      ['seventieth', 'street'],
      ['70', 'street'],
    ],
    [
      ['dubai', 'one'],
      ['dubai', '1'],
    ],
  ])('folds %j', (words, expected) => {
    expect(foldNumerals(words)).toEqual(expected);
  });

  it('meets a number written in words or as an ordinal', () => {
    expect(score('Forty-Four Holdings', '44 Holdings')).toBe(1);
    expect(score('1st National Bank', 'First National Bank')).toBe(1);
  });

  it.each([
    ['Vessel 5', 'Vessel 6'],
    ['Plant 155', 'Plant 175'],
    ['Holding 23', 'Holding'],
  ])('does not take %s for %s', (a, b) => {
    expect(score(a, b)).toBeLessThan(DEFAULT_MATCH_CONFIG.weakThreshold);
  });

  it('leaves person names alone', () => {
    expect(prepareName('Seven Una', 'individual').tokens).toEqual(['seven', 'una']);
  });
});
