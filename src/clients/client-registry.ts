/**
 * API clients and their credentials over the Store port (collection "clients", each record owned by
 * the client it describes). Secrets come in, a `Client` (no secret material) goes out.
 */
import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { z } from 'zod';
import type { TokenResponse } from '../model/auth-token.js';
import {
  Client,
  ClientSettings,
  ClientSettingsPatch,
  StoredClient,
  WebhookUrl,
  type NewClientCredentials,
  type SecretHash,
} from '../model/client.js';
import { MAX_CLIENT_ID_CHARS, MAX_CLIENT_SECRET_CHARS } from '../model/credentials.js';
import { WardenError, parseOrThrow } from '../model/errors.js';
import { RequiredText } from '../model/scalars.js';
import { ResidentRecords } from '../store/resident-records.js';
import type { RecordStore, StoredRecord } from '../store/store.js';
import { TOKEN_ERRORS, readBearerToken, signBearerToken } from './bearer-token.js';
import { mergeClientSettings } from './merge-client-settings.js';
import { SCRYPT_PARAMS, hashSecret, verifySecret, type ScryptParams } from './secret-hash.js';
import { loadTokenSigningKey } from './token-signing-key.js';
import { VerifiedSecretCache } from './verified-secret-cache.js';

export const CLIENTS_COLLECTION = 'clients';
/** One sentence for every refused credential: unknown id and wrong secret must look the same. */
export const INVALID_CREDENTIALS = 'client_id or client_secret is missing or invalid.';
/** Spec-silent; one hour is the common OAuth client-credentials default. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

export type RandomBytes = (size: number) => Uint8Array;

export interface ClientRegistryOptions {
  /** Time of opening; stamps the signing key record when one has to be generated. */
  readonly now: number;
  /** At least 32 bytes. When absent, the key stored in collection "server" is used (or created). */
  readonly signingKey?: Uint8Array;
  readonly randomBytes?: RandomBytes;
  readonly tokenLifetimeSeconds?: number;
  readonly scrypt?: ScryptParams;
  /** Verified-secret cache size (clients); see verified-secret-cache.ts. */
  readonly cacheSize?: number;
}

const CreateClientInput = z.object({
  name: RequiredText,
  webhookUrl: WebhookUrl.nullable().default(null),
  settings: ClientSettingsPatch.default({}),
});
export type CreateClientInput = z.input<typeof CreateClientInput> & {
  readonly now: number;
  readonly randomBytes?: RandomBytes;
};

const UpdateClientInput = z.object({
  name: RequiredText.optional(),
  webhookUrl: WebhookUrl.nullable().optional(),
  settings: ClientSettingsPatch.optional(),
});
export type UpdateClientInput = z.input<typeof UpdateClientInput> & { readonly now: number };

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Opens the registry: loads or creates the token signing key, prepares the timing decoy. */
export async function openClientRegistry(
  records: RecordStore,
  options: ClientRegistryOptions,
): Promise<ClientRegistry> {
  const random = options.randomBytes ?? cryptoRandomBytes;
  if (options.signingKey !== undefined && options.signingKey.length < 32) {
    throw new WardenError('VALIDATION_ERROR', 'The token signing key must be at least 32 bytes long.');
  }
  const signingKey = options.signingKey ?? (await loadTokenSigningKey(records, random, options.now));
  const scrypt = options.scrypt ?? SCRYPT_PARAMS;
  // An unknown client_id is checked against this hash, so it costs one scrypt like a wrong secret.
  const decoy = await hashSecret(Buffer.from(random(32)).toString('base64url'), random, scrypt);
  const cache = new VerifiedSecretCache(cryptoRandomBytes(32), options.cacheSize);
  // Clients are read on every request: kept whole in memory (few, and set by configuration).
  const resident = await ResidentRecords.open(records, [CLIENTS_COLLECTION]);
  return new ClientRegistry(resident, {
    signingKey: Buffer.from(signingKey),
    random,
    scrypt,
    decoy,
    cache,
    tokenLifetime: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
  });
}

