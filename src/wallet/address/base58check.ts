/**
 * Base58Check, shared by Bitcoin legacy addresses and TRON: base58 text carrying a payload plus
 * the first 4 bytes of its double SHA-256. Decoding is done in steps (alphabet, then checksum)
 * so the error can say which step failed instead of one opaque "invalid".
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, createBase58check } from '@scure/base';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const CHECKSUM_BYTES = 4;
const base58check = createBase58check(sha256);

export type Base58CheckDecoded =
  { readonly ok: true; readonly payload: Uint8Array } | { readonly ok: false; readonly problem: string };

/** The first character outside the base58 alphabet, or undefined when there is none. */
export function firstNonBase58Character(text: string): string | undefined {
  for (const ch of text) {
    if (!BASE58_ALPHABET.includes(ch)) return ch;
  }
  return undefined;
}

/**
 * Decodes base58check text into its payload (version byte included), or says what is wrong.
 *
 * @example decodeBase58Check('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') // { ok: true, payload: 21 bytes }
 */
export function decodeBase58Check(text: string): Base58CheckDecoded {
  const bad = firstNonBase58Character(text);
  if (bad !== undefined) {
    return {
      ok: false,
      problem: `contains ${JSON.stringify(bad)}, which is not a base58 character (base58 leaves out 0, O, I and l)`,
    };
  }
  const bytes = base58.decode(text);
  if (bytes.length <= CHECKSUM_BYTES) return { ok: false, problem: 'is too short to hold a checksum' };
  const payload = bytes.subarray(0, bytes.length - CHECKSUM_BYTES);
  const expected = sha256(sha256(payload));
  for (let i = 0; i < CHECKSUM_BYTES; i++) {
    if (bytes[payload.length + i] !== expected[i]) {
      return {
        ok: false,
        problem: 'is invalid: its checksum does not match (a character is mistyped or missing)',
      };
    }
  }
  return { ok: true, payload };
}

/** Encodes a payload (version byte included) as base58check text. */
export function encodeBase58Check(payload: Uint8Array): string {
  return base58check.encode(payload);
}
