import { describe, expect, it } from 'vitest';
import { acronymOf, acronymsOf } from '../../src/names/acronym.js';

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

describe('acronymsOf', () => {
  it('takes the acronym a name gives in brackets, and its initials without the brackets', () => {
    expect(acronymsOf('BUTEMBO AIRLINES (BAL)')).toEqual(['BAL']);
    expect(acronymsOf('MUHAMMAD JAMAL NETWORK (MJN)')).toEqual(['MJN', 'MJN']);
    expect(acronymsOf('ANSAR AL-SHARI’A IN TUNISIA (AAS-T)')).toContain('AAS-T');
    // A bracketed word that is no acronym (lower case) is not one.
    expect(acronymsOf('Bank Saderat (Iran) Plc')).toEqual([]);
  });
});
