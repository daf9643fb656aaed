import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/config.js';
import {
  DISTINCT_GIVEN_NAMES,
  GENDERED_GIVEN_NAMES,
  givenNames,
  NOT_GIVEN_NAMES,
} from '../../src/names/given-names.js';
import { prepareName } from '../../src/names/prepare.js';
import { scoreNames } from '../../src/names/score.js';

const score = (a: string, b: string): number =>
  scoreNames(prepareName(a, 'individual'), prepareName(b, 'individual'), DEFAULT_MATCH_CONFIG).score;

describe('givenNames', () => {
  it.each([
    ['michael', 'michaela', GENDERED_GIVEN_NAMES],
    ['peter', 'petra', GENDERED_GIVEN_NAMES],
    ['aleksandra', 'aleksandr', GENDERED_GIVEN_NAMES],
    ['marco', 'marcos', DISTINCT_GIVEN_NAMES],
    ['marina', 'mariya', DISTINCT_GIVEN_NAMES],
    ['kovalenko', 'kovalchuk', NOT_GIVEN_NAMES],
    ['john', 'john', NOT_GIVEN_NAMES],
  ])('%s / %s', (a, b, relation) => {
    expect(givenNames(a, b)).toBe(relation);
    expect(givenNames(b, a)).toBe(relation);
  });

  it('keeps a typo of a rare surname strong, and two given names a letter apart weak', () => {
    const typo = score('Michael Kovalenkko', 'Michael Kovalenko');
    const otherName = score('Michaela Kovalenko', 'Michael Kovalenko');
    expect(typo).toBeGreaterThanOrEqual(DEFAULT_MATCH_CONFIG.strongThreshold);
    expect(otherName).toBeLessThan(DEFAULT_MATCH_CONFIG.mediumThreshold);
    expect(score('Marcos Ferreira', 'Marco Ferreira')).toBeLessThan(
      score('Marco Ferreyra', 'Marco Ferreira'),
    );
  });

  it('leaves spellings of one given name alone', () => {
    expect(score('Mohammed Haswani', 'Muhammad Haswani')).toBeGreaterThanOrEqual(
      DEFAULT_MATCH_CONFIG.strongThreshold,
    );
  });
});
