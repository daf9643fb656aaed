import { describe, expect, it } from 'vitest';
import { romanizeKana } from '../../../src/names/romanize/kana.js';

describe('romanizeKana', () => {
  it.each([
    ['あさはら', 'asahara'],
    ['しょうこう', 'shoko'],
    ['とうきょう', 'tokyo'],
    ['ローマ', 'roma'],
    ['カザン', 'kazan'],
    ['オサマ・ビンラディン', 'osama binradin'],
  ])('%s → %s', (run, expected) => {
    expect(romanizeKana(run).trim()).toBe(expected);
  });
});
