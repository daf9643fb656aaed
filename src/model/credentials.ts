/**
 * The credentials every screening and transaction request carries (spec: Authentication).
 * POST operations send them in the JSON body, GET operations as query parameters; the same
 * schema reads both because both arrive as strings.
 */
import { z } from 'zod';

export const ClientCredentials = z.object({
  client_id: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .describe('Client identifier issued by Warden'),
  client_secret: z
    .string()
    .min(1, { error: 'is required' })
    .describe('Client secret issued with client_id; never logged, stored only as a hash'),
});
export type ClientCredentials = z.infer<typeof ClientCredentials>;
