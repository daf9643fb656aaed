/**
 * The document type catalog (spec: List Document types): for every country, the document codes a
 * person or a company may be identified by. Every country offers the generic codes (PASSPORT,
 * NATIONAL_ID…, TAX_ID, REGISTRATION_NUMBER); common countries add their own (COL CC, MEX CURP…).
 */
import { z } from 'zod';
import { nameSchema } from './schema-names.js';
import { COUNTRIES } from './tables/countries.js';
import {
  COUNTRY_DOCUMENT_TYPES,
  GENERIC_COMPANY_DOCUMENT_TYPES,
  GENERIC_PERSON_DOCUMENT_TYPES,
} from './tables/document-types.js';
import { MAX_CODE_CHARS } from './scalars.js';

/**
 * The form of a document type code. Requests are not checked against the catalog itself: clients of the
 * original service may send codes its (unpublished) catalog had and ours lacks; `isDocumentType` lets
 * the core flag them instead of refusing the request.
 */
const NOT_A_DOCUMENT_TYPE =
  'must be a document type code from the document type catalog, e.g. PASSPORT or CC';

export const DocumentTypeCode = z
  .string()
  .trim()
  .toUpperCase()
  .max(MAX_CODE_CHARS, { error: NOT_A_DOCUMENT_TYPE, abort: true })
  .regex(/^[A-Z0-9][A-Z0-9_-]{0,39}$/, { error: NOT_A_DOCUMENT_TYPE })
  .describe('Document type code from the document type catalog (case-insensitive, returned upper case)');
export type DocumentTypeCode = z.infer<typeof DocumentTypeCode>;
nameSchema(DocumentTypeCode, 'DocumentTypeCode');

export const DocumentHolder = z.enum(['person', 'company']);
export type DocumentHolder = z.infer<typeof DocumentHolder>;

export const LocType = z.object({
  type: z.string().describe('Document type code, the value to send as document_type'),
  name: z.string().describe('Name of the document in its country'),
});
export type LocType = z.infer<typeof LocType>;

export const DocumentTypeCatalogEntry = z.object({
  code: z.string().describe('ISO 3166-1 alpha-3 code of the issuing country'),
  name: z.string().describe('Country name'),
  locTypes: z.array(LocType),
});
export type DocumentTypeCatalogEntry = z.infer<typeof DocumentTypeCatalogEntry>;

export const DocumentTypeCatalogResponse = z.object({
  person: z.array(DocumentTypeCatalogEntry),
  company: z.array(DocumentTypeCatalogEntry),
});
export type DocumentTypeCatalogResponse = z.infer<typeof DocumentTypeCatalogResponse>;
nameSchema(DocumentTypeCatalogResponse, 'DocumentTypeCatalogResponse');

const GENERIC: Record<DocumentHolder, readonly LocType[]> = {
  person: GENERIC_PERSON_DOCUMENT_TYPES,
  company: GENERIC_COMPANY_DOCUMENT_TYPES,
};

function catalogFor(holder: DocumentHolder): DocumentTypeCatalogEntry[] {
  return COUNTRIES.map((country) => ({
    code: country.alpha3,
    name: country.name,
    locTypes: [...(COUNTRY_DOCUMENT_TYPES[country.alpha3]?.[holder] ?? []), ...GENERIC[holder]],
  }));
}

/** The response of List Document types, built once. */
export const DOCUMENT_TYPE_CATALOG: DocumentTypeCatalogResponse = {
  person: catalogFor('person'),
  company: catalogFor('company'),
};

function codesOf(types: readonly LocType[]): Set<string> {
  return new Set(types.map((t) => t.type));
}

const GENERIC_CODES: Record<DocumentHolder, ReadonlySet<string>> = {
  person: codesOf(GENERIC_PERSON_DOCUMENT_TYPES),
  company: codesOf(GENERIC_COMPANY_DOCUMENT_TYPES),
};

const COUNTRY_CODES = Object.entries(COUNTRY_DOCUMENT_TYPES).map(([country, byHolder]) => ({
  country,
  person: codesOf(byHolder.person),
  company: codesOf(byHolder.company),
}));

/**
 * True when the catalog offers `code` to `holder`s of `country`. With no country (a document whose
 * issuer is unknown), a code of any country is accepted. Codes are compared case-insensitively.
 *
 * @example isDocumentType('COL', 'cc', 'person') // true; isDocumentType('MEX', 'CC', 'person') // false
 */
export function isDocumentType(country: string | null, code: string, holder: DocumentHolder): boolean {
  const wanted = code.trim().toUpperCase();
  if (GENERIC_CODES[holder].has(wanted)) return true;
  const issuer = country?.trim().toUpperCase() ?? null;
  return COUNTRY_CODES.some((c) => (issuer === null || c.country === issuer) && c[holder].has(wanted));
}
