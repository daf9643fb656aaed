/**
 * Client secrets are stored as salted scrypt hashes (DESIGN §7), never in clear.
 *
 * Why the cost is low: a client secret is 32 random bytes (256 bits), not a human password. No
 * dictionary exists for it and a brute force is out of reach at any hash speed, so scrypt is
 * defence in depth for a leaked database file, not the thing that stops guessing. Password-grade
 * costs (N = 2^15 and up, ~100 ms) would only make every cache miss expensive. Measured on the
 * 2-core AMD EPYC CI machine kind under load (node 20.20, async scrypt): N=256 r=8 ≈ 0.9 ms,
 * N=1024 r=8 ≈ 3.3 ms, N=16384 r=8 ≈ 120 ms. The parameters are kept on every hash, so they can
 * be raised later without invalidating existing clients.
 */
import { scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { SecretHash } from '../model/client.js';

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** ~0.9 ms per verification (see above); 256 KiB of memory per hash. */
export const SCRYPT_PARAMS: ScryptParams = { N: 256, r: 8, p: 1 };

const SALT_BYTES = 16;
const HASH_BYTES = 32;

/** Promisified by hand: util.promisify loses the options overload's types. */
function scrypt(secret: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    // The async form runs on the libuv pool, so a burst of logins never stalls the event loop.
    scryptCallback(
      secret,
      salt,
      HASH_BYTES,
      // scrypt needs 128·N·r bytes; twice that keeps Node's default 32 MiB cap from refusing a raised cost.
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r * params.p + (1 << 20) },
      (e, key) => (e ? reject(e) : resolve(key)),
    ),
  );
}

/** Hashes a new secret with a fresh salt from `randomBytes`. */
export async function hashSecret(
  secret: string,
  randomBytes: (size: number) => Uint8Array,
  params: ScryptParams = SCRYPT_PARAMS,
): Promise<SecretHash> {
  const salt = Buffer.from(randomBytes(SALT_BYTES));
  const hash = await scrypt(secret, salt, params);
  return {
    algorithm: 'scrypt',
    N: params.N,
    r: params.r,
    p: params.p,
    salt: salt.toString('base64url'),
    hash: hash.toString('base64url'),
  };
}

/** True when `secret` hashes to `stored`; the comparison takes the same time wherever bytes differ. */
export async function verifySecret(secret: string, stored: SecretHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64url');
  const actual = await scrypt(secret, Buffer.from(stored.salt, 'base64url'), stored);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
