import { describe, expect, it } from 'vitest';
import { romanizeHan } from '../../../src/names/romanize/han.js';

describe('romanizeHan', () => {
  it.each([
    ['习近平', 'xi jinping'],
    ['李克强', 'li keqiang'],
    ['欧阳娜娜', 'ouyang nana'],
    ['单田芳', 'shan tianfang'],
    ['長安', 'chang an'],
  ])('personal name %s → %s', (word, expected) => {
    expect(romanizeHan(word).trim()).toBe(expected);
  });

  it('writes a foreign name one word per part, its lone consonants cut', () => {
    expect(romanizeHan('弗拉基米尔·普京').trim()).toBe('vlajimir pujin');
  });

  it('writes an organization a syllable per token, its company words translated', () => {
    expect(romanizeHan('丹东至诚有限公司').trim()).toBe('dan dong zhi cheng co ltd');
    expect(romanizeHan('華為技術有限公司').trim()).toBe('hua wei ji shu co ltd');
  });
});
