/**
 * Ethereum (and any EVM chain) account addresses: "0x" + 40 hex digits. An all-lower or all-upper
 * address carries no checksum and is accepted; a mixed-case one is an EIP-55 checksum and must match,
 * because a wrong case is how a mistyped address shows itself.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { type AddressCheck, addressOk, addressProblem } from './address-check.js';

const HEX_DIGITS = 40;
const HEX = /^[0-9a-fA-F]*$/;

/**
 * Checks an Ethereum address and gives its lookup form (lower-cased, with "0x").
 *
 * @example checkEthereumAddress('0x8589427373D6D84E98730D7795D8f6f8731FDA16') // { ok: true, canonical: '0x8589…da16' }
 */
export function checkEthereumAddress(address: string): AddressCheck {
  if (!address.startsWith('0x')) {
    if (address.startsWith('0X'))
      return addressProblem('starts with "0X"; the prefix must be a lower-case "0x"');
    if (address.length === HEX_DIGITS && HEX.test(address))
      return addressProblem('is missing the "0x" prefix');
    return addressProblem('does not start with "0x"');
  }
  const hex = address.slice(2);
  for (const ch of hex) {
    if (!HEX.test(ch)) return addressProblem(`contains ${JSON.stringify(ch)}, which is not a hex digit`);
  }
  if (hex.length !== HEX_DIGITS) {
    return addressProblem(`has ${hex.length} hex digit${hex.length === 1 ? '' : 's'}, needs ${HEX_DIGITS}`);
  }
  const lower = hex.toLowerCase();
  if (hex !== lower && hex !== hex.toUpperCase() && eip55(lower) !== hex) {
    return addressProblem(
      'is invalid: its EIP-55 checksum does not match (the mix of upper- and lower-case letters is wrong)',
    );
  }
  return addressOk(`0x${lower}`, 'evm');
}

/**
 * The EIP-55 mixed-case form of a valid address.
 *
 * @example toEip55Address('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359') // '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
 */
export function toEip55Address(address: string): string {
  return `0x${eip55(address.slice(2).toLowerCase())}`;
}

/** EIP-55: upper-case the letter at i when nibble i of keccak256(lower-case hex text) is 8 or more. */
function eip55(lowerHex: string): string {
  const ascii = new Uint8Array(lowerHex.length);
  for (let i = 0; i < lowerHex.length; i++) ascii[i] = lowerHex.charCodeAt(i);
  const hash = keccak_256(ascii);
  let out = '';
  for (let i = 0; i < lowerHex.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const ch = lowerHex.charAt(i);
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}
