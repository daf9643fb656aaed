import { describe, expect, it } from 'vitest';
import { romanizeHangul } from '../../../src/names/romanize/hangul.js';

describe('romanizeHangul', () => {
  it.each([
    ['김정은', 'kim jongun'],
    ['최룡해', 'choe ryonghae'],
    ['박봉주', 'pak pongju'],
    ['이영호', 'ri yongho'],
    ['태영호', 'thae yongho'],
    ['은혁', 'unhyok'],
  ])('%s → %s', (run, expected) => {
    expect(romanizeHangul(run).trim()).toBe(expected);
  });

  it("writes a given name as one word, which the alignment meets as the lists' separate syllables", () => {
    expect(romanizeHangul('성준').trim()).toBe('songjun');
  });

  it('reads only the first syllable of a run as a surname, and a run of two as one word', () => {
    expect(romanizeHangul('김이').trim()).toBe('kimi');
  });
});
