/** A screening request turned into what the matcher compares: a prepared name and folded secondary fields. */
import type { IndividualQuery, OrganizationQuery } from '../model/screening.js';
import type { NameKind, PreparedName } from '../names/index.js';
import { foldDocumentNumber, type EntityIndex } from './entity-index.js';

export type Subject = 'INDIVIDUAL' | 'ORGANIZATION';

export interface PreparedQuery {
  readonly subject: Subject;
  readonly name: PreparedName;
  readonly nameTransposition: boolean;
  /** YYYY-MM-DD. */
  readonly birthDate: string | null;
  readonly gender: 'male' | 'female' | null;
  readonly citizenship: string | null;
  readonly residence: string | null;
  readonly placeOfBirth: string | null;
  /** The organization's country (incorporation or operation). */
  readonly country: string | null;
  readonly documentNumber: string | null;
}

const KIND: Readonly<Record<Subject, NameKind>> = { INDIVIDUAL: 'individual', ORGANIZATION: 'organization' };

function genderOf(gender: IndividualQuery['gender']): PreparedQuery['gender'] {
  return gender === 'MALE' ? 'male' : gender === 'FEMALE' ? 'female' : null;
}

export function prepareIndividualQuery(index: EntityIndex, q: IndividualQuery): PreparedQuery {
  return {
    subject: 'INDIVIDUAL',
    name: index.names.prepare(q.full_name, KIND.INDIVIDUAL),
    nameTransposition: q.nameTransposition,
    birthDate: q.date_of_birth,
    gender: genderOf(q.gender),
    citizenship: q.citizenship,
    residence: q.residence,
    placeOfBirth: q.place_of_birth,
    country: null,
    documentNumber: q.identification_number ? foldDocumentNumber(q.identification_number) : null,
  };
}

export function prepareOrganizationQuery(index: EntityIndex, q: OrganizationQuery): PreparedQuery {
  return {
    subject: 'ORGANIZATION',
    name: index.names.prepare(q.name, KIND.ORGANIZATION),
    nameTransposition: q.nameTransposition,
    birthDate: null,
    gender: null,
    citizenship: null,
    residence: null,
    placeOfBirth: null,
    country: q.country,
    documentNumber: q.identification_number ? foldDocumentNumber(q.identification_number) : null,
  };
}

/**
 * An IndividualQuery from the few fields a participant or an onboarding party carries (already
 * validated where they came in); the rest take the request defaults.
 */
export function personQuery(p: {
  readonly full_name: string;
  readonly birth_date?: string | null;
  readonly nationality?: string | null;
  readonly document_number?: string | null;
}): IndividualQuery {
  return {
    full_name: p.full_name,
    gender: null,
    date_of_birth: p.birth_date ?? null,
    residence: null,
    place_of_birth: null,
    citizenship: p.nationality ?? null,
    issuer_country: null,
    identification_type: null,
    identification_number: p.document_number ?? null,
    nameTransposition: true,
  };
}

/** An OrganizationQuery from a name and, when known, a country and a registration number. */
export function companyQuery(c: {
  readonly name: string;
  readonly country?: string | null;
  readonly identification_number?: string | null;
}): OrganizationQuery {
  return {
    name: c.name,
    country: c.country ?? '',
    identification_number: c.identification_number ?? null,
    nameTransposition: true,
  };
}
