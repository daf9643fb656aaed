/**
 * Reviewers of each client over the Store port (collection "reviewers", id the name, owner the
 * client), kept whole in memory like clients: few, set by configuration, read on every request.
 *
 * Passwords are generated (18 random bytes, 144 bits), never chosen, so the low scrypt cost of
 * client secrets (clients/secret-hash.ts) is as sound here: there is no dictionary to try.
 */
import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import type { RandomBytes } from '../clients/client-registry.js';
import { DEFAULT_TOKEN_LIFETIME_SECONDS } from '../clients/client-registry.js';
import { SCRYPT_PARAMS, hashSecret, verifySecret, type ScryptParams } from '../clients/secret-hash.js';
import { loadTokenSigningKey } from '../clients/token-signing-key.js';
import type { TokenResponse } from '../model/auth-token.js';
import type { SecretHash } from '../model/client.js';
import { WardenError, parseOrThrow } from '../model/errors.js';
import {
  Reviewer,
  ReviewerName,
  ReviewerRole,
  StoredReviewer,
  type NewReviewerCredentials,
} from '../model/reviewer.js';
import { ResidentRecords } from '../store/resident-records.js';
import type { RecordStore } from '../store/store.js';
import { readReviewToken, REVIEW_AUDIENCE, signReviewToken } from './review-token.js';

export const REVIEWERS_COLLECTION = 'reviewers';
/** One sentence for an unknown client, an unknown name, a wrong password and a disabled reviewer. */
export const INVALID_REVIEWER_LOGIN = 'client_id, name or password is invalid.';
const TOKEN_REFUSED = 'The reviewer of this token no longer exists or is disabled.';

export interface ReviewerRegistryOptions {
  readonly now: number;
  readonly signingKey?: Uint8Array;
  readonly randomBytes?: RandomBytes;
  readonly tokenLifetimeSeconds?: number;
  readonly scrypt?: ScryptParams;
}

/** The reviewer a valid token names, with the role its record has now. */
export interface ReviewerIdentity {
  readonly clientId: string;
  readonly name: string;
  readonly role: ReviewerRole;
}

export async function openReviewerRegistry(
  records: RecordStore,
  options: ReviewerRegistryOptions,
): Promise<ReviewerRegistry> {
  const random = options.randomBytes ?? cryptoRandomBytes;
  const key = options.signingKey ?? (await loadTokenSigningKey(records, random, options.now));
  const scrypt = options.scrypt ?? SCRYPT_PARAMS;
  // An unknown reviewer costs one scrypt like a wrong password, so a login does not tell names apart.
  const decoy = await hashSecret(Buffer.from(random(18)).toString('base64url'), random, scrypt);
  const resident = await ResidentRecords.open(records, [REVIEWERS_COLLECTION]);
  return new ReviewerRegistry(resident, Buffer.from(key), random, scrypt, decoy, {
    lifetime: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
  });
}

export class ReviewerRegistry {
  /** Use `openReviewerRegistry`. */
  constructor(
    private readonly records: ResidentRecords,
    private readonly key: Buffer,
    private readonly random: RandomBytes,
    private readonly scrypt: ScryptParams,
    private readonly decoy: SecretHash,
    private readonly token: { readonly lifetime: number },
  ) {}

  /**
   * Creates a reviewer of a client and returns the generated password, shown only here.
   *
   * @example const { password } = await reviewers.create({ clientId, name: 'ana', role: 'analyst', now })
   */
  async create(input: {
    clientId: string;
    name: string;
    role: string;
    now: number;
  }): Promise<NewReviewerCredentials> {
    const name = parseOrThrow(ReviewerName, input.name, ['name']);
    const role = parseOrThrow(ReviewerRole, input.role, ['role']);
    if (this.#stored(input.clientId, name) !== undefined) {
      throw new WardenError('CONFLICT', `The client already has a reviewer named ${JSON.stringify(name)}.`, {
        path: ['name'],
      });
    }
    const password = Buffer.from(this.random(18)).toString('base64url');
    const stored: StoredReviewer = {
      client_id: input.clientId,
      name,
      role,
      disabled: false,
      created_at: input.now,
      updated_at: input.now,
      password_hash: await hashSecret(password, this.random, this.scrypt),
    };
    await this.#put(stored);
    return { client_id: input.clientId, name, role, password };
  }

  /** The client's reviewers, oldest first, without their password hashes. */
  list(clientId: string): Reviewer[] {
    return this.records
      .list<unknown>(REVIEWERS_COLLECTION, clientId)
      .map((record) => publicView(StoredReviewer.parse(record.data)));
  }

  /** Disables a reviewer: no new token, and the tokens already issued stop working. */
  async disable(clientId: string, name: string, now: number): Promise<Reviewer> {
    const stored = this.#stored(clientId, name);
    if (stored === undefined) {
      throw new WardenError(
        'RESOURCE_NOT_FOUND',
        `The client has no reviewer named ${JSON.stringify(name)}.`,
      );
    }
    const next = { ...stored, disabled: true, updated_at: now };
    await this.#put(next);
    return publicView(next);
  }

  /** A token for valid credentials of an enabled reviewer; UNAUTHORIZED with one sentence otherwise. */
  async login(clientId: string, name: string, password: string, now: number): Promise<TokenResponse> {
    const stored = this.#stored(clientId, name);
    const valid = await verifySecret(password, stored?.password_hash ?? this.decoy);
    if (!valid || stored === undefined || stored.disabled) {
      throw new WardenError('UNAUTHORIZED', INVALID_REVIEWER_LOGIN);
    }
    const iat = Math.floor(now / 1000);
    const expires_in = this.token.lifetime;
    const access_token = signReviewToken(this.key, {
      aud: REVIEW_AUDIENCE,
      sub: clientId,
      name: stored.name,
      role: stored.role,
      iat,
      exp: iat + expires_in,
      jti: Buffer.from(this.random(16)).toString('base64url'),
    });
    return { access_token, token_type: 'Bearer', expires_in };
  }

  /** The reviewer of a valid token, as their record stands now; UNAUTHORIZED otherwise. */
  verify(header: string | undefined, now: number): ReviewerIdentity {
    const claims = readReviewToken(header, this.key, now);
    const stored = this.#stored(claims.sub, claims.name);
    if (stored === undefined || stored.disabled) throw new WardenError('UNAUTHORIZED', TOKEN_REFUSED);
    return { clientId: stored.client_id, name: stored.name, role: stored.role };
  }

  #stored(clientId: string, name: string): StoredReviewer | undefined {
    const record = this.records.get<unknown>(REVIEWERS_COLLECTION, clientId, name);
    return record === undefined ? undefined : StoredReviewer.parse(record.data);
  }

  #put(stored: StoredReviewer): Promise<void> {
    return this.records.put({
      collection: REVIEWERS_COLLECTION,
      id: stored.name,
      client_id: stored.client_id,
      key: null,
      created_at: stored.created_at,
      updated_at: stored.updated_at,
      data: stored,
    });
  }
}

function publicView(stored: StoredReviewer): Reviewer {
  const { password_hash: _hash, ...reviewer } = stored;
  return Reviewer.parse(reviewer);
}
