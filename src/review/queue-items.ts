/**
 * Queue items (model/review-queue.ts) from the stored records: a transaction's audit trail holds
 * every match its screening saw and every rule that fired; an onboarding's screening audit holds its
 * matches and findings (onboarding-queue-details.ts).
 */
import type { OnboardingAudit } from '../model/onboarding-audit.js';
import type { OnboardingRecord } from '../model/onboarding.js';
import type { ReviewDecision } from '../model/review-decision.js';
import { QUEUE_AGES, type QueueItem, type QueueMatch, type QueueQuery } from '../model/review-queue.js';
import type { ParticipantAudit, StoredTransaction } from '../transactions/index.js';
import { onboardingMatches, onboardingRules } from './onboarding-queue-details.js';

/** "ofac-sdn@3" style version ids of the audit, by list. */
function versionOf(listVersions: readonly string[], list: string): string | null {
  return listVersions.find((v) => v.startsWith(`${list}@`)) ?? null;
}

function matchesOf(
  participant: QueueMatch['participant'],
  audit: ParticipantAudit,
  listVersions: readonly string[],
): QueueMatch[] {
  return audit.subjects.flatMap((subject) =>
    subject.matches.map((m) => ({
      participant,
      customer_external_id: audit.external_id,
      query_name: subject.name,
      relation: subject.relation,
      list: m.list,
      entity_id: m.entity_id,
      listed_name: m.name,
      strength: m.strength,
      score: m.score,
      categories: [...m.categories],
      programs: [...(m.programs ?? [])],
      list_version: versionOf(listVersions, m.list),
      secondary_fields: [...(m.secondary_fields ?? [])],
      explanation: m.explanation ?? null,
      suppressed_by: m.suppressed_by ?? null,
    })),
  );
}

export function transactionQueueItem(stored: StoredTransaction, pending: ReviewDecision | null): QueueItem {
  const { report, audit } = stored;
  return {
    kind: 'TRANSACTION',
    subject: report.external_transaction_id,
    state: report.transaction.state,
    created_at: report.request_at,
    reason: report.transaction.reasons_rejection_analysis,
    matches:
      audit === null
        ? []
        : [
            ...matchesOf('REMITTER', audit.remitter, audit.list_versions),
            ...matchesOf('BENEFICIARY', audit.beneficiary, audit.list_versions),
          ],
    rules: (audit?.reasons ?? []).map((r) => ({ rule_id: r.ruleId, outcome: r.outcome, text: r.text })),
    pending_decision: pending,
  };
}

/** An onboarding's matches and findings come from its screening audit; one created before audits lists none. */
export function onboardingQueueItem(
  record: OnboardingRecord,
  pending: ReviewDecision | null,
  audit: OnboardingAudit | null = null,
): QueueItem {
  return {
    kind: 'ONBOARDING',
    subject: record._id,
    state: record.status,
    created_at: Date.parse(record.createdAt),
    reason: record.reason,
    matches: audit === null ? [] : onboardingMatches(audit),
    rules: audit === null ? [] : onboardingRules(audit),
    pending_decision: pending,
  };
}

/** The query's strength and list filters: items with at least one such match. */
export function matchesFilters(item: QueueItem, query: Pick<QueueQuery, 'strength' | 'list'>): boolean {
  if (query.strength === undefined && query.list === undefined) return true;
  return item.matches.some(
    (m) =>
      (query.strength === undefined || m.strength === query.strength) &&
      (query.list === undefined || m.list === query.list),
  );
}

/** The query's min_age filter: items waiting at least that long. */
export function waitedLongEnough(item: QueueItem, query: Pick<QueueQuery, 'min_age'>, now: number): boolean {
  return query.min_age === undefined || now - item.created_at >= QUEUE_AGES[query.min_age];
}
