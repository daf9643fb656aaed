/**
 * Address validation for the networks Warden screens. One checker per network; when an address fails
 * on the network it was given for but passes on another, the error names that network, because
 * "is a TRON address, not a Bitcoin address" is the mistake a person can fix at once.
 */
import { WardenError } from '../model/errors.js';
import type { AddressCheck, AddressFormat } from './address/address-check.js';
import { checkBitcoinAddress } from './address/bitcoin.js';
import { checkEthereumAddress } from './address/ethereum.js';
import { checkTronAddress } from './address/tron.js';

export type WalletNetwork = 'Bitcoin' | 'Ethereum' | 'TRON';

/** Network name (as in the coin catalog) → its checker, its catalog short name, and its article. */
const NETWORKS: Readonly<
  Record<WalletNetwork, { check: (address: string) => AddressCheck; short: string; article: string }>
> = {
  Bitcoin: { check: checkBitcoinAddress, short: 'BTC', article: 'a' },
  Ethereum: { check: checkEthereumAddress, short: 'ETH', article: 'an' },
  TRON: { check: checkTronAddress, short: 'TRX', article: 'a' },
};

export const WALLET_NETWORKS = Object.keys(NETWORKS) as readonly WalletNetwork[];

/** Catalog names and short names, case-insensitively: "Bitcoin", "bitcoin", "BTC". */
const NETWORK_BY_NAME = new Map<string, WalletNetwork>(
  WALLET_NETWORKS.flatMap((n) => [
    [n.toLowerCase(), n],
    [NETWORKS[n].short.toLowerCase(), n],
  ]),
);

/** "Bitcoin, Ethereum or TRON", for error sentences. */
const SUPPORTED_NETWORKS = `${WALLET_NETWORKS.slice(0, -1).join(', ')} or ${WALLET_NETWORKS.at(-1) ?? ''}`;

/** Longer than any valid address (bech32's 90), so a pasted document is refused before decoding it. */
const MAX_ADDRESS_LENGTH = 100;

export interface ValidatedAddress {
  readonly network: WalletNetwork;
  /** As given. */
  readonly address: string;
  /** The lookup form: EVM lower-cased, bech32 lower-cased, base58 exactly as given. */
  readonly canonical: string;
  readonly format: AddressFormat;
}

/**
 * Resolves a network name ("Bitcoin", "ethereum", "TRX") to a supported network, or throws INVALID_NETWORK_ASSET.
 *
 * @example resolveWalletNetwork('btc') // 'Bitcoin'
 */
export function resolveWalletNetwork(network: unknown): WalletNetwork {
  const found = typeof network === 'string' ? NETWORK_BY_NAME.get(network.toLowerCase()) : undefined;
  if (found !== undefined) return found;
  const shown = typeof network === 'string' ? JSON.stringify(network.slice(0, 40)) : typeof network;
  throw new WardenError(
    'INVALID_NETWORK_ASSET',
    `Network ${shown} is not supported; use ${SUPPORTED_NETWORKS}.`,
    { path: ['network'] },
  );
}

/**
 * Checks an address for a network (format, length, checksum) and returns its lookup form, or throws
 * a WardenError whose one sentence says what is wrong: INVALID_NETWORK_ASSET for a network Warden does
 * not screen, INVALID_ADDRESS for everything else. Any string is safe to pass; nothing else is thrown.
 *
 * @example validateAddress('Ethereum', '0x8589427373D6D84E98730D7795D8f6f8731FDA16').canonical
 *          // '0x8589427373d6d84e98730d7795d8f6f8731fda16'
 */
export function validateAddress(network: string, address: string): ValidatedAddress {
  const resolved = resolveWalletNetwork(network);
  if (typeof address !== 'string') throw invalidAddress(`The ${resolved} address must be a string.`);
  if (address.length === 0) throw invalidAddress(`The ${resolved} address is empty.`);
  if (address.length > MAX_ADDRESS_LENGTH) {
    throw invalidAddress(
      `The ${resolved} address is ${address.length} characters long, longer than any ${resolved} address.`,
    );
  }
  const quoted = JSON.stringify(address);
  if (address.trim() !== address) {
    throw invalidAddress(`The ${resolved} address ${quoted} has spaces or line breaks around it.`);
  }
  const check = NETWORKS[resolved].check(address);
  if (check.ok) return { network: resolved, address, canonical: check.canonical, format: check.format };
  const actual = WALLET_NETWORKS.find((other) => other !== resolved && NETWORKS[other].check(address).ok);
  if (actual !== undefined) {
    throw invalidAddress(
      `${quoted} is ${NETWORKS[actual].article} ${actual} address, not ${NETWORKS[resolved].article} ${resolved} address.`,
    );
  }
  throw invalidAddress(`The ${resolved} address ${quoted} ${check.problem}.`);
}

function invalidAddress(message: string): WardenError {
  return new WardenError('INVALID_ADDRESS', message, { path: ['address'] });
}
