/**
 * The lookup home of a listed address: the network it really lives on and its lookup form. Lists are
 * written by people: OFAC files a TRON address under XBT (entity 45404), feeds name USDT-on-Omni as its
 * own network, and case varies between copies. Queries are validated strictly (`validateAddress`);
 * listed addresses are placed where a valid query for them will look, so none is missed.
 */
import type { AddressCheck } from './address/address-check.js';
import { checkBitcoinAddress } from './address/bitcoin.js';
import { checkEthereumAddress } from './address/ethereum.js';
import { checkTronAddress } from './address/tron.js';
import {
  BITCOIN_FORK_NETWORKS,
  EVM_NETWORKS,
  MULTI_CHAIN_ASSETS,
  NETWORK_ALIASES,
  OFAC_ASSET_NETWORKS,
} from './tables/address-networks.js';
import type { WalletNetwork } from './validate-address.js';

export interface LocatedAddress {
  /** A coin-catalog network (Bitcoin, Ethereum, TRON) or the feed's own network name. */
  readonly network: string;
  /** EVM hex and bech32 lower-cased, base58 exactly as given. */
  readonly canonical: string;
}

const CHECKERS: Readonly<Record<WalletNetwork, (address: string) => AddressCheck>> = {
  Bitcoin: checkBitcoinAddress,
  Ethereum: checkEthereumAddress,
  TRON: checkTronAddress,
};
const CHECKED_NETWORKS = Object.keys(CHECKERS) as WalletNetwork[];

const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;
/** BIP 173 shape (human part, "1", data part) in one case; also covers ltc1…, bitcoincash:… is below. */
const BECH32_LIKE = /^[a-z]{1,83}1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/;
const CASHADDR_LIKE = /^(bitcoincash|bchtest|ecash):[qp][0-9a-z]{20,}$/;

/**
 * Where `address`, listed on `network` (a feed's network name), is found by lookups; null when the
 * network is one Warden validates and the address is valid on none of them (a truncated or mistyped
 * listing, which no valid query could ever meet).
 *
 * @example locateAddress('Bitcoin', 'TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq') // { network: 'TRON', canonical: 'TUCs…' }
 */
export function locateAddress(network: string, address: string): LocatedAddress | null {
  const text = address.trim();
  const home = NETWORK_ALIASES[network] ?? network;
  const checker = CHECKERS[home as WalletNetwork] as ((a: string) => AddressCheck) | undefined;
  if (checker === undefined) return { network: home, canonical: lookupFormOf(home, text) };
  const own = checker(text);
  if (own.ok) return { network: home, canonical: own.canonical };
  for (const other of CHECKED_NETWORKS) {
    if (other === home) continue;
    const check = CHECKERS[other](text);
    if (check.ok) return { network: other, canonical: check.canonical };
  }
  return null;
}

/**
 * Where an address listed under an OFAC asset code ("XBT", "USDT"…) is found by lookups. Stablecoins
 * are placed by address shape (0x… ERC-20, T… TRC-20, otherwise Omni on Bitcoin); unknown codes keep
 * the code as their network name.
 *
 * @example locateListedAddress('USDT', 'TA3941uFAvmVibSkQ6fMJXxmaSNovX86mz')?.network // 'TRON'
 */
export function locateListedAddress(asset: string, address: string): LocatedAddress | null {
  const code = asset.trim().toUpperCase();
  if (MULTI_CHAIN_ASSETS.has(code)) {
    const text = address.trim();
    const guess = text.startsWith('0x') ? 'Ethereum' : text.startsWith('T') ? 'TRON' : 'Bitcoin';
    return locateAddress(guess, text);
  }
  return locateAddress(OFAC_ASSET_NETWORKS[code] ?? code, address);
}

/**
 * Every network a located address is found on: itself, plus Bitcoin for a legacy-format address of a
 * Bitcoin fork (the same key controls it there).
 *
 * @example homesOf({ network: 'Bitcoin Cash', canonical: '18M8…' }) // [Bitcoin Cash 18M8…, Bitcoin 18M8…]
 */
export function homesOf(located: LocatedAddress): LocatedAddress[] {
  if (!BITCOIN_FORK_NETWORKS.has(located.network)) return [located];
  const bitcoin = checkBitcoinAddress(located.canonical);
  return bitcoin.ok ? [located, { network: 'Bitcoin', canonical: bitcoin.canonical }] : [located];
}

/** The lookup form on a network Warden does not validate: case folded only where the format ignores case. */
function lookupFormOf(network: string, address: string): string {
  if (EVM_NETWORKS.has(network) && EVM_HEX.test(address)) return address.toLowerCase();
  const lower = address.toLowerCase();
  const singleCase = address === lower || address === address.toUpperCase();
  if (singleCase && (BECH32_LIKE.test(lower) || CASHADDR_LIKE.test(lower))) return lower;
  return address;
}
