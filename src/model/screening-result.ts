/**
 * The screening result (spec: Individual screening result; Organizations Analysis answers the same
 * shape): the case, the request echo, and one match object per list entity that resembles the subject.
 * Warden additions to the match object are marked "Warden addition"; the spec neither shows nor forbids
 * them, and clients that ignore unknown fields are unaffected.
 */
import { z } from 'zod';
import { BlacklistNameMatch } from './blacklist.js';
import { DateObject } from './dates.js';
import type { AliasKind } from './entity.js';
import { CountryCode } from './reference.js';
import { MatchStrength, RiskLevel } from './risk.js';
import { EpochMillis } from './scalars.js';
import { nameSchema } from './schema-names.js';

/** How a name stands to its entity: the primary name, or one of the list's alias kinds. */
export const NameType = z
  .enum(['PRIMARY', 'AKA', 'FKA', 'NKA', 'LOW_QUALITY_AKA', 'NATIVE_AKA', 'ACRONYM'])
  .describe(
    "ACRONYM: the initials of the organization's listed name, which Warden derives (the list need not give it)",
  );
export type NameType = z.infer<typeof NameType>;

/** From the watchlist model's alias kinds to the names the result uses. */
export const NAME_TYPE_BY_ALIAS_KIND: Readonly<Record<AliasKind, NameType>> = {
  aka: 'AKA',
  fka: 'FKA',
  nka: 'NKA',
  weak: 'LOW_QUALITY_AKA',
  native: 'NATIVE_AKA',
};

/** Upper case of the watchlist model's entity types. */
export const ScreeningCategory = z.enum(['INDIVIDUAL', 'ORGANIZATION', 'VESSEL', 'AIRCRAFT', 'WALLET']);
export type ScreeningCategory = z.infer<typeof ScreeningCategory>;

/** What a client can ask to screen. */
export const ScreeningSubjectType = ScreeningCategory.extract(['INDIVIDUAL', 'ORGANIZATION']);
export type ScreeningSubjectType = z.infer<typeof ScreeningSubjectType>;

export const GenderCode = z.enum(['MALE', 'FEMALE', 'UNSPECIFIED']);
export type GenderCode = z.infer<typeof GenderCode>;

/** The request fields besides the name that can confirm or contradict a match. */
export const SecondaryFieldType = z.enum([
  'GENDER',
  'DATE_OF_BIRTH',
  'RESIDENCE',
  'PLACE_OF_BIRTH',
  'CITIZENSHIP',
  'ISSUER_COUNTRY',
  'IDENTIFICATION_TYPE',
  'IDENTIFICATION_NUMBER',
  'COUNTRY',
]);
export type SecondaryFieldType = z.infer<typeof SecondaryFieldType>;

export const ScreeningRequestEcho = z.object({
  vesselCheckOngoingMonitoringAtInitial: z.boolean(),
  mediaCheckOngoingScreeningAtInitial: z.boolean(),
  groupId: z.string(),
  entityTypes: z.array(ScreeningSubjectType),
  providerTypes: z
    .array(z.enum(['WATCHLIST', 'CLIENT_WATCHLIST']))
    .describe('WATCHLIST: public lists and PEPs; CLIENT_WATCHLIST: the client blacklist'),
  clientCaseId: z.string(),
  nameTransposition: z.boolean(),
  caseScreeningState: z
    .enum(['INITIAL', 'ONGOING'])
    .describe('INITIAL for a request, ONGOING for re-screening'),
  names: z.array(z.object({ typeId: NameType, value: z.string() })),
  secondaryFields: z.array(z.object({ typeId: SecondaryFieldType, value: z.string() })),
});
export type ScreeningRequestEcho = z.infer<typeof ScreeningRequestEcho>;

export const SecondaryFieldResult = z.object({
  typeId: SecondaryFieldType,
  result: z.enum(['MATCHED', 'NOT_MATCHED', 'UNKNOWN']).describe('UNKNOWN when the list gives no value'),
  submittedValue: z.string(),
  matchedValue: z.string().nullable(),
});
export type SecondaryFieldResult = z.infer<typeof SecondaryFieldResult>;
nameSchema(SecondaryFieldResult, 'SecondaryFieldResult');

export const TokenSignal = z
  .enum([
    'EXACT',
    'INITIAL',
    'PHONETIC',
    'JARO_WINKLER',
    'LEVENSHTEIN',
    'MERGED',
    'PARTICLE',
    'NICKNAME',
    'ROMANIZATION',
    'ACRONYM',
  ])
  .describe(
    'MERGED: two tokens written as one ("abdul rahman" / "abdulrahman"); PARTICLE: equal without a glued article; NICKNAME: a given name and its short form ("bob" / "robert"); ROMANIZATION: two romanizations of one Korean or Chinese name ("lee" / "ri"); ACRONYM: the initials of an organization\'s name ("irgc")',
  );
export type TokenSignal = z.infer<typeof TokenSignal>;

