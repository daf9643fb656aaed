/**
 * The audit trail of an automated decision (a Warden addition, stored beside the spec's transaction,
 * not part of the API shape): which rules and lists decided, on which facts, and what screening saw.
 * With the facts and the rule-set version an auditor can re-run the decision and get the same state.
 */
import { hash } from 'node:crypto';
import type { Decision, DecisionFacts, DecisionReason } from '../model/decision.js';
import type { ParticipantEntityType } from '../model/participant.js';
import { highestRiskLevel, type MatchStrength, type RiskLevel } from '../model/risk.js';
import type { MatchExplanation, SecondaryFieldResult } from '../model/screening-result.js';
import type { SuppressedMatches, UsdSource } from './build-facts.js';
import type { ParticipantScreening, SubjectRelation } from './screen-participant.js';

export interface ScreenedSubjectAudit {
  readonly relation: SubjectRelation;
  readonly name: string;
  readonly external_id: string | null;
  /** The ScreeningResult's id, to find the full result where screening results are kept. */
  readonly screening_id: string;
  readonly risk_level: RiskLevel;
  readonly matches: readonly {
    readonly list: string;
    readonly entity_id: string;
    readonly name: string;
    readonly strength: MatchStrength;
    readonly score: number;
    readonly categories: readonly string[];
    /** For the review queue (issue #30); absent on audits written before it. */
    readonly programs?: readonly string[];
    readonly secondary_fields?: readonly SecondaryFieldResult[];
    readonly explanation?: MatchExplanation | null;
    /** The review decision whose suppression kept this match out of the decision; null when it counted. */
    readonly suppressed_by?: string | null;
  }[];
  readonly blacklist: readonly {
    readonly id: string;
    readonly value: string;
    readonly strength: MatchStrength;
  }[];
}

export interface WalletAudit {
  readonly address: string;
  readonly network: string;
  readonly asset: string;
  readonly risk_level: RiskLevel;
  readonly alerts: readonly {
    readonly category: string;
    readonly exposureType: string;
    readonly alertLevel: string;
  }[];
}

export interface ParticipantAudit {
  readonly external_id: string;
  readonly entity_type: ParticipantEntityType;
  /** The highest risk of every screened name and wallet. */
  readonly risk_level: RiskLevel;
  readonly subjects: readonly ScreenedSubjectAudit[];
  readonly wallets: readonly WalletAudit[];
}

export interface TransactionAudit {
  readonly rule_set_version: string;
  /** The list versions the screening index was built from, e.g. "ofac-sdn@3". */
  readonly list_versions: readonly string[];
  /** sha256 (hex) of the facts' JSON: proves the stored facts are the ones that were decided on. */
  readonly facts_digest: string;
  readonly facts: DecisionFacts;
  readonly reasons: readonly DecisionReason[];
  readonly usd: { readonly value: number | null; readonly source: UsdSource };
  readonly remitter: ParticipantAudit;
  readonly beneficiary: ParticipantAudit;
}

/** The participant's overall risk: a registration's risk_level, and part of its audit. */
export function riskLevelOf(screening: ParticipantScreening): RiskLevel {
  return highestRiskLevel([
    ...screening.subjects.map((s) => s.result.risk_level),
    ...screening.wallets.map((w) => w.findings.risk_level),
  ]);
}

export function participantAudit(
  screening: ParticipantScreening,
  suppressed?: SuppressedMatches,
): ParticipantAudit {
  return {
    external_id: screening.participant.external_id,
    entity_type: screening.participant.entity_type,
    risk_level: riskLevelOf(screening),
    subjects: screening.subjects.map(({ relation, name, external_id, result }) => ({
      relation,
      name,
      external_id,
      screening_id: result.id,
      risk_level: result.risk_level,
      matches: result.response.map((m) => ({
        list: m.list,
        entity_id: m.entityId,
        name: m.name,
        strength: m.strength,
        score: m.score,
        categories: m.providerCategory,
        programs: m.keywordsExtended.map((k) => k.name),
        secondary_fields: m.secondaryFieldResults,
        explanation: m.explanation ?? null,
        suppressed_by: suppressed?.get(m) ?? null,
      })),
      blacklist: result.blacklistMatches.map((b) => ({ id: b.id, value: b.value, strength: b.strength })),
    })),
    wallets: screening.wallets.map(({ wallet, findings }) => ({
      address: wallet.address,
      network: wallet.network,
      asset: wallet.asset,
      risk_level: findings.risk_level,
      alerts: findings.alerts.map((a) => ({
        category: a.category,
        exposureType: a.exposureType,
        alertLevel: a.alertLevel,
      })),
    })),
  };
}

/** Facts are built with a fixed key order (build-facts.ts), so their JSON is canonical as it stands. */
export function factsDigest(facts: DecisionFacts): string {
  return hash('sha256', JSON.stringify(facts), 'hex');
}

export function transactionAudit(input: {
  decision: Decision;
  facts: DecisionFacts;
  listVersions: readonly string[];
  usd: TransactionAudit['usd'];
  remitter: ParticipantScreening;
  beneficiary: ParticipantScreening;
  suppressed?: SuppressedMatches;
}): TransactionAudit {
  return {
    rule_set_version: input.decision.ruleSetVersion,
    list_versions: [...input.listVersions],
    facts_digest: factsDigest(input.facts),
    facts: input.facts,
    reasons: input.decision.reasons,
    usd: input.usd,
    remitter: participantAudit(input.remitter, input.suppressed),
    beneficiary: participantAudit(input.beneficiary, input.suppressed),
  };
}
