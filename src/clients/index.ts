export { TOKEN_ERRORS, TokenClaims, readBearerToken, signBearerToken } from './bearer-token.js';
export {
  CLIENTS_COLLECTION,
  ClientRegistry,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  INVALID_CREDENTIALS,
  openClientRegistry,
} from './client-registry.js';
export type {
  ClientRegistryOptions,
  CreateClientInput,
  RandomBytes,
  UpdateClientInput,
} from './client-registry.js';
export { mergeClientSettings } from './merge-client-settings.js';
export { SCRYPT_PARAMS, hashSecret, verifySecret } from './secret-hash.js';
export type { ScryptParams } from './secret-hash.js';
export { SERVER_COLLECTION, loadTokenSigningKey } from './token-signing-key.js';
export { VerifiedSecretCache } from './verified-secret-cache.js';
