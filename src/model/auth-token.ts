/**
 * The flow area's Authentication token operation (DESIGN §5: POST /api/v1/client-api/auth/token):
 * client credentials in, a signed Bearer token out.
 */
import { z } from 'zod';
import { ClientCredentials } from './credentials.js';

export const TokenRequest = ClientCredentials;
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z.object({
  access_token: z.string().describe('Send as "Authorization: Bearer <access_token>"'),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive().describe('Seconds until the token expires'),
});
export type TokenResponse = z.infer<typeof TokenResponse>;
