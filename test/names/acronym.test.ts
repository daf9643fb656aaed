import { describe, expect, it } from 'vitest';
import { acronymOf } from '../../src/names/acronym.js';

describe('acronymOf', () => {
  it.each([
    ['Islamic Revolutionary Guard Corps', 'IRGC'],
    ['Liberation Tigers of Tamil Eelam', 'LTTE'],
    ['International Business Machines', 'IBM'],
    // Legal forms, stopwords and numbers have no letter in it; two words are too few, seven too many.
    ['Korea Mining Development Trading Corporation', 'KMDT'],
    ['Bank of Kunlun Co Ltd', ''],
    ['One Two Three Four Five Six Seven', ''],
    ['Vessel 5 Shipping Lines', 'VSL'],
  ])('%s → "%s"', (name, acronym) => {
    expect(acronymOf(name)).toBe(acronym);
  });
});
