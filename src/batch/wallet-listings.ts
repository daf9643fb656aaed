/**
 * Listed crypto addresses (OFAC "Digital Currency Address" remarks, labelled-address lists) by
 * lookup form, so a portfolio wallet row is one map lookup. Kept here until src/wallet offers a
 * pure "is this address listed" over entities; then this file should delegate to it.
 */
import type { Entity, EntityType } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { categoriesOf } from '../screening/index.js';
import { resolveWalletNetwork, validateAddress } from '../wallet/index.js';

export interface WalletListing {
  readonly list: string;
  readonly entity_id: string;
  readonly entity_type: EntityType;
  readonly name: string;
  readonly asset: string;
  readonly address: string;
  readonly categories: readonly string[];
  readonly programs: readonly string[];
}

export type WalletListings = ReadonlyMap<string, readonly WalletListing[]>;

const EVM = /^0x[0-9a-f]{40}$/i;
const BECH32 = /^(bc|tb|ltc)1[0-9a-z]+$/i;

/** The lookup form validateAddress gives (EVM and bech32 lower-cased, base58 as written), for any network. */
export function addressLookupForm(address: string): string {
  const trimmed = address.trim();
  return EVM.test(trimmed) || BECH32.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** Every listed address of the entities (wallet entities use their name as the address). */
export function buildWalletListings(entities: readonly Entity[]): WalletListings {
  const byAddress = new Map<string, WalletListing[]>();
  const add = (entity: Entity, asset: string, address: string) => {
    const key = addressLookupForm(address);
    if (key === '') return;
    const listing: WalletListing = {
      list: entity.list,
      entity_id: entity.entity_id,
      entity_type: entity.type,
      name: entity.name,
      asset,
      address,
      categories: categoriesOf(entity),
      programs: entity.programs,
    };
    const found = byAddress.get(key);
    if (found) found.push(listing);
    else byAddress.set(key, [listing]);
  };
  for (const entity of entities) {
    for (const c of entity.crypto_addresses) add(entity, c.asset, c.address);
    if (entity.type === 'wallet' && entity.crypto_addresses.length === 0) add(entity, '', entity.name);
  }
  return byAddress;
}

/**
 * The listings of a wallet row's address, or a WardenError sentence when the address is invalid
 * for a network Warden validates (Bitcoin, Ethereum, TRON). Other networks are looked up unvalidated.
 */
export function findWalletListings(
  listings: WalletListings,
  address: string,
  network: string | null,
): readonly WalletListing[] {
  let key = addressLookupForm(address);
  if (network !== null && isValidatedNetwork(network)) key = validateAddress(network, address).canonical;
  return listings.get(key) ?? [];
}

function isValidatedNetwork(network: string): boolean {
  try {
    resolveWalletNetwork(network);
    return true;
  } catch (e) {
    if (e instanceof WardenError) return false;
    throw e;
  }
}
