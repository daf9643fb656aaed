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
