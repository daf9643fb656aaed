import { describe, expect, it } from 'vitest';
import { romanizeHangul } from '../../../src/names/romanize/hangul.js';

describe('romanizeHangul', () => {
  it.each([
    ['김정은', 'kim jong un'],
    ['최룡해', 'choe ryong hae'],
    ['박봉주', 'pak pong ju'],
    ['이영호', 'ri yong ho'],
    ['태영호', 'thae yong ho'],
    ['은혁', 'un hyok'],
  ])('%s → %s', (run, expected) => {
    expect(romanizeHangul(run).trim()).toBe(expected);
  });

  it('reads only the first syllable of a run as a surname', () => {
    expect(romanizeHangul('김이').trim()).toBe('kim i');
  });
});
