/**
 * The automated analysis of one transaction: screen both parties (and, for CRYPTO, the receiving
 * wallet), build the facts, run the compiled rules, and assemble the audit trail. No store, no
 * webhook: the service commits what this returns, and the bench times exactly this.
 */
import { decideTransaction, type CompiledRuleSet } from '../decision/compile.js';
import type { DecisionState } from '../model/decision.js';
import type { ScreeningMatch } from '../model/screening-result.js';
import type { CryptoWallet } from '../model/participant.js';
import { transactionAudit } from './audit.js';
import {
  amountFacts,
  decisionFacts,
  decisionSettingsOf,
  participantFacts,
  usdValueOf,
  type SuppressedMatches,
  type UsdRates,
} from './build-facts.js';
import type { SettingsOf, SuppressionPort } from './ports.js';
import type { TransactionBody } from './request-hash.js';
import { screenParticipant, type ParticipantScreening, type ScreeningPorts } from './screen-participant.js';
import type { AnalysisOutcome } from './transaction-record.js';

export interface AnalysisDeps {
  readonly ports: ScreeningPorts;
  readonly rules: CompiledRuleSet;
  readonly settingsOf: SettingsOf;
  readonly listVersions: () => readonly string[];
  readonly now: () => number;
  readonly usdRates?: UsdRates | undefined;
  readonly suppressions?: SuppressionPort | undefined;
}

export interface TransactionAnalysis extends AnalysisOutcome {
  readonly state: DecisionState;
}

/**
 * The matches of the participants' own decided false positives: keyed by the participant's
 * external_id, so another customer of the same name still raises the alert.
 */
function suppressedMatches(
  port: SuppressionPort | undefined,
  clientId: string,
  screenings: readonly ParticipantScreening[],
): SuppressedMatches {
  const suppressed = new Map<ScreeningMatch, string>();
  if (port === undefined) return suppressed;
  for (const { participant, subjects } of screenings) {
    for (const subject of subjects) {
      for (const m of subject.result.response) {
        const decision = port.find(clientId, participant.external_id, m.list, m.entityId);
        if (decision !== null) suppressed.set(m, decision);
      }
    }
  }
  return suppressed;
}

/** @example (await analyzeTransaction(deps, clientId, transactionBodyOf(request), 'txn_1')).state // 'REJECTED' */
export async function analyzeTransaction(
  deps: AnalysisDeps,
  clientId: string,
  body: TransactionBody,
  transactionId: string,
): Promise<TransactionAnalysis> {
  const { transaction: tx, remitter, beneficiary } = body;
  const settings = deps.settingsOf(clientId);
  // The receiving wallet of a CRYPTO transaction is the beneficiary's, whatever its entity_type.
  const receiving: CryptoWallet[] =
    tx.transaction_type === 'CRYPTO'
      ? [{ address: tx.receiving_wallet, network: tx.network, asset: tx.asset }]
      : [];
  const remitterScreening = await screenParticipant(deps.ports, clientId, remitter, [], transactionId);
  const beneficiaryScreening = await screenParticipant(
    deps.ports,
    clientId,
    beneficiary,
    receiving,
    transactionId,
  );
  const usd = usdValueOf(tx, deps.usdRates);
  const blacklistEnabled = settings.blacklist.enabled;
  const suppressed = suppressedMatches(deps.suppressions, clientId, [
    remitterScreening,
    beneficiaryScreening,
  ]);
  const facts = decisionFacts(
    participantFacts('REMITTER', remitterScreening, blacklistEnabled, suppressed),
    participantFacts('BENEFICIARY', beneficiaryScreening, blacklistEnabled, suppressed),
    amountFacts(tx, usd.usd),
    decisionSettingsOf(settings),
  );
  const decision = decideTransaction(deps.rules, facts);
  const audit = transactionAudit({
    decision,
    facts,
    listVersions: deps.listVersions(),
    usd: { value: usd.usd, source: usd.source },
    remitter: remitterScreening,
    beneficiary: beneficiaryScreening,
    suppressed,
  });
  return {
    state: decision.state,
    analyzedAt: deps.now(),
    reasons_rejection_analysis: decision.reasonText,
    audit,
  };
}
