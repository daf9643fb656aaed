/**
 * The verdict of an onboarding, as a table. Each finding gets the status of the first rule that fits
 * it; the onboarding takes the most severe status of its findings (APPROVED when there are none),
 * and its reason names every finding, most severe first, in plain words.
 *
 * | finding            | category  | strength      | status         | why                                                   |
 * |--------------------|-----------|---------------|----------------|-------------------------------------------------------|
 * | LIST_MATCH         | Sanctions | EXACT, STRONG | REJECTED       | a near-certain sanctions hit on anyone involved blocks it |
 * | LIST_MATCH         | Sanctions | MEDIUM, WEAK  | PENDING_REVIEW | a possible hit needs a person to rule it out           |
 * | LIST_MATCH         | PEP       | any           | PENDING_REVIEW | PEPs are allowed, with enhanced due diligence          |
 * | LIST_MATCH         | any other | any           | PENDING_REVIEW | unknown categories are never waved through             |
 * | DECLARED_PEP       |           |               | PENDING_REVIEW | same as a PEP match                                    |
 * | UNDER_AGE          |           |               | PENDING_REVIEW | a guardian's consent or a wrong birth date can explain it |
 * | EXPIRED_DOCUMENT   |           |               | PENDING_REVIEW | only when the flow's document_expiration is on         |
 * | UNSCREENABLE_PARTY |           |               | PENDING_REVIEW | an unscreened party is a gap, not a clean result       |
 */
import type { ReviewStatus } from '../model/review-status.js';
import { MatchStrength } from '../model/risk.js';
import type { Finding, FindingKind, Subject } from './findings.js';

export interface DecisionRule {
  readonly finding: FindingKind;
  /** For LIST_MATCH: the list category, compared case-insensitively; '*' for any. */
  readonly category?: string;
  readonly strengths?: readonly MatchStrength[];
  readonly status: ReviewStatus;
}

const ANY_STRENGTH = MatchStrength.options;

export const ONBOARDING_DECISION_TABLE: readonly DecisionRule[] = [
  { finding: 'LIST_MATCH', category: 'Sanctions', strengths: ['EXACT', 'STRONG'], status: 'REJECTED' },
  { finding: 'LIST_MATCH', category: 'Sanctions', strengths: ['MEDIUM', 'WEAK'], status: 'PENDING_REVIEW' },
  { finding: 'LIST_MATCH', category: 'PEP', strengths: ANY_STRENGTH, status: 'PENDING_REVIEW' },
  { finding: 'LIST_MATCH', category: '*', strengths: ANY_STRENGTH, status: 'PENDING_REVIEW' },
  { finding: 'DECLARED_PEP', status: 'PENDING_REVIEW' },
  { finding: 'UNDER_AGE', status: 'PENDING_REVIEW' },
  { finding: 'EXPIRED_DOCUMENT', status: 'PENDING_REVIEW' },
  { finding: 'UNSCREENABLE_PARTY', status: 'PENDING_REVIEW' },
];

const SEVERITY: Readonly<Record<ReviewStatus, number>> = { APPROVED: 0, PENDING_REVIEW: 1, REJECTED: 2 };

function fits(rule: DecisionRule, finding: Finding): boolean {
  if (rule.finding !== finding.kind) return false;
  if (finding.kind !== 'LIST_MATCH') return true;
  const category = finding.match.category?.toLowerCase() ?? null;
  const categoryFits = rule.category === '*' || rule.category?.toLowerCase() === category;
  return categoryFits && (rule.strengths ?? ANY_STRENGTH).includes(finding.match.strength);
}

/** The status one finding calls for; a finding no rule fits is reviewed rather than passed. */
export function statusOfFinding(finding: Finding, table = ONBOARDING_DECISION_TABLE): ReviewStatus {
  return table.find((rule) => fits(rule, finding))?.status ?? 'PENDING_REVIEW';
}

function who(subject: Subject): string {
  return `${subject.role} ${subject.name ?? subject.ref ?? '(no id)'}`;
}

/** One sentence per kind of finding: what was found, about whom, from which evidence. */
const SENTENCE: { readonly [K in FindingKind]: (f: Extract<Finding, { kind: K }>) => string } = {
  LIST_MATCH: ({ subject, match }) => {
    const entry = [
      `${match.list ?? 'a watchlist'} entry`,
      match.entityId,
      match.matchedName === null ? null : `"${match.matchedName}"`,
    ];
    const label = [match.category, match.strength].filter((part) => part !== null).join(', ');
    return `${who(subject)} matches ${entry.filter((part) => part !== null).join(' ')} (${label}).`;
  },
  DECLARED_PEP: ({ subject }) => `${who(subject)} is declared a politically exposed person.`,
  UNDER_AGE: ({ subject, age, threshold }) =>
    `${who(subject)} is ${age}, under the flow's age threshold of ${threshold}.`,
  EXPIRED_DOCUMENT: ({ subject, documentNumber, expiryDate }) =>
    `${who(subject)} presents identity document ${documentNumber}, which expired on ${expiryDate}.`,
  UNSCREENABLE_PARTY: ({ subject }) =>
    `${who(subject)} has no name to screen; give full_name or a document_data.identity_id.`,
};

export function describeFinding(finding: Finding): string {
  const sentence = SENTENCE[finding.kind] as (f: Finding) => string;
  return sentence(finding);
}

export interface Verdict {
  readonly status: ReviewStatus;
  /** null when APPROVED with nothing to say. */
  readonly reason: string | null;
}

/**
 * The status and reason for a set of findings.
 *
 * @example decideOnboarding([]) // { status: 'APPROVED', reason: null }
 */
export function decideOnboarding(findings: readonly Finding[], table = ONBOARDING_DECISION_TABLE): Verdict {
  const rated = findings.map((finding) => ({ finding, status: statusOfFinding(finding, table) }));
  if (rated.length === 0) return { status: 'APPROVED', reason: null };
  // A stable sort keeps findings of equal severity in reading order.
  rated.sort((a, b) => SEVERITY[b.status] - SEVERITY[a.status]);
  return {
    status: rated[0]!.status,
    reason: rated.map(({ finding }) => describeFinding(finding)).join(' '),
  };
}
