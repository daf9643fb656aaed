import { describe, expect, it } from 'vitest';
import { jaroWinkler } from '../../src/names/jaro-winkler.js';

describe('jaroWinkler', () => {
  it.each([
    ['MARTHA', 'MARHTA', 0.961],
    ['DIXON', 'DICKSONX', 0.813],
    ['DWAYNE', 'DUANE', 0.84],
    ['JELLYFISH', 'SMELLYFISH', 0.896],
  ])('textbook value %s / %s = %f', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 3);
    expect(jaroWinkler(b, a)).toBeCloseTo(expected, 3);
  });

  it.each([
    ['abc', 'abc', 1],
    ['', '', 1],
    ['abc', '', 0],
    ['', 'abc', 0],
    ['abc', 'xyz', 0],
  ])('%j / %j = %d', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBe(expected);
  });

  it('ranks a spelling variant above a different name', () => {
    expect(jaroWinkler('petrovych', 'petrovich')).toBeGreaterThan(jaroWinkler('kovalenko', 'kovalchuk'));
  });

  it('gives the same answer after a long string grew its buffers', () => {
    const before = jaroWinkler('MARTHA', 'MARHTA');
    jaroWinkler('a'.repeat(5000), 'a'.repeat(4999) + 'b');
    expect(jaroWinkler('MARTHA', 'MARHTA')).toBe(before);
  });

  it('stays within 0..1 on random strings', () => {
    let seed = 7;
    const next = (): number => (seed = (seed * 16807) % 2147483647);
    for (let n = 0; n < 500; n++) {
      const a = String.fromCharCode(...Array.from({ length: next() % 12 }, () => 97 + (next() % 5)));
      const b = String.fromCharCode(...Array.from({ length: next() % 12 }, () => 97 + (next() % 5)));
      const s = jaroWinkler(a, b);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });
});
