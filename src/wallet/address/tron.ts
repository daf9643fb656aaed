/**
 * TRON account addresses: base58check of 21 bytes (version 0x41 + a 20-byte hash), always 34
 * characters starting with "T". TRON APIs also print the hex form ("41" + 40 hex digits); it is
 * refused with its base58 spelling in the sentence, because lists and lookups use the base58 form.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { type AddressCheck, addressOk, addressProblem } from './address-check.js';
import { decodeBase58Check, encodeBase58Check } from './base58check.js';

const TRON_VERSION = 0x41;
const TRON_LENGTH = 34;
const PAYLOAD_BYTES = 21;
const TRON_HEX_FORM = /^41[0-9a-fA-F]{40}$/;

/**
 * Checks a TRON address; its lookup form is the address exactly as given (base58 is case-sensitive).
 *
 * @example checkTronAddress('TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81') // { ok: true, format: 'tron', … }
 */
export function checkTronAddress(address: string): AddressCheck {
  if (TRON_HEX_FORM.test(address)) {
    return addressProblem(`is in TRON's hex form; use its base58 form ${tronHexToBase58(address)}`);
  }
  if (!address.startsWith('T')) return addressProblem('does not start with "T"');
  if (address.length !== TRON_LENGTH) {
    return addressProblem(
      `is ${address.length} character${address.length === 1 ? '' : 's'} long; a TRON address has ${TRON_LENGTH}`,
    );
  }
  const decoded = decodeBase58Check(address);
  if (!decoded.ok) return addressProblem(decoded.problem);
  if (decoded.payload.length !== PAYLOAD_BYTES || decoded.payload[0] !== TRON_VERSION) {
    return addressProblem('does not decode to a TRON account (version byte 0x41 and a 20-byte hash)');
  }
  return addressOk(address, 'tron');
}

/** The base58 form of a TRON hex address ("41" + 40 hex digits). */
export function tronHexToBase58(hexAddress: string): string {
  return encodeBase58Check(hexToBytes(hexAddress.toLowerCase()));
}
