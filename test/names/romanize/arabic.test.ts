import { describe, expect, it } from 'vitest';
import { romanizeArabic } from '../../../src/names/romanize/arabic.js';

describe('romanizeArabic', () => {
  it.each([
    ['الشاعر', 'al shaar'],
    ['عبود', 'abud'],
    ['عبداللطيف', 'abdul latif'],
    ['محمدعلی', 'muhammad ali'],
    ['جعفری', 'jafari'],
    ['فاطمة', 'fatama'],
    ['حسن', 'hassan'],
    ['أسامة', 'asama'],
  ])('%s → %s', (word, expected) => {
    expect(romanizeArabic(word).trim()).toBe(expected);
  });
});
