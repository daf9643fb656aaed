/**
 * What the checks of an onboarding found, before any verdict: list matches of the applicant, the
 * company and every party, declared PEPs, an applicant under the flow's age, an expired document,
 * a party with no name to screen. Pure: the clock and the screening engine come in as arguments.
 * The verdict is decision.ts's job, from a table.
 */
import type { Identity, NewIdentity } from '../model/identity.js';
import type { ConfigService, NewOnboardingData, Party } from '../model/onboarding-data.js';
import type { SubjectRole } from '../model/onboarding-audit.js';
import type { MatchStrength } from '../model/risk.js';
import type { OnboardingScreening, ScreeningOutcome } from './screening-port.js';

export type { SubjectRole };

/** Who a finding is about; `name` is null only for a party that gave none. */
export interface Subject {
  readonly role: SubjectRole;
  readonly name: string | null;
  /** The party id, for parties. */
  readonly ref: string | null;
}

export type ListMatch = ScreeningOutcome & { readonly strength: MatchStrength };

export type Finding =
  | { readonly kind: 'LIST_MATCH'; readonly subject: Subject; readonly match: ListMatch }
  | { readonly kind: 'DECLARED_PEP'; readonly subject: Subject }
  | {
      readonly kind: 'UNDER_AGE';
      readonly subject: Subject;
      readonly age: number;
      readonly threshold: number;
    }
  | {
      readonly kind: 'EXPIRED_DOCUMENT';
      readonly subject: Subject;
      readonly documentNumber: string;
      readonly expiryDate: string;
    }
  | { readonly kind: 'UNSCREENABLE_PARTY'; readonly subject: Subject };

export type FindingKind = Finding['kind'];

/** Findings about the identity document itself; they also decide the identity's own status. */
export const IDENTITY_FINDINGS: ReadonlySet<FindingKind> = new Set(['UNDER_AGE', 'EXPIRED_DOCUMENT']);

export interface OnboardingChecksInput {
  readonly data: NewOnboardingData;
  readonly identity: NewIdentity | null;
  readonly config: ConfigService;
  /** Epoch milliseconds: the day against which age and expiry are measured (UTC). */
  readonly now: number;
  readonly screening: OnboardingScreening;
  /** A stored identity of the same client, for parties that reference one by document_data.identity_id. */
  readonly identityById: (id: string) => Identity | undefined;
}

const PARTY_ROLES = [
  ['final_beneficiaries', 'Final beneficiary'],
  ['legal_representatives', 'Legal representative'],
  ['cash_controllers', 'Cash controller'],
] as const satisfies readonly (readonly [string, SubjectRole])[];

/** Runs every check and returns the findings in the order a reader meets them: applicant, company, parties. */
export function findOnboardingFindings(input: OnboardingChecksInput): Finding[] {
  const findings: Finding[] = [];
  const { data, identity, screening } = input;
  if (data.type === 'INDIVIDUAL') {
    const person = data.data_individual;
    const subject: Subject = { role: 'Applicant', name: person.name, ref: null };
    pushMatch(findings, subject, screening.screenPerson(personQuery(person.name, identity)));
    if (person.is_pep === true) findings.push({ kind: 'DECLARED_PEP', subject });
    if (identity !== null) findings.push(...identityFindings(subject, identity, input));
  } else {
    const company = data.data_company;
    const subject: Subject = { role: 'Company', name: company.name, ref: null };
    pushMatch(
      findings,
      subject,
      screening.screenOrganization({
        name: company.name,
        country: company.country_constitution ?? undefined,
      }),
    );
    if (identity !== null) {
      const holder: Subject = { role: 'Identity holder', name: identityName(identity), ref: null };
      findings.push(...identityFindings(holder, identity, input));
    }
    for (const [field, role] of PARTY_ROLES) {
      for (const party of company[field]) findings.push(...partyFindings(role, party, input));
    }
  }
  return findings;
}

function pushMatch(findings: Finding[], subject: Subject, outcome: ScreeningOutcome): void {
  const { strength } = outcome;
  if (strength !== null) findings.push({ kind: 'LIST_MATCH', subject, match: { ...outcome, strength } });
}

function identityName(identity: Pick<NewIdentity, 'first_name' | 'last_name'>): string {
  return [identity.first_name, identity.last_name].filter((part) => part !== null).join(' ');
}

// The issuing country stands in for nationality: passports and national ids are issued by it.
function personQuery(fullName: string, identity: NewIdentity | Identity | null) {
  return {
    full_name: fullName,
    birth_date: identity?.birth_date ?? undefined,
    nationality: identity?.issue_country_iso3,
    document_number: identity?.document_number,
  };
}

function partyFindings(role: SubjectRole, party: Party, input: OnboardingChecksInput): Finding[] {
  const identityId = party.document_data?.identity_id ?? null;
  const linked = identityId === null ? undefined : input.identityById(identityId);
  const name = party.full_name ?? (linked === undefined ? null : identityName(linked));
  const subject: Subject = { role, name, ref: party.id };
  const findings: Finding[] = [];
  if (name === null) {
    // A party nobody can screen is a gap in the check, not a clean result.
    findings.push({ kind: 'UNSCREENABLE_PARTY', subject });
  } else {
    const query = personQuery(name, linked ?? null);
    const outcome = input.screening.screenPerson({
      ...query,
      nationality: query.nationality ?? party.document_data?.country ?? party.birth_country ?? undefined,
      // Lists carry tax ids too (OFAC's R.F.C., NIT): the best document a party without an identity has.
      document_number: query.document_number ?? party.tax_identification?.number,
    });
    pushMatch(findings, subject, outcome);
  }
  if (party.is_pep === true) findings.push({ kind: 'DECLARED_PEP', subject });
  return findings;
}

function identityFindings(subject: Subject, identity: NewIdentity, input: OnboardingChecksInput): Finding[] {
  const findings: Finding[] = [];
  const today = new Date(input.now).toISOString().slice(0, 10);
  const { age_threshold, document_expiration } = input.config;
  // Without a birth date the age cannot be known; the document check is the place to demand one.
  if (identity.birth_date !== null) {
    const age = ageOn(identity.birth_date, today);
    if (age < age_threshold) findings.push({ kind: 'UNDER_AGE', subject, age, threshold: age_threshold });
  }
  const expiry = identity.expiry_date ?? null;
  // A document is valid through its expiry day.
  if (document_expiration && expiry !== null && expiry < today) {
    findings.push({
      kind: 'EXPIRED_DOCUMENT',
      subject,
      documentNumber: identity.document_number,
      expiryDate: expiry,
    });
  }
  return findings;
}

/**
 * Whole years from a YYYY-MM-DD birth date to a YYYY-MM-DD day; a 29 February birthday falls on
 * 1 March in common years.
 *
 * @example ageOn('2008-05-02', '2026-05-01') // 17
 */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}