interface Internals {
  readonly signingKey: Buffer;
  readonly random: RandomBytes;
  readonly scrypt: ScryptParams;
  readonly decoy: SecretHash;
  readonly cache: VerifiedSecretCache;
  readonly tokenLifetime: number;
}

interface Parsed {
  readonly stored: StoredClient;
  readonly client: Client;
}

export class ClientRegistry {
  // Parsed once per stored version: a put replaces the record object, which retires the entry.
  readonly #parsed = new WeakMap<StoredRecord, Parsed>();
  // Read-modify-write of a client is serialised so two concurrent updates cannot lose one.
  #writes: Promise<unknown> = Promise.resolve();

  /** Use `openClientRegistry`. */
  constructor(
    private readonly records: ResidentRecords,
    private readonly internals: Internals,
  ) {}

  /**
   * Creates a client. The secrets are returned here and only here; the store keeps a salted hash
   * of `client_secret` and the webhook secret (needed to sign).
   *
   * @example const { client_id, client_secret } = await registry.createClient({ name: 'Acme', now })
   */
  async createClient(input: CreateClientInput): Promise<NewClientCredentials> {
    const { name, webhookUrl, settings } = parseOrThrow(CreateClientInput, input);
    const random = input.randomBytes ?? this.internals.random;
    const client_id = this.#newClientId(random);
    const client_secret = Buffer.from(random(32)).toString('base64url');
    const webhook_secret = `whsec_${Buffer.from(random(32)).toString('base64url')}`;
    const data: StoredClient = {
      client_id,
      name,
      webhook_url: webhookUrl,
      settings: mergeClientSettings(ClientSettings.parse({}), settings),
      created_at: input.now,
      updated_at: input.now,
      secret_hash: await hashSecret(client_secret, random, this.internals.scrypt),
      webhook_secret,
    };
    await this.#serial(() => this.#put(data));
    return { client_id, client_secret, webhook_secret };
  }

  /**
   * Returns the client whose credentials these are, or throws UNAUTHORIZED with one sentence for a
   * missing value, an unknown id and a wrong secret alike.
   */
  async authenticate(clientId: unknown, clientSecret: unknown): Promise<Client> {
    if (
      typeof clientId !== 'string' ||
      typeof clientSecret !== 'string' ||
      clientId === '' ||
      clientSecret === '' ||
      clientId.length > MAX_CLIENT_ID_CHARS ||
      clientSecret.length > MAX_CLIENT_SECRET_CHARS
    ) {
      throw new WardenError('UNAUTHORIZED', INVALID_CREDENTIALS);
    }
    const { cache } = this.internals;
    const found = this.#find(clientId);
    const digest = cache.digest(clientSecret);
    if (found !== undefined && cache.accepts(clientId, found.stored.secret_hash.hash, digest)) {
      return found.client;
    }
    const valid = await verifySecret(clientSecret, found?.stored.secret_hash ?? this.internals.decoy);
    // Re-read after the await: the client may have been updated (or its secret replaced) meanwhile.
    const current = this.#find(clientId);
    if (!valid || found === undefined || current?.stored.secret_hash.hash !== found.stored.secret_hash.hash) {
      throw new WardenError('UNAUTHORIZED', INVALID_CREDENTIALS);
    }
    cache.remember(clientId, found.stored.secret_hash.hash, digest);
    return current.client;
  }

  /** Issues a signed Bearer token for an authenticated client. */
  issueToken(client: Pick<Client, 'client_id'>, now: number): TokenResponse {
    const iat = Math.floor(now / 1000);
    const expires_in = this.internals.tokenLifetime;
    const jti = Buffer.from(this.internals.random(16)).toString('base64url');
    const access_token = signBearerToken(this.internals.signingKey, {
      sub: client.client_id,
      iat,
      exp: iat + expires_in,
      jti,
    });
    return { access_token, token_type: 'Bearer', expires_in };
  }

