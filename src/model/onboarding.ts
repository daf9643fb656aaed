/**
 * Onboarding records (spec: Onboarding record, Get Entity List, Update Status; DESIGN §5: create an
 * onboarding) and the queries that find them. Onboarding timestamps are ISO 8601 strings, as observed.
 */
import { z } from 'zod';
import { FileReference } from './file-reference.js';
import { NewIdentity } from './identity.js';
import { NewOnboardingData, OnboardingData } from './onboarding-data.js';
import { OffsetPageQuery, offsetPageOf } from './page.js';
import { CountryCode } from './reference.js';
import { ReviewStatus, StatusChange } from './review-status.js';
import { IsoDateTime, MAX_TEXT_CHARS, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

/** Metadata is the client's bookkeeping (a page path, a flag), never a document store. */
const MAX_METADATA_KEYS = 50;
const MAX_METADATA_KEY_CHARS = 100;

export const OnboardingMetadata = z
  .record(
    z
      .string()
      .max(MAX_METADATA_KEY_CHARS, { error: `keys must be at most ${MAX_METADATA_KEY_CHARS} characters` }),
    z.string().max(MAX_TEXT_CHARS, { error: `must be at most ${MAX_TEXT_CHARS} characters` }),
  )
  .refine((metadata) => Object.keys(metadata).length <= MAX_METADATA_KEYS, {
    error: `must have at most ${MAX_METADATA_KEYS} keys`,
  })
  .meta({ maxProperties: MAX_METADATA_KEYS })
  .describe('Free string values of the client, e.g. url_path, is_fullpage');
export type OnboardingMetadata = z.infer<typeof OnboardingMetadata>;
nameSchema(OnboardingMetadata, 'OnboardingMetadata');

export const OnboardingRecord = z.object({
  _id: z.string(),
  flow: z.string().describe('Flow identifier'),
  user: z.string().describe('client_id of the owner'),
  flow_instance: z.string(),
  flow_event: z.string().describe('The flow step that produced the record, e.g. ONBOARDING_COMPLETED'),
  identities: z.array(z.string()).describe('Identity identifiers'),
  data: OnboardingData,
  status: ReviewStatus,
  metadata: OnboardingMetadata.optional(),
  file_references_data: z.array(FileReference),
  completed_at: IsoDateTime.nullable().describe(
    'When the review status became final (APPROVED or REJECTED); null while PENDING_REVIEW',
  ),
  reason: z.string().nullable(),
  status_history: z
    .array(StatusChange)
    .default([])
    .describe('Warden addition: every status the record has had, oldest first'),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type OnboardingRecord = z.infer<typeof OnboardingRecord>;
nameSchema(OnboardingRecord, 'OnboardingRecord');

export const CreateOnboardingRequest = z.object({
  flow: RequiredText.describe('Flow identifier'),
  data: NewOnboardingData,
  identity: NewIdentity.optional(),
  metadata: OnboardingMetadata.optional(),
});
export type CreateOnboardingRequest = z.infer<typeof CreateOnboardingRequest>;
export type CreateOnboardingRequestInput = z.input<typeof CreateOnboardingRequest>;
nameSchema(CreateOnboardingRequest, 'CreateOnboardingRequest');

/**
 * Query values arrive URL-decoded; a still percent-encoded value (encoded twice) is decoded once more.
 * Numbers and booleans become strings, since metadata values are strings ({"is_fullpage":true} means "true").
 */
function parseMetadataFilter(text: string, ctx: z.core.$RefinementCtx<string>): unknown {
  const json = text.trimStart().startsWith('{') ? text : safeDecode(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    ctx.issues.push({
      code: 'custom',
      message: 'must be a JSON object such as {"url_path":"/signup"}',
      input: text,
    });
    return z.NEVER;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return parsed;
  return Object.fromEntries(
    Object.entries(parsed).map(([key, value]) => [
      key,
      typeof value === 'number' || typeof value === 'boolean' ? String(value) : value,
    ]),
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const OnboardingEntityQuery = OffsetPageQuery.extend({
  flow: RequiredText.optional(),
  documentNumber: RequiredText.optional(),
  issueCountryIso3: CountryCode.optional(),
  status: ReviewStatus.optional(),
  search: RequiredText.optional().describe('Words found in any name, document number or email'),
  fullname: RequiredText.optional(),
  firstName: RequiredText.optional(),
  lastName: RequiredText.optional(),
  personalNumber: RequiredText.optional(),
  metadata: z
    .string()
    .max(MAX_TEXT_CHARS * 4, { error: `must be at most ${MAX_TEXT_CHARS * 4} characters` })
    .transform(parseMetadataFilter)
    .pipe(OnboardingMetadata)
    .optional()
    .describe('JSON object, URL-encoded; records whose metadata has every key with that value'),
});
export type OnboardingEntityQuery = z.infer<typeof OnboardingEntityQuery>;

export const OnboardingByDocumentQuery = z.object({
  documentNumber: RequiredText,
  issueCountryIso3: CountryCode,
});
export type OnboardingByDocumentQuery = z.infer<typeof OnboardingByDocumentQuery>;

export const OnboardingList = offsetPageOf(OnboardingRecord);
export type OnboardingList = z.infer<typeof OnboardingList>;
nameSchema(OnboardingList, 'OnboardingList');
