/**
 * The audit of an onboarding's screening (model/onboarding-audit.ts), built from its findings when it
 * is created, and the record that keeps it: collection "onboarding_audits", one per onboarding under
 * the same id, so the spec's onboarding record stays exactly the spec's. Onboardings are screened
 * only when created (a status change never re-screens), so the audit is written once.
 */
import {
  MAX_AUDITED_MATCHES,
  type OnboardingAudit,
  type ScreenedOnboardingSubject,
} from '../model/onboarding-audit.js';
import type { RecordStore } from '../store/store.js';
import { describeFinding, statusOfFinding } from './decision.js';
import type { Finding } from './findings.js';

export const ONBOARDING_AUDITS_COLLECTION = 'onboarding_audits';

/**
 * Every finding with its status and sentence, and the matches behind each LIST_MATCH finding.
 *
 * @example onboardingAudit('onboarding_1', findings, '2026-05-01T10:00:00.000Z')
 */
export function onboardingAudit(
  onboardingId: string,
  findings: readonly Finding[],
  at: string,
): OnboardingAudit {
  const subjects: ScreenedOnboardingSubject[] = [];
  for (const finding of findings) {
    // A LIST_MATCH finding is made only for a screened name, so its subject has one.
    if (finding.kind !== 'LIST_MATCH' || finding.subject.name === null) continue;
    const { role, name, ref } = finding.subject;
    subjects.push({ role, name, ref, matches: finding.match.matches.slice(0, MAX_AUDITED_MATCHES) });
  }
  return {
    onboarding_id: onboardingId,
    screened_at: at,
    subjects,
    findings: findings.map((finding) => ({
      kind: finding.kind,
      role: finding.subject.role,
      name: finding.subject.name,
      ref: finding.subject.ref,
      status: statusOfFinding(finding),
      text: describeFinding(finding),
    })),
  };
}

/** Written before the onboarding it describes, as the flow instance is: never an onboarding without it. */
export function saveOnboardingAudit(
  records: RecordStore,
  clientId: string,
  audit: OnboardingAudit,
): Promise<void> {
  const at = Date.parse(audit.screened_at);
  return records.put(
    {
      collection: ONBOARDING_AUDITS_COLLECTION,
      id: audit.onboarding_id,
      client_id: clientId,
      key: null,
      created_at: at,
      updated_at: at,
      data: audit,
    },
    { handOver: true },
  );
}

/** The audit of an onboarding; null for one created before audits were kept. */
export async function readOnboardingAudit(
  records: RecordStore,
  clientId: string,
  onboardingId: string,
): Promise<OnboardingAudit | null> {
  return (
    (await records.get<OnboardingAudit>(ONBOARDING_AUDITS_COLLECTION, clientId, onboardingId))?.data ?? null
  );
}
