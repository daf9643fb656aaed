/**
 * Real addresses from ../shared/datasets/crypto, grouped by the network Warden validates them on.
 * Source: OFAC SDN advanced XML of 2025-11-19 ("Digital Currency Address - XXX" features), case-preserved.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { sharedPath } from '../../support/datasets.js';
import type { WalletNetwork } from '../../../src/wallet/validate-address.js';

export interface RealAddress {
  readonly network: WalletNetwork;
  readonly asset: string;
  readonly address: string;
  readonly owner: string;
}

/** OFAC asset code → the network its addresses live on (USDT/USDC by address shape: ERC-20, TRC-20, Omni). */
function networkOf(asset: string, address: string): WalletNetwork | null {
  if (asset === 'XBT') return 'Bitcoin';
  if (asset === 'ETH') return 'Ethereum';
  if (asset === 'TRX') return 'TRON';
  if (asset === 'USDT' || asset === 'USDC') {
    if (address.startsWith('0x')) return 'Ethereum';
    return address.startsWith('T') ? 'TRON' : 'Bitcoin';
  }
  return null;
}

/** A known OFAC data error: entity 45404 lists this TRON address under XBT. */
export const TRON_ADDRESS_LISTED_AS_XBT = 'TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq';

let cached: readonly RealAddress[] | undefined;

/** Every Bitcoin, Ethereum and TRON address (BTC, ETH, TRX, USDT, USDC) on the 2025-11-19 SDN list. */
export function ofacAddresses(): readonly RealAddress[] {
  if (cached) return cached;
  const text = readFileSync(
    sharedPath('crypto', 'ofac_sdn_digital_currency_addresses_2025-11-19.csv'),
    'utf8',
  );
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  const out: RealAddress[] = [];
  for (const row of rows) {
    const asset = row['asset'] ?? '';
    const address = row['address'] ?? '';
    const network = networkOf(asset, address);
    if (network === null || address === TRON_ADDRESS_LISTED_AS_XBT) continue;
    out.push({ network, asset, address, owner: row['sdn_name'] ?? '' });
  }
  cached = out;
  return out;
}

/** The addresses of one network, optionally only those whose text matches. */
export function ofacAddressesOf(network: WalletNetwork, matching: RegExp = /./): readonly string[] {
  return ofacAddresses()
    .filter((a) => a.network === network && matching.test(a.address))
    .map((a) => a.address);
}

/** Replaces the character at `index` with the next one in `alphabet` (wrapping), keeping the length. */
export function substituteCharacter(text: string, index: number, alphabet: string): string {
  const current = text.charAt(index);
  const at = alphabet.indexOf(current);
  const replacement = alphabet.charAt((at + 1) % alphabet.length);
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
export const HEX_DIGITS = '0123456789abcdef';
