/**
 * The searchable facts of one onboarding: the names, documents and emails of its entity (the
 * individual or the company), of its identities and of the company's parties, folded once so every
 * filter compares like with like. Folding is private to search: it must make "Ríos" find "RIOS" and
 * "1.037.612-345" find "1037612345", nothing more (name matching proper lives in names/).
 */
import anyAscii from 'any-ascii';
import type { Identity } from '../model/identity.js';
import type { OnboardingRecord } from '../model/onboarding.js';

/** Case, diacritics and script folded (any-ascii), spaces collapsed: "  Ríos  CASTAÑO" → "rios castano". */
export function foldText(text: string): string {
  return anyAscii(text.normalize('NFKC')).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A document or register number with its punctuation and spaces dropped: "1.037.612-345" → "1037612345". */
export function compactCode(text: string): string {
  return foldText(text).replace(/[^a-z0-9]/g, '');
}

export interface DocumentFact {
  /** compactCode of the number */
  readonly number: string;
  /** ISO alpha-3 of the issuing (or registering) country, when known */
  readonly country: string | null;
}

export interface OnboardingFacts {
  /** Folded full names of the entity: the individual's name, each identity's "first last", the company name. */
  readonly fullNames: readonly string[];
  /** Folded first and last names of the onboarding's identities. */
  readonly firstNames: readonly string[];
  readonly lastNames: readonly string[];
  /** The entity's documents: identity documents; for a company its register and tax numbers. */
  readonly documents: readonly DocumentFact[];
  /** compactCode of each identity's personal number. */
  readonly personalNumbers: readonly string[];
  /** Folded free text: every name, email and document/register/tax number, parties' included. */
  readonly text: readonly string[];
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value !== '';

/** What the onboarding's own data (not its identities) contributes. */
interface EntityData {
  readonly name: string;
  readonly documents: readonly { number: string | null; country: string | null }[];
  readonly codes: readonly (string | null | undefined)[];
  readonly otherText: readonly (string | null)[];
}

function entityData(data: OnboardingRecord['data']): EntityData {
  if (data.type === 'INDIVIDUAL') {
    const person = data.data_individual;
    return { name: person.name, documents: [], codes: [], otherText: [person.email] };
  }
  const company = data.data_company;
  const parties = [
    ...company.final_beneficiaries,
    ...company.legal_representatives,
    ...company.cash_controllers,
  ];
  return {
    name: company.name,
    documents: [
      { number: company.register_number, country: company.country_constitution },
      {
        number: company.tax_number,
        country: company.tax_residence_country_code ?? company.country_constitution,
      },
    ],
    codes: [company.register_number, company.tax_number, ...parties.map((p) => p.tax_identification?.number)],
    otherText: [company.email, ...parties.flatMap((p) => [p.full_name, p.email])],
  };
}

/** The facts of one onboarding, given the identities it lists (missing ones already dropped). */
export function factsOf(record: OnboardingRecord, identities: readonly Identity[]): OnboardingFacts {
  const entity = entityData(record.data);
  const names = [
    entity.name,
    ...identities.map((i) => [i.first_name, i.last_name].filter(present).join(' ')),
  ];
  const documents = [
    ...identities.map((i) => ({ number: i.document_number, country: i.issue_country_iso3 })),
    ...entity.documents,
  ];
  const codes = [
    ...identities.flatMap((i) => [i.document_number, i.personal_number]),
    ...entity.codes,
  ].filter(present);
  return {
    fullNames: names.filter(present).map(foldText),
    firstNames: identities
      .map((i) => i.first_name)
      .filter(present)
      .map(foldText),
    lastNames: identities.map((i) => foldText(i.last_name)),
    documents: documents.flatMap((d) =>
      present(d.number) ? [{ number: compactCode(d.number), country: d.country }] : [],
    ),
    personalNumbers: identities
      .map((i) => i.personal_number)
      .filter(present)
      .map(compactCode),
    // Codes go in as written and compacted, so "N-2011" and "n2011" both find "N-2011012345".
    text: [...names, ...entity.otherText.filter(present), ...codes]
      .map(foldText)
      .concat(codes.map(compactCode)),
  };
}
