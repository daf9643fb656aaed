/**
 * Screening requests (spec: Individuals Analysis; DESIGN §5: Organizations Analysis and Screening
 * Entities Summary Analysis) and the summary's response. Individual and organization results share
 * the ScreeningResult shape (screening-result.ts).
 */
import { z } from 'zod';
import { BlacklistNameMatch } from './blacklist.js';
import { ClientCredentials, EXAMPLE_CREDENTIALS } from './credentials.js';
import { CalendarDate } from './dates.js';
import { DocumentTypeCode } from './document-types.js';
import { discriminatorError } from './issue-messages.js';
import { CountryCode } from './reference.js';
import { RiskLevel } from './risk.js';
import { nameSchema } from './schema-names.js';
import { GenderCode, ScreeningMatch, ScreeningSubjectType } from './screening-result.js';
import { EpochMillis, MAX_CODE_CHARS, RequiredText } from './scalars.js';

const GENDER_LETTERS: Readonly<Record<string, string>> = { M: 'MALE', F: 'FEMALE' };

/** Case-insensitive; M and F, common in CSV portfolios, are read as MALE and FEMALE. */
export const PersonGender = z
  .string()
  .trim()
  .toUpperCase()
  .max(MAX_CODE_CHARS, { error: 'must be MALE, FEMALE or UNSPECIFIED', abort: true })
  .overwrite((text) => GENDER_LETTERS[text] ?? text)
  .pipe(GenderCode)
  .describe('MALE, FEMALE or UNSPECIFIED (case-insensitive; M and F accepted)');
export type PersonGender = z.infer<typeof PersonGender>;

const nameTransposition = z
  .boolean()
  .default(true)
  .describe(
    'Match names whatever the order of their parts ("AL-BAGHDADI Abu Bakr" = "Abu Bakr al Baghdadi")',
  );

/** What is screened about an individual, without credentials: the request body and a summary entry. */
export const IndividualQuery = z.object({
  full_name: RequiredText,
  gender: PersonGender.nullable().default(null),
  date_of_birth: CalendarDate.nullable()
    .default(null)
    .describe(
      'The spec writes YYYY/MM/DD HH:mm:ss; YYYY/MM/DD and YYYY-MM-DD are accepted; returned as YYYY-MM-DD',
    ),
  residence: CountryCode.nullable().default(null),
  place_of_birth: CountryCode.nullable().default(null),
  citizenship: CountryCode.nullable().default(null),
  issuer_country: CountryCode.nullable().default(null).describe('Country that issued the identification'),
  identification_type: DocumentTypeCode.nullable().default(null),
  identification_number: RequiredText.nullable().default(null),
  nameTransposition,
});
export type IndividualQuery = z.infer<typeof IndividualQuery>;

export const IndividualScreeningRequest = ClientCredentials.extend(IndividualQuery.shape);
export type IndividualScreeningRequest = z.infer<typeof IndividualScreeningRequest>;
export type IndividualScreeningRequestInput = z.input<typeof IndividualScreeningRequest>;
nameSchema(IndividualScreeningRequest, 'IndividualScreeningRequest', [
  {
    ...EXAMPLE_CREDENTIALS,
    full_name: 'Maria Fernanda Lopez',
    date_of_birth: '1988-04-12',
    citizenship: 'COL',
  },
]);

export const OrganizationQuery = z.object({
  name: RequiredText,
  country: CountryCode.describe('Country of incorporation or main operation'),
  identification_number: RequiredText.nullable().default(null),
  nameTransposition,
});
export type OrganizationQuery = z.infer<typeof OrganizationQuery>;

export const OrganizationScreeningRequest = ClientCredentials.extend(OrganizationQuery.shape);
export type OrganizationScreeningRequest = z.infer<typeof OrganizationScreeningRequest>;
export type OrganizationScreeningRequestInput = z.input<typeof OrganizationScreeningRequest>;
nameSchema(OrganizationScreeningRequest, 'OrganizationScreeningRequest', [
  {
    ...EXAMPLE_CREDENTIALS,
    name: 'Andes Coffee Traders S.A.S.',
    country: 'COL',
    identification_number: '900123456',
  },
]);

const summaryReference = RequiredText.nullable()
  .default(null)
  .describe("Client's identifier of the entry, echoed in its result");

export const SummaryEntity = z.discriminatedUnion(
  'type',
  [
    IndividualQuery.extend({ type: z.literal('INDIVIDUAL'), external_id: summaryReference }),
    OrganizationQuery.extend({ type: z.literal('ORGANIZATION'), external_id: summaryReference }),
  ],
  { error: discriminatorError('type', ScreeningSubjectType.options) },
);
export type SummaryEntity = z.infer<typeof SummaryEntity>;

export const MAX_SUMMARY_ENTITIES = 100;

export const SummaryScreeningRequest = ClientCredentials.extend({
  entities: z
    .array(SummaryEntity)
    .min(1, { error: 'must list at least one entity' })
    .max(MAX_SUMMARY_ENTITIES, { error: `must list at most ${MAX_SUMMARY_ENTITIES} entities` }),
});
export type SummaryScreeningRequest = z.infer<typeof SummaryScreeningRequest>;
export type SummaryScreeningRequestInput = z.input<typeof SummaryScreeningRequest>;
nameSchema(SummaryScreeningRequest, 'SummaryScreeningRequest', [
  {
    ...EXAMPLE_CREDENTIALS,
    entities: [
      { type: 'INDIVIDUAL', full_name: 'Maria Fernanda Lopez', external_id: 'cust-77' },
      { type: 'ORGANIZATION', name: 'Andes Coffee Traders S.A.S.', country: 'COL' },
    ],
  },
]);

export const SummaryMatch = ScreeningMatch.pick({
  resultId: true,
  name: true,
  score: true,
  strength: true,
  providerCategory: true,
  list: true,
  entityId: true,
  referenceId: true,
});
export type SummaryMatch = z.infer<typeof SummaryMatch>;

export const SummaryEntityResult = z.object({
  index: z.number().int().nonnegative().describe('Position of the entry in the request'),
  external_id: z.string().nullable(),
  type: ScreeningSubjectType,
  name: z.string().describe('The name as screened'),
  coincidences: z.boolean(),
  risk_level: RiskLevel,
  matches: z.array(SummaryMatch).describe('Highest score first'),
  blacklistMatches: z.array(BlacklistNameMatch),
});
export type SummaryEntityResult = z.infer<typeof SummaryEntityResult>;
nameSchema(SummaryEntityResult, 'SummaryEntityResult');

export const SummaryScreeningResponse = z.object({
  success: z.literal(true),
  analyzed_at: EpochMillis,
  results: z.array(SummaryEntityResult).describe('One per requested entity, in request order'),
});
export type SummaryScreeningResponse = z.infer<typeof SummaryScreeningResponse>;
nameSchema(SummaryScreeningResponse, 'SummaryScreeningResponse', [
  {
    success: true,
    analyzed_at: 1777629630000,
    results: [
      {
        index: 0,
        external_id: 'cust-77',
        type: 'INDIVIDUAL',
        name: 'Maria Fernanda Lopez',
        coincidences: false,
        risk_level: 'NONE',
        matches: [],
        blacklistMatches: [],
      },
    ],
  },
]);
