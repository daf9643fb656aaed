export { birthDate } from './birth-date.js';
export { citizenship, organizationCountry, placeOfBirth, residence } from './countries.js';
export { DOCUMENT_NUMBER_EQUAL, documentNumber } from './document-number.js';
export { FEATURE_WEIGHTS, type Feature, type FeatureOutcome, type FieldResult } from './feature.js';
export { gender } from './gender.js';
