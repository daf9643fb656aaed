export { acronymOf, acronymsOf } from './acronym.js';
export { ALIGNMENT, alignNames } from './align.js';
export {
  NameIndex,
  REACH_LISTED,
  type CandidateScope,
  type KeptCandidates,
  type NameIndexOptions,
  type NameIndexSnapshot,
} from './candidates.js';
export { DEFAULT_MATCH_CONFIG, MatchConfig, strengthOf, type MatchStrength } from './config.js';
export {
  compileLegalFormAliases,
  foldLegalForms,
  LEGAL_FORM_CLASSES,
  type CompiledLegalFormAlias,
  type FoldedTokens,
} from './fold-legal-forms.js';
export { jaroWinkler } from './jaro-winkler.js';
export { MAX_NAME_CHARS, normalizeName, splitCommaName } from './normalize.js';
export { phoneticKey } from './phonetic.js';
export {
  CLASS_WEIGHT,
  lengthWeight,
  letterSet,
  prepareName,
  preparePacked,
  preparedScratch,
  stemOf,
  type PreparedScratch,
} from './prepare.js';
export {
  BOUND_SLACK,
  explainLastScore,
  namesEqual,
  scoreNames,
  scoreNameValue,
  type BoundQuery,
  type NameScore,
  type ScoreOptions,
} from './score.js';
export { fnv1a } from './string-table.js';
export { TOKEN_MATCH, tokenSimilarity } from './token-similarity.js';
export { MAX_TOKENS, tokenizeName, type TokenizedName } from './tokenize.js';
export {
  isInformativeClass,
  opensRetrievalKeys,
  MATCH_SIGNAL_NAMES,
  MatchSignal,
  TOKEN_STRIDE,
  TokenClass,
  type AlignedPair,
  type MatchSignalName,
  type NameKind,
  type PreparedName,
  type TokenWeight,
} from './types.js';
export { DEFAULT_VOCABULARY, derivedKeysOf, Vocabulary, type DerivedKeys } from './vocabulary.js';
export { runSteps, runStepsPausing, type Steps } from './steps.js';
