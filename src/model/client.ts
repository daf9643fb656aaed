/**
 * API clients (DESIGN §5: `warden clients create`, §7: secrets stored hashed). `Client` is the public
 * view handed to the edges; `StoredClient` adds the secret material and never leaves `clients/`.
 * Settings are snake_case like the blacklist settings they embed; every field has a default so a
 * record written before a field existed still parses, which is how the settings stay extensible.
 */
import { z } from 'zod';
import { BlacklistMatchAction, BlacklistSettings, DEFAULT_BLACKLIST_SETTINGS } from './blacklist.js';
import { CountryCode } from './reference.js';
import { FourEyesAction } from './review-decision.js';
import { EpochMillis, RequiredText } from './scalars.js';

/** A webhook receiver: http(s) only; plain http stays allowed for loopback receivers and tests. */
export const WebhookUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .describe('Where Warden POSTs signed webhook deliveries');
export type WebhookUrl = z.infer<typeof WebhookUrl>;

export const ClientSettings = z.object({
  compliance_threshold_usd: z
    .number()
    .finite()
    .positive({ error: 'must be a positive number' })
    .default(10_000)
    .describe('A transaction above this USD value goes to COMPLIANCE (US CTR / EU AMLR threshold).'),
  blacklist: BlacklistSettings.default(DEFAULT_BLACKLIST_SETTINGS),
  pep_action: BlacklistMatchAction.default('EVALUATION').describe(
    'State for a PEP match; PEP status calls for enhanced due diligence, not a block.',
  ),
  high_risk_countries: z
    .array(CountryCode)
    .nullable()
    .default(null)
    .describe('Own high-risk country list; null follows the current FATF lists instead of freezing a copy.'),
  review_four_eyes: z
    .array(FourEyesAction)
    .max(FourEyesAction.options.length)
    .default([...FourEyesAction.options])
    .describe(
      'Review decisions that wait for a second reviewer, an approver, before they apply (issue #30).',
    ),
});
export type ClientSettings = z.infer<typeof ClientSettings>;

/** A settings change: absent fields are kept; nested objects (blacklist) are merged one level deep. */
export const ClientSettingsPatch = z.object({
  compliance_threshold_usd: ClientSettings.shape.compliance_threshold_usd.unwrap().optional(),
  blacklist: BlacklistSettings.partial().optional(),
  pep_action: BlacklistMatchAction.optional(),
  high_risk_countries: z.array(CountryCode).nullable().optional(),
  review_four_eyes: z.array(FourEyesAction).max(FourEyesAction.options.length).optional(),
});
export type ClientSettingsPatch = z.infer<typeof ClientSettingsPatch>;

export const ClientId = z
  .string()
  .regex(/^cl_[0-9a-f]{16}$/, { error: 'must look like cl_ followed by 16 hex digits' });
export type ClientId = z.infer<typeof ClientId>;

/** A client as the rest of Warden sees it: no secret material. */
export const Client = z.object({
  client_id: ClientId,
  name: RequiredText,
  webhook_url: WebhookUrl.nullable(),
  settings: ClientSettings.prefault({}),
  created_at: EpochMillis,
  updated_at: EpochMillis,
});
export type Client = z.infer<typeof Client>;

/** A salted scrypt hash with its parameters, so the cost can change without invalidating old records. */
export const SecretHash = z.object({
  algorithm: z.literal('scrypt'),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  salt: z.string().min(1).describe('base64url'),
  hash: z.string().min(1).describe('base64url'),
});
export type SecretHash = z.infer<typeof SecretHash>;

/** The record in collection "clients". The webhook secret is kept in clear: signing needs it. */
export const StoredClient = Client.extend({
  secret_hash: SecretHash,
  webhook_secret: z.string().min(1),
});
export type StoredClient = z.infer<typeof StoredClient>;

/** What `warden clients create` prints: the only time the two secrets are shown. */
export const NewClientCredentials = z.object({
  client_id: ClientId,
  client_secret: z.string().describe('Shown once; Warden keeps only a salted hash'),
  webhook_secret: z.string().describe('Shown once; verifies the x-warden-signature of webhooks'),
});
export type NewClientCredentials = z.infer<typeof NewClientCredentials>;
