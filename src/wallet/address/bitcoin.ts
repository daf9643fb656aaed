/**
 * Bitcoin mainnet address formats: base58check P2PKH (version 0x00, "1…") and P2SH (0x05, "3…"),
 * bech32 segwit v0 (BIP 173: P2WPKH 20-byte / P2WSH 32-byte programs) and bech32m v1 taproot
 * (BIP 350: 32-byte program). Testnet, signet and regtest are refused: Warden screens mainnet funds.
 */
import { bech32, bech32m } from '@scure/base';
import { type AddressCheck, type AddressFormat, addressOk, addressProblem } from './address-check.js';
import { decodeBase58Check } from './base58check.js';

const VERSION_FORMATS = new Map<number, AddressFormat>([
  [0x00, 'p2pkh'],
  [0x05, 'p2sh'],
]);
/** 0x6f (m…/n…) and 0xc4 (2…) are testnet's P2PKH and P2SH versions. */
const TESTNET_VERSIONS = new Set([0x6f, 0xc4]);
const HASH_PAYLOAD_BYTES = 21;
/** 25 bytes in base58 give 33–35 characters; leading zero bytes shorten it to 26 at the least. */
const LEGACY_LENGTH = { min: 26, max: 35 } as const;

const MAINNET_PREFIX = 'bc1';
/** bc1 is mainnet; tb1 is testnet and signet, bcrt1 regtest. */
const SEGWIT_PREFIXES = [MAINNET_PREFIX, 'tb1', 'bcrt1'] as const;
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
/** BIP 173: a bech32 string is at most 90 characters. */
const BECH32_MAX_LENGTH = 90;
const TESTNET_PROBLEM = 'is a Bitcoin testnet address; only mainnet addresses are accepted';

/**
 * Checks a Bitcoin mainnet address and gives its lookup form (bech32 lower-cased, base58 as given).
 *
 * @example checkBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // { ok: true, format: 'p2wpkh', … }
 */
export function checkBitcoinAddress(address: string): AddressCheck {
  const lower = address.toLowerCase();
  const isSegwitLike = SEGWIT_PREFIXES.some((p) => lower.startsWith(p));
  if (!isSegwitLike) return checkLegacyAddress(address);
  const segwit = checkSegwitAddress(address, lower);
  if (segwit.ok) return segwit;
  // Base58 text can also begin with "bc1" or "tb1" (a TRON "TB1…" address does); when it decodes
  // cleanly as base58check, the legacy verdict is the one that explains what the string is.
  return decodeBase58Check(address).ok ? checkLegacyAddress(address) : segwit;
}

function checkLegacyAddress(address: string): AddressCheck {
  if (address.length < LEGACY_LENGTH.min || address.length > LEGACY_LENGTH.max) {
    return addressProblem(
      `is ${address.length} character${address.length === 1 ? '' : 's'} long; a legacy Bitcoin address has ${LEGACY_LENGTH.min} to ${LEGACY_LENGTH.max} and a segwit one starts with "bc1"`,
    );
  }
  const decoded = decodeBase58Check(address);
  if (!decoded.ok) return addressProblem(decoded.problem);
  const { payload } = decoded;
  if (payload.length !== HASH_PAYLOAD_BYTES) {
    return addressProblem(
      `decodes to ${payload.length} bytes; a Bitcoin address carries ${HASH_PAYLOAD_BYTES} (a version byte and a 20-byte hash)`,
    );
  }
  const version = payload[0] ?? -1;
  const format = VERSION_FORMATS.get(version);
  if (format !== undefined) return addressOk(address, format);
  if (TESTNET_VERSIONS.has(version)) return addressProblem(TESTNET_PROBLEM);
  return addressProblem(
    `has version byte 0x${version.toString(16).padStart(2, '0')}, not Bitcoin's 0x00 (1…) or 0x05 (3…)`,
  );
}

function checkSegwitAddress(address: string, lower: string): AddressCheck {
  if (address.length > BECH32_MAX_LENGTH) {
    return addressProblem(
      `is ${address.length} characters long; a bech32 address has at most ${BECH32_MAX_LENGTH}`,
    );
  }
  if (address !== lower && address !== address.toUpperCase()) {
    return addressProblem('mixes upper and lower case, which bech32 does not allow');
  }
  const prefix = SEGWIT_PREFIXES.find((p) => lower.startsWith(p)) ?? MAINNET_PREFIX;
  for (const ch of lower.slice(prefix.length)) {
    if (!BECH32_CHARSET.includes(ch)) {
      return addressProblem(
        `contains ${JSON.stringify(ch)} after "${prefix}", which is not a bech32 character (bech32 leaves out 1, b, i and o)`,
      );
    }
  }
  // The two checksums use different constants, so at most one of them can match.
  const asBech32 = bech32.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  const words = (asBech32 ?? asBech32m)?.words;
  if (words === undefined || words.length === 0) {
    return addressProblem('is invalid: its checksum does not match (a character is mistyped or missing)');
  }
  // Testnet is named only once the checksum holds, so a garbled string is not called a testnet address.
  if (prefix !== MAINNET_PREFIX) return addressProblem(TESTNET_PROBLEM);
  const version = words[0] ?? -1;
  if (version > 16) return addressProblem(`has witness version ${version}; only 0 to 16 exist`);
  if (version === 0 && asBech32m) {
    return addressProblem(
      'is a witness version 0 address encoded with bech32m; version 0 must use bech32 (BIP 173)',
    );
  }
  if (version > 0 && asBech32) {
    return addressProblem(
      `is a witness version ${version} address encoded with bech32; version 1 and above must use bech32m (BIP 350)`,
    );
  }
  const program = bech32.fromWordsUnsafe(words.slice(1));
  if (!program) return addressProblem('has a malformed data part (bad padding)');
  return checkWitnessProgram(version, program.length, lower);
}

function checkWitnessProgram(version: number, bytes: number, canonical: string): AddressCheck {
  if (version === 0) {
    if (bytes === 20) return addressOk(canonical, 'p2wpkh');
    if (bytes === 32) return addressOk(canonical, 'p2wsh');
    return addressProblem(`has a ${bytes}-byte version 0 program; it must be 20 (P2WPKH) or 32 (P2WSH)`);
  }
  if (version === 1) {
    if (bytes === 32) return addressOk(canonical, 'p2tr');
    return addressProblem(`has a ${bytes}-byte taproot (version 1) program; it must be 32`);
  }
  return addressProblem(`uses witness version ${version}, which Bitcoin does not define yet`);
}
