/**
 * The flow area's Authentication token operation (DESIGN §5: POST /api/v1/client-api/auth/token):
 * client credentials in, a signed Bearer token out.
 */
import { z } from 'zod';
import { ClientCredentials, EXAMPLE_CREDENTIALS } from './credentials.js';
import { nameSchema } from './schema-names.js';

// A copy to name: ClientCredentials itself also reads queries, where it must stay unnamed (inline).
export const TokenRequest = ClientCredentials.clone();
export type TokenRequest = z.infer<typeof TokenRequest>;
nameSchema(TokenRequest, 'TokenRequest', [EXAMPLE_CREDENTIALS]);

export const TokenResponse = z.object({
  access_token: z.string().describe('Send as "Authorization: Bearer <access_token>"'),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive().describe('Seconds until the token expires'),
});
export type TokenResponse = z.infer<typeof TokenResponse>;
nameSchema(TokenResponse, 'TokenResponse', [
  {
    access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjbF8wMTIzNDU2Nzg5YWJjZGVmIn0.c2lnbmF0dXJl',
    token_type: 'Bearer',
    expires_in: 3600,
  },
]);
