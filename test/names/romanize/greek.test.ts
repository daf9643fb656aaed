import { describe, expect, it } from 'vitest';
import { romanizeGreek } from '../../../src/names/romanize/greek.js';

describe('romanizeGreek (ELOT 743)', () => {
  it.each([
    ['Ευάγγελος', 'evangelos'],
    ['Μπακογιάννης', 'bakogiannis'],
    ['Αυτοάμυνα', 'aftoamyna'],
    ['Ευρώπη', 'evropi'],
    ['Θεόδωρος', 'theodoros'],
    ['Χατζής', 'chatzis'],
    ['Παϊσιος', 'paisios'],
    ['Ψαράς', 'psaras'],
  ])('%s → %s', (run, expected) => {
    expect(romanizeGreek(run)).toBe(expected);
  });
});