export const MatchExplanation = z.object({
  matchedName: z.string().describe('The list spelling that scored best'),
  alignments: z.array(
    z.object({
      queryToken: z.string(),
      listToken: z.string(),
      signal: TokenSignal,
      similarity: z.number().min(0).max(1),
    }),
  ),
  unmatchedQueryTokens: z.array(z.string()),
  unmatchedListTokens: z.array(z.string()),
  features: z
    .array(z.object({ name: z.string(), weight: z.number(), value: z.number() }))
    .describe('Every signal that moved the score; a negative weight is evidence against'),
});
export type MatchExplanation = z.infer<typeof MatchExplanation>;
nameSchema(MatchExplanation, 'MatchExplanation');

export const ScreeningMatch = z.object({
  resultId: z.string(),
  name: z.string().describe("The entity's primary name"),
  matchedTerm: z.array(z.object({ term: z.string(), type: NameType })),
  score: z.number().min(0).max(1).describe('Similarity from 0 to 1 after secondary fields'),
  strength: MatchStrength,
  providerCategory: z.array(z.string()).describe('e.g. Sanctions, PEP'),
  keywordsExtended: z
    .array(z.object({ name: z.string(), description: z.string(), category: z.string() }))
    .describe('Sanctions programmes and list keywords, e.g. SDGT'),
  gender: GenderCode.nullable(),
  dateOfBirth: z.array(DateObject),
  placeOfBirth: z.array(z.string()),
  placeOfBirthCountry: z.array(CountryCode),
  countryLocation: z.array(CountryCode),
  residence: z.array(CountryCode),
  nationality: z.array(CountryCode),
  identificationDocument: z.array(z.object({ number: z.string(), type: z.string() })),
  category: ScreeningCategory,
  referenceId: z.string().describe('Stable id of the list record: "<list>:<entityId>"'),
  creationDate: DateObject.nullable().describe('When the list first published the entity; null when unknown'),
  modificationDate: DateObject.nullable().describe(
    'Last change of the entity in its list; null when unknown',
  ),
  matchedDate: DateObject,
  lastAlertDate: DateObject,
  resolutionStatus: z.enum(['POSITIVE', 'POSSIBLE', 'FALSE', 'UNSPECIFIED']).nullable(),
  reviewRequired: z.boolean(),
  list: z.string().describe('Warden addition: source list, e.g. ofac-sdn, un, uk-ofsi'),
  entityId: z.string().describe("Warden addition: the source list's own identifier (OFAC ent_num…)"),
  secondaryFieldResults: z.array(SecondaryFieldResult).describe('Warden addition: per secondary field'),
  explanation: MatchExplanation.optional().describe('Warden addition: token alignment, above WEAK only'),
});
export type ScreeningMatch = z.infer<typeof ScreeningMatch>;
nameSchema(ScreeningMatch, 'ScreeningMatch');

export const ScreeningResult = z.object({
  id: z.string(),
  case_id: z.string(),
  coincidences: z.boolean().describe('True when a match was found'),
  risk_level: RiskLevel,
  rejection_reasons: z.string().describe('Why the subject is considered risky; empty when not'),
  rejected_at: EpochMillis.nullable().describe('Null unless the result rejects the subject'),
  analyzed_at: EpochMillis,
  request_at: EpochMillis,
  id_origin: z.string().nullable(),
  id_field_type_in_object: z.string().nullable(),
  note: z.string().nullable(),
  chl_court: z.string().nullable(),
  type_origin: z.string().describe('NONE for a direct screening request'),
  field_type_in_object: z.string().describe('NONE for a direct screening request'),
  blacklistMatches: z.array(BlacklistNameMatch),
  deceasedListMatches: z.array(ScreeningMatch).describe('Empty unless a deceased-persons list is loaded'),
  transaction: z.string().describe('Id of the transaction that caused the screening, or the text "null"'),
  request: ScreeningRequestEcho,
  response: z.array(ScreeningMatch).describe('Matches, highest score first'),
});
export type ScreeningResult = z.infer<typeof ScreeningResult>;
nameSchema(ScreeningResult, 'ScreeningResult', [
  {
    id: 'scr_37b555db-c7b7-4972-b75e-b37295bf8c0d',
    case_id: 'scr_80f15e5b-f547-4715-94a5-e37099bbc1ae',
    coincidences: false,
    risk_level: 'NONE',
    rejection_reasons: '',
    rejected_at: null,
    analyzed_at: 1777629630000,
    request_at: 1777629630000,
    id_origin: null,
    id_field_type_in_object: null,
    note: null,
    chl_court: null,
    type_origin: 'NONE',
    field_type_in_object: 'NONE',
    blacklistMatches: [],
    deceasedListMatches: [],
    transaction: 'null',
    request: {
      vesselCheckOngoingMonitoringAtInitial: false,
      mediaCheckOngoingScreeningAtInitial: false,
      groupId: 'cl_0123456789abcdef',
      entityTypes: ['INDIVIDUAL'],
      providerTypes: ['WATCHLIST'],
      clientCaseId: 'scr_80f15e5b-f547-4715-94a5-e37099bbc1ae',
      nameTransposition: true,
      caseScreeningState: 'INITIAL',
      names: [{ typeId: 'PRIMARY', value: 'Maria Fernanda Lopez' }],
      secondaryFields: [
        { typeId: 'DATE_OF_BIRTH', value: '1988-04-12' },
        { typeId: 'CITIZENSHIP', value: 'COL' },
      ],
    },
    response: [],
  },
]);
