/**
 * Realistic, complete fixtures for every request and resource of the spec, with overrides:
 * `aSubmitCryptoRequest({ transaction: aCryptoTransaction({ network: 'Ethereum' }) })`.
 * Requests are what a client sends (z.input shapes); records are what Warden returns (z.infer shapes).
 */
export {
  aCreateOnboardingRequest,
  aDataCompany,
  aDataIndividual,
  aFileReference,
  aFlow,
  aFlowInstance,
  aNewIdentity,
  anIdentity,
  anOnboardingRecord,
  aParty,
} from './factories/onboarding.js';
export {
  CREDENTIALS,
  WALLETS,
  aCompanyData,
  aCompanyParticipant,
  aCryptoParticipant,
  aCryptoWallet,
  aLegalPerson,
  aNaturalPerson,
  aPersonParticipant,
  aPersonRecord,
} from './factories/participants.js';
export { aBatchMatch, aScreenedRow } from './factories/batch.js';
export { aBatchHit, aBatchHitDecision, aFoundMatch } from './factories/review.js';
export {
  aBlacklistRecord,
  aCreateBlacklistRequest,
  aScreeningMatch,
  aScreeningResult,
  aSummaryRequest,
  anIndividualRequest,
  anOrganizationRequest,
} from './factories/screening.js';
export {
  REQUEST_AT,
  aCryptoTransaction,
  aFiatTransaction,
  aListTransactionsQuery,
  aNotification,
  aRegisteredEntity,
  aRegistrationRequest,
  aSubmitCryptoRequest,
  aSubmitFiatRequest,
  aTransaction,
  aTransactionReport,
} from './factories/transactions.js';
export { aWalletAlert, aWalletAnalysisRequest, aWalletRiskAnalysis } from './factories/wallet.js';
