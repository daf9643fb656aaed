/**
 * The decision vocabulary: the facts the transaction rules (rules/*.json) read, and the decision they produce.
 *
 * Facts are shallow on purpose, so a rule condition is one fact name plus a short path:
 * `{ "fact": "remitter", "path": "$.sanctions.strength", "operator": "strengthAtLeast", "value": "STRONG" }`.
 * Field names copied from spec or batch shapes keep their snake_case (entity_type, entity_id,
 * transaction_type); fields that exist only here are camelCase.
 */
import { z } from 'zod';
import { BlacklistMatchAction, DEFAULT_BLACKLIST_SETTINGS } from './blacklist.js';
import { ParticipantEntityType } from './participant.js';
import { CountryCode } from './reference.js';
import { RiskLevel } from './risk.js';
import { FATF_HIGH_RISK_COUNTRIES } from './tables/high-risk-countries.js';
import { TransactionState, TransactionType } from './transaction.js';

/**
 * The screening MatchStrength (risk.ts) plus NONE for "no match", listed weakest → strongest: the
 * `strengthAtLeast` operator compares positions in this list. Facts always carry a strength, so a rule
 * never has to ask whether a match exists before comparing it.
 */
export const MatchStrength = z.enum(['NONE', 'WEAK', 'MEDIUM', 'STRONG', 'EXACT']);
export type MatchStrength = z.infer<typeof MatchStrength>;

/** A blacklist hit: POSSIBLE is a fuzzy name hit, EXACT an equal address or normalized name. */
export const BlacklistMatch = z.enum(['NONE', 'POSSIBLE', 'EXACT']);
export type BlacklistMatch = z.infer<typeof BlacklistMatch>;

/** The RiskLevel of risk.ts (NONE < LOW < … < SEVERE); the `riskAtLeast` operator compares positions in it. */
export const WalletRiskLevel = RiskLevel;
export type WalletRiskLevel = RiskLevel;

/** The closest exposure of a wallet to a risky category: DIRECT beats INDIRECT. */
export const WalletExposure = z.enum(['NONE', 'INDIRECT', 'DIRECT']);
export type WalletExposure = z.infer<typeof WalletExposure>;

export const ParticipantRole = z.enum(['REMITTER', 'BENEFICIARY']);
export type ParticipantRole = z.infer<typeof ParticipantRole>;

/** One watchlist match, summarised for a reason text; empty strings when there is no match. */
export const MatchSummary = z.object({
  strength: MatchStrength.default('NONE'),
  name: z.string().default(''),
  list: z.string().default(''),
  entity_id: z.string().default(''),
});
export type MatchSummary = z.infer<typeof MatchSummary>;

/** What screening found about one participant (remitter or beneficiary). */
export const ParticipantFacts = z.object({
  role: ParticipantRole,
  entity_type: ParticipantEntityType,
  /** full_name, company_name or wallet address: only for reason texts. */
  name: z.string().default(''),
  /** The strongest match of any category. */
  best: MatchSummary.prefault({}),
  /** The strongest match on a sanctions list. */
  sanctions: MatchSummary.prefault({}),
  /** The strongest match on a PEP list. */
  pep: MatchSummary.prefault({}),
  matchedLists: z.array(z.string()).default([]),
  /** providerCategory values of all matches, e.g. Sanctions, PEP. */
  categories: z.array(z.string()).default([]),
  blacklist: z
    .object({
      match: BlacklistMatch.default('NONE'),
      /** The blacklist record's value (address or name). */
      value: z.string().default(''),
    })
    .prefault({}),
  wallet: z
    .object({
      address: z.string().default(''),
      riskLevel: WalletRiskLevel.default('NONE'),
      categories: z.array(z.string()).default([]),
      exposure: WalletExposure.default('NONE'),
    })
    .prefault({}),
  /** ISO alpha-3 countries the participant is tied to: nationality, country_constitution, residence. */
  countries: z.array(CountryCode).default([]),
});
export type ParticipantFacts = z.infer<typeof ParticipantFacts>;

export const AmountFacts = z.object({
  /** sending_dollar_amount: the USD value at request time. */
  usd: z.number().finite().nonnegative(),
  currency: z.string().default('USD'),
  transaction_type: TransactionType,
});
export type AmountFacts = z.infer<typeof AmountFacts>;

/** A client's decision policy; every field has a default so a new client gets a sensible policy. */
export const ClientDecisionSettings = z.object({
  complianceThresholdUsd: z
    .number()
    .finite()
    .positive()
    .default(10_000)
    .describe(
      'A transaction above this USD value goes to COMPLIANCE. 10,000 mirrors the common cash/wire reporting threshold (US CTR, EU AMLR).',
    ),
  blacklistAction: BlacklistMatchAction.default(DEFAULT_BLACKLIST_SETTINGS.match_action).describe(
    'State for an EXACT blacklist hit; the spec calls a blacklist match a case for review.',
  ),
  pepAction: z
    .enum(['EVALUATION', 'REJECTED'])
    .default('EVALUATION')
    .describe('State for a PEP match; PEP status calls for enhanced due diligence, not a block.'),
  highRiskCountries: z
    .array(CountryCode)
    .default(() => FATF_HIGH_RISK_COUNTRIES.map((c) => c.alpha3))
    .describe(
      'A participant tied to one of these goes to EVALUATION. Default: the FATF black and grey lists.',
    ),
});
export type ClientDecisionSettings = z.infer<typeof ClientDecisionSettings>;

/** Everything one transaction decision reads. Rule conditions name these four facts. */
export const DecisionFacts = z.object({
  remitter: ParticipantFacts.extend({ role: z.literal('REMITTER').default('REMITTER') }),
  beneficiary: ParticipantFacts.extend({ role: z.literal('BENEFICIARY').default('BENEFICIARY') }),
  amounts: AmountFacts,
  settings: ClientDecisionSettings.prefault({}),
});
export type DecisionFacts = z.infer<typeof DecisionFacts>;
/** DecisionFacts as a caller may write them, defaults left out. */
export type DecisionFactsInput = z.input<typeof DecisionFacts>;

/** The states an automated decision can give; PROGRESS and CANCELLED are never decided by rules. */
export const DecisionState = TransactionState.extract(['COMPLETED', 'REJECTED', 'EVALUATION', 'COMPLIANCE']);
export type DecisionState = z.infer<typeof DecisionState>;

/** What a fired rule asks for (a rule event's `type`). COMPLETED is what remains when no rule fires. */
export const DecisionOutcome = TransactionState.extract(['REJECTED', 'EVALUATION', 'COMPLIANCE']);
export type DecisionOutcome = z.infer<typeof DecisionOutcome>;

export const DecisionReason = z.object({
  /** The rule's `event.params.ruleId`, e.g. "sanctions.remitter.strong". */
  ruleId: z.string(),
  /** The rule file's concern, e.g. "sanctions"; a new concern is a new file, not a code change. */
  concern: z.string(),
  outcome: DecisionOutcome,
  text: z.string(),
});
export type DecisionReason = z.infer<typeof DecisionReason>;

export const Decision = z.object({
  state: DecisionState,
  /** Every fired rule, most severe first, then in rule-set order. */
  reasons: z.array(DecisionReason),
  /** The reasons' texts as one paragraph, for reasons_rejection_analysis; null when no rule fired. */
  reasonText: z.string().nullable(),
  /** Declared version + content hash of the rule set that decided, e.g. "1.0.0+3fa9c1d2e4b5a6f7". */
  ruleSetVersion: z.string(),
});
export type Decision = z.infer<typeof Decision>;