  /**
   * Checks an Authorization header value and returns the client id it was issued to, or throws
   * UNAUTHORIZED naming the fault (missing, malformed, bad signature, expired, client gone).
   */
  verifyToken(header: string | undefined, now: number): string {
    const { sub } = readBearerToken(header, this.internals.signingKey, now);
    if (this.#find(sub) === undefined) throw new WardenError('UNAUTHORIZED', TOKEN_ERRORS.unknownClient);
    return sub;
  }

  /** The client with this id, or RESOURCE_NOT_FOUND. */
  getClient(clientId: string): Client {
    return this.#existing(clientId).client;
  }

  /** Every client, oldest first. */
  listClients(): Client[] {
    return this.records
      .list(CLIENTS_COLLECTION)
      .map((record) => this.#find(record.client_id)?.client)
      .filter((client): client is Client => client !== undefined);
  }

  /** Changes the name, webhook URL (null removes it) or settings (merged) of a client. */
  async updateClient(clientId: string, input: UpdateClientInput): Promise<Client> {
    const patch = parseOrThrow(UpdateClientInput, input);
    return this.#serial(async () => {
      const { stored } = this.#existing(clientId);
      const next: StoredClient = {
        ...stored,
        name: patch.name ?? stored.name,
        webhook_url: patch.webhookUrl === undefined ? stored.webhook_url : patch.webhookUrl,
        settings:
          patch.settings === undefined
            ? stored.settings
            : mergeClientSettings(stored.settings, patch.settings),
        updated_at: input.now,
      };
      await this.#put(next);
      return this.#existing(clientId).client;
    });
  }

  /** The key webhook deliveries to this client are signed with; undefined for an unknown client. */
  webhookSecretOf(clientId: string): string | undefined {
    return this.#find(clientId)?.stored.webhook_secret;
  }

  #existing(clientId: string): Parsed {
    const found = this.#find(clientId);
    if (found === undefined) {
      throw new WardenError('RESOURCE_NOT_FOUND', `No client has the id ${JSON.stringify(clientId)}.`);
    }
    return found;
  }

  #find(clientId: string): Parsed | undefined {
    const record = this.records.get<unknown>(CLIENTS_COLLECTION, clientId, clientId);
    if (record === undefined) return undefined;
    let parsed = this.#parsed.get(record);
    if (parsed === undefined) {
      const result = StoredClient.safeParse(record.data);
      if (!result.success) {
        throw new WardenError(
          'STORE_ERROR',
          `The stored record of client ${JSON.stringify(clientId)} is unreadable.`,
        );
      }
      const { secret_hash: _hash, webhook_secret: _secret, ...client } = result.data;
      // Frozen: the same object is handed to every request, so no caller may change it for the others.
      parsed = { stored: deepFreeze(result.data), client: deepFreeze(Client.parse(client)) };
      this.#parsed.set(record, parsed);
    }
    return parsed;
  }

  #newClientId(random: RandomBytes): string {
    for (let tries = 0; tries < 3; tries++) {
      const id = `cl_${Buffer.from(random(8)).toString('hex')}`;
      if (this.records.get(CLIENTS_COLLECTION, id, id) === undefined) return id;
    }
    throw new WardenError('CONFLICT', 'Could not allocate a new client id; try again.');
  }

  #put(data: StoredClient): Promise<void> {
    return this.records.put({
      collection: CLIENTS_COLLECTION,
      id: data.client_id,
      client_id: data.client_id,
      key: null,
      created_at: data.created_at,
      updated_at: data.updated_at,
      data,
    });
  }

  #serial<T>(write: () => Promise<T>): Promise<T> {
    const result = this.#writes.then(write);
    this.#writes = result.catch(() => undefined);
    return result;
  }
}
