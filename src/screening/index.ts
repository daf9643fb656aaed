export { buildBlacklistIndex, BLACKLIST_LIST, type BlacklistIndex } from './blacklist-index.js';
export {
  buildEntityIndex,
  categoriesOf,
  entityKey,
  foldDocumentNumber,
  indexedNamesOf,
  nameKindOf,
  scopeOf,
  type EntityIndex,
  type IndexedEntity,
  type NameSlot,
} from './entity-index.js';
export { listsNotLoaded, requireListedNames } from './lists-not-loaded.js';
export { EntityTraits, queryTraitsOf } from './entity-traits.js';
export { FEATURE_WEIGHTS, type FeatureOutcome } from './features/index.js';
export {
  companyQuery,
  personQuery,
  prepareIndividualQuery,
  prepareOrganizationQuery,
  type PreparedQuery,
  type Subject,
} from './prepared-query.js';
export { REJECTING_RISK, RISK_BY_CATEGORY, riskOfMatch } from './risk.js';
export {
  INDIVIDUAL_FEATURES,
  MAX_FEATURE_BOOST,
  ORGANIZATION_FEATURES,
  atLeast,
  featureBoostOf,
  floorForAdjustment,
} from './score-entity.js';
export { screenIndividual, screenOrganization, screenSummary, type ScreeningContext } from './screen.js';
export { searchEntities, type EntityHit, type SearchOptions } from './search.js';
export { toMatchObject, matchedTermOf } from './match-object.js';
