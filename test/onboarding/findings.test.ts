import { describe, expect, it } from 'vitest';
import { ageOn } from '../../src/onboarding/index.js';

describe('ageOn', () => {
  it.each([
    ['2008-05-01', '2026-05-01', 18],
    ['2008-05-02', '2026-05-01', 17],
    ['2008-04-30', '2026-05-01', 18],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['1994-08-09', '2026-05-01', 31],
  ])('born %s, on %s → %i', (birthDate, day, age) => {
    expect(ageOn(birthDate, day)).toBe(age);
  });
});
