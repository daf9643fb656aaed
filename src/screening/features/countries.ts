/**
 * Country evidence: a submitted country against a set of the entity's countries. One factory, four
 * features (citizenship, residence, place of birth, an organization's country), each with its weights.
 */
import type { SecondaryFieldType } from '../../model/screening-result.js';
import type { IndexedEntity } from '../entity-index.js';
import type { PreparedQuery } from '../prepared-query.js';
import { FEATURE_WEIGHTS, outcome, type Feature } from './feature.js';

function countryFeature(
  name: string,
  field: SecondaryFieldType,
  submitted: (q: PreparedQuery) => string | null,
  listed: (e: IndexedEntity) => ReadonlySet<string>,
  weights: { equal: number; conflict: number },
): Feature {
  return {
    name,
    maxBoost: (q) => (submitted(q) ? weights.equal : 0),
    evaluate(q, e) {
      const value = submitted(q);
      if (!value) return null;
      const countries = listed(e);
      if (countries.size === 0) return outcome(name, field, 'UNKNOWN', value, null, 0);
      const all = [...countries].join(', ');
      return countries.has(value)
        ? outcome(`${name}Equal`, field, 'MATCHED', value, value, weights.equal)
        : outcome(`${name}Conflict`, field, 'NOT_MATCHED', value, all, weights.conflict);
    },
    adjustment(q, e) {
      const value = submitted(q);
      if (!value) return 0;
      const countries = listed(e);
      if (countries.size === 0) return 0;
      return countries.has(value) ? weights.equal : weights.conflict;
    },
  };
}

export const citizenship = countryFeature(
  'citizenship',
  'CITIZENSHIP',
  (q) => q.citizenship,
  (e) => e.nationalities,
  {
    equal: FEATURE_WEIGHTS.nationalityEqual,
    conflict: FEATURE_WEIGHTS.nationalityConflict,
  },
);

export const residence = countryFeature(
  'residence',
  'RESIDENCE',
  (q) => q.residence,
  (e) => e.locations,
  {
    equal: FEATURE_WEIGHTS.residenceEqual,
    conflict: FEATURE_WEIGHTS.residenceConflict,
  },
);

export const placeOfBirth = countryFeature(
  'placeOfBirth',
  'PLACE_OF_BIRTH',
  (q) => q.placeOfBirth,
  (e) => e.birthCountries,
  { equal: FEATURE_WEIGHTS.placeOfBirthEqual, conflict: FEATURE_WEIGHTS.placeOfBirthConflict },
);

/** An organization's country meets the countries of its addresses and its "nationality" (registration). */
export const organizationCountry = countryFeature(
  'country',
  'COUNTRY',
  (q) => q.country,
  (e) => (e.nationalities.size > 0 ? new Set([...e.nationalities, ...e.locations]) : e.locations),
  { equal: FEATURE_WEIGHTS.countryEqual, conflict: FEATURE_WEIGHTS.countryConflict },
);
