/**
 * What an onboarding's screening found, as the review queue and an auditor read it (issue #30): each
 * list match of the applicant, the company and every party, and every finding with the status the
 * decision table gave it. A Warden record kept beside the onboarding (one per onboarding, same id),
 * never part of the spec's onboarding record: responses are written with plain JSON.stringify and
 * webhooks carry the record, so a field on it would reach every client.
 */
import { z } from 'zod';
import { ReviewStatus } from './review-status.js';
import { MatchStrength } from './risk.js';
import { MatchExplanation, SecondaryFieldResult } from './screening-result.js';
import { IsoDateTime } from './scalars.js';

/**
 * Matches kept per screened name, as a transaction's audit keeps them: screening reports at most 10
 * (screen.ts's default limit), and a company with 100 parties per list must not store thousands.
 */
export const MAX_AUDITED_MATCHES = 10;

export const SubjectRole = z.enum([
  'Applicant',
  'Identity holder',
  'Company',
  'Final beneficiary',
  'Legal representative',
  'Cash controller',
]);
export type SubjectRole = z.infer<typeof SubjectRole>;

export const OnboardingListMatch = z.object({
  list: z.string(),
  entity_id: z.string().describe("The list's own identifier of the entry (OFAC ent_num, UN reference…)"),
  name: z.string().describe("The listed entity's primary name"),
  strength: MatchStrength,
  score: z.number(),
  categories: z.array(z.string()).describe('e.g. Sanctions, PEP'),
  programs: z.array(z.string()).describe('Sanctions programmes of the listed entity, e.g. SDGT'),
  list_version: z.string().nullable().describe('e.g. "ofac-sdn@3"; null when the screening did not say'),
  secondary_fields: z.array(SecondaryFieldResult),
  explanation: MatchExplanation.nullable(),
});
export type OnboardingListMatch = z.infer<typeof OnboardingListMatch>;

export const ScreenedOnboardingSubject = z.object({
  role: SubjectRole,
  name: z.string().describe('The name as screened'),
  ref: z.string().nullable().describe('The party id, for parties'),
  matches: z.array(OnboardingListMatch).max(MAX_AUDITED_MATCHES).describe('Strongest first'),
});
export type ScreenedOnboardingSubject = z.infer<typeof ScreenedOnboardingSubject>;

export const OnboardingFindingKind = z.enum([
  'LIST_MATCH',
  'DECLARED_PEP',
  'UNDER_AGE',
  'EXPIRED_DOCUMENT',
  'UNSCREENABLE_PARTY',
]);
export type OnboardingFindingKind = z.infer<typeof OnboardingFindingKind>;

export const AuditedFinding = z.object({
  kind: OnboardingFindingKind,
  role: SubjectRole,
  name: z.string().nullable().describe('null only for a party that gave none'),
  ref: z.string().nullable().describe('The party id, for parties'),
  status: ReviewStatus.describe('What the decision table made of this finding'),
  text: z.string().describe("The finding's sentence in the onboarding's reason"),
});
export type AuditedFinding = z.infer<typeof AuditedFinding>;

export const OnboardingAudit = z.object({
  onboarding_id: z.string(),
  screened_at: IsoDateTime,
  subjects: z
    .array(ScreenedOnboardingSubject)
    .describe('Every screened name with at least one match, in reading order: applicant, company, parties'),
  findings: z.array(AuditedFinding).describe('Every finding, in the same order'),
});
export type OnboardingAudit = z.infer<typeof OnboardingAudit>;
