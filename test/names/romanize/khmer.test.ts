import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../../src/names/normalize.js';
import { romanizeKhmer } from '../../../src/names/romanize/khmer.js';

describe('romanizeKhmer', () => {
  it.each([
    ['ពូទីន', 'putin'],
    ['គីម', 'kim'],
    ['សែន', 'sen'],
  ])('%s → %s', (run, expected) => {
    expect(romanizeKhmer(run).trim()).toBe(expected);
  });

  it('is what normalization does with Khmer runs', () => {
    expect(normalizeName('វ្ល៉ាឌីមៀ ពូទីន')).toBe('vladimie putin');
  });
});
