/**
 * What an onboarding's queue item shows from its screening audit (model/onboarding-audit.ts), in the
 * terms a transaction's item uses: each list match of the applicant, the company or a party, and the
 * findings that are not list matches (declared PEP, under age, expired document, unscreenable party)
 * as rules, so a reviewer sees at once why the onboarding waits for a review.
 */
import type { OnboardingAudit, SubjectRole } from '../model/onboarding-audit.js';
import type { QueueMatch, QueueRule } from '../model/review-queue.js';

/** A role in a transaction audit's words where it has them (screen-participant.ts's SubjectRelation). */
const RELATION_OF_ROLE: Readonly<Record<SubjectRole, string>> = {
  Applicant: 'natural_person',
  Company: 'company',
  'Final beneficiary': 'final_beneficiary',
  'Legal representative': 'legal_representative',
  'Cash controller': 'cash_controller',
  'Identity holder': 'identity_holder',
};

/**
 * Every audited match, in reading order; a party's id stands where a transaction gives the
 * participant's external_id (the applicant and the company have none beyond the onboarding's own).
 */
export function onboardingMatches(audit: OnboardingAudit): QueueMatch[] {
  return audit.subjects.flatMap((subject) =>
    subject.matches.map((m) => ({
      participant: 'APPLICANT' as const,
      customer_external_id: subject.ref,
      query_name: subject.name,
      relation: RELATION_OF_ROLE[subject.role],
      list: m.list,
      entity_id: m.entity_id,
      listed_name: m.name,
      strength: m.strength,
      score: m.score,
      categories: [...m.categories],
      programs: [...m.programs],
      list_version: m.list_version,
      secondary_fields: [...m.secondary_fields],
      explanation: m.explanation,
      // Onboardings are not re-screened by transactions, so no suppression ever skips their matches.
      suppressed_by: null,
    })),
  );
}

/** The findings besides list matches, each with the status the decision table gave it. */
export function onboardingRules(audit: OnboardingAudit): QueueRule[] {
  return audit.findings
    .filter((f) => f.kind !== 'LIST_MATCH')
    .map((f) => ({ rule_id: f.kind, outcome: f.status, text: f.text }));
}
