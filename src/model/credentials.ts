/**
 * The credentials every screening and transaction request carries (spec: Authentication).
 * POST operations send them in the JSON body, GET operations as query parameters; the same
 * schema reads both because both arrive as strings.
 */
import { z } from 'zod';

/** Longer values cannot be ours; the bounds also keep scrypt off attacker-sized secrets. */
export const MAX_CLIENT_ID_CHARS = 64;
export const MAX_CLIENT_SECRET_CHARS = 512;

export const ClientCredentials = z.object({
  client_id: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(MAX_CLIENT_ID_CHARS, { error: `must be at most ${MAX_CLIENT_ID_CHARS} characters` })
    .describe('Client identifier issued by Warden'),
  client_secret: z
    .string()
    .min(1, { error: 'is required' })
    .max(MAX_CLIENT_SECRET_CHARS, { error: `must be at most ${MAX_CLIENT_SECRET_CHARS} characters` })
    .describe('Client secret issued with client_id; never logged, stored only as a hash'),
});
export type ClientCredentials = z.infer<typeof ClientCredentials>;

/** The credentials shown in the OpenAPI document's examples: the form of real ones, valid for no client. */
export const EXAMPLE_CREDENTIALS = {
  client_id: 'cl_0123456789abcdef',
  client_secret: 'secret-printed-by-warden-clients-create',
} as const;
