/**
 * Identity verification (spec: Identity: Get Details / Get Files / Update Status): the identity
 * document data a client submits with an onboarding, and the identity record Warden keeps.
 */
import { z } from 'zod';
import { CalendarDate } from './dates.js';
import { DocumentTypeCode } from './document-types.js';
import { FileReference } from './file-reference.js';
import { CountryCode } from './reference.js';
import { ReviewStatus, StatusChange } from './review-status.js';
import { IsoDateTime, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

/** The surname is required and given names are not, as in a passport's machine-readable zone. */
export const NewIdentity = z.object({
  document_type: DocumentTypeCode,
  document_number: RequiredText,
  issue_country_iso3: CountryCode.describe('Country that issued the document'),
  first_name: RequiredText.nullable().default(null).describe('Given names'),
  last_name: RequiredText.describe('Surname'),
  personal_number: RequiredText.nullable().default(null).describe('Personal number printed on the document'),
  birth_date: CalendarDate.nullable().default(null),
  expiry_date: CalendarDate.nullable()
    .optional()
    .describe('Warden addition: the document is expired after this day (checked when the flow asks)'),
});
export type NewIdentity = z.infer<typeof NewIdentity>;
nameSchema(NewIdentity, 'NewIdentity');

export const Identity = NewIdentity.extend({
  _id: z.string(),
  flow: z.string(),
  flow_instance: z.string(),
  expiry_date: CalendarDate.nullable(),
  status: ReviewStatus,
  reason: z.string().nullable(),
  status_history: z.array(StatusChange).default([]).describe('Warden addition, oldest first'),
  files: z.array(FileReference),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Identity = z.infer<typeof Identity>;
nameSchema(Identity, 'Identity');
