/**
 * The address book: every address any loaded list attributes, by network and lookup form, with who
 * attributes it and as what. Built once per list version from the entities themselves, so OFAC's own
 * "Digital Currency Address" entries and the labelled-address list meet in one O(1) lookup.
 *
 * Two levels (network, then address) rather than one key: the same EVM address on BNB Smart Chain and on
 * Ethereum is not the same account's history, and a per-network inner map is what an exposure walk
 * holds on to, so no key string is built per lookup.
 */
import type { Entity } from '../model/entity.js';
import { addressEntityFacts } from './address-entities.js';
import type { Attribution } from './exposure/attribution.js';
import { homesOf, locateListedAddress } from './locate-address.js';
import { ALERT_LEVEL_RANK } from './tables/alert-levels.js';
import {
  ADDRESS_CATEGORIES,
  ADDRESS_CATEGORY,
  type AddressCategory,
  categorizeLabel,
} from './tables/categories.js';

/** One list's statement about one address. */
export interface AddressAttribution {
  /** Network the address is looked up on (Bitcoin, Ethereum, TRON, or a feed's own network name). */
  readonly network: string;
  /** Lookup form (see `validateAddress`). */
  readonly address: string;
  readonly category: AddressCategory;
  /** What the source says: "Digital Currency Address - XBT", or the feed's labels ("phish-hack"). */
  readonly label: string;
  readonly list: string;
  readonly entity_id: string;
  /** The owner: the SDN name, the exchange, "Tornado Cash: Router"… */
  readonly entity_name: string;
  /** The row's source code ("ofac-2026-08-20", "etherscan-ethereum"), or the list name. */
  readonly source: string;
  /** The listing in its authority's terms ("OFAC SDN ent_num 4632"), when known. */
  readonly reference: string | null;
}

export interface AddressBook {
  /** Changes whenever the lists it was built from change: part of every cached result's key. */
  readonly version: number | string;
  /** Distinct (network, address) pairs. */
  readonly size: number;
  /** Attributions of an address in lookup form, worst category first; empty when none. */
  attributionsOf(network: string, canonical: string): readonly AddressAttribution[];
  /** The worst category of an address, or null. */
  categoryOf(network: string, canonical: string): AddressCategory | null;
  /** The exposure walk's attribution function for one network. */
  attributionFor(network: string): Attribution;
}

export interface AddressBookOptions {
  /** E.g. the highest list-version seq the entities come from; 0 by default. */
  readonly version?: number | string;
}

const NONE: readonly AddressAttribution[] = Object.freeze([]);
const TABLE_ORDER = new Map(ADDRESS_CATEGORIES.map((c, i) => [c.name, i]));

/**
 * Builds the book from entities of any lists: a wallet entity (labelled-address list) is attributed by
 * its labels; any other entity's crypto addresses are sanctioned, since every list that publishes
 * addresses of its entities (OFAC, UN, UK OFSI) is a sanctions list.
 *
 * @example buildAddressBook(entities).categoryOf('Bitcoin', '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h')?.name // 'sanctioned'
 */
export function buildAddressBook(entities: readonly Entity[], options: AddressBookOptions = {}): AddressBook {
  const networks = new Map<string, Map<string, AddressAttribution[]>>();
  let size = 0;
  for (const entity of entities) {
    for (const attribution of attributionsOfEntity(entity)) {
      let byAddress = networks.get(attribution.network);
      if (byAddress === undefined) {
        byAddress = new Map();
        networks.set(attribution.network, byAddress);
      }
      const known = byAddress.get(attribution.address);
      if (known === undefined) {
        byAddress.set(attribution.address, [attribution]);
        size += 1;
      } else if (!known.some((a) => a.list === attribution.list && a.entity_id === attribution.entity_id)) {
        known.push(attribution);
        known.sort(compareAttributions);
      }
    }
  }
  const attributions = new Map<string, Attribution>();
  return {
    version: options.version ?? 0,
    size,
    attributionsOf: (network, canonical) => networks.get(network)?.get(canonical) ?? NONE,
    categoryOf: (network, canonical) => networks.get(network)?.get(canonical)?.[0]?.category ?? null,
    attributionFor(network) {
      let attribute = attributions.get(network);
      if (attribute === undefined) {
        const byAddress = networks.get(network);
        attribute =
          byAddress === undefined ? () => null : (address) => byAddress.get(address)?.[0]?.category ?? null;
        attributions.set(network, attribute);
      }
      return attribute;
    },
  };
}

/** What one entity says about the addresses it carries. */
function attributionsOfEntity(entity: Entity): AddressAttribution[] {
  if (entity.crypto_addresses.length === 0) return [];
  if (entity.type === 'wallet') {
    // Its id is already "<network>:<lookup form>", checked when the list was parsed; the address may
    // contain ':' itself (bitcoincash:…), so the id is cut at the first one only.
    const cut = entity.entity_id.indexOf(':');
    if (cut <= 0) return [];
    const facts = addressEntityFacts(entity);
    const ofacEntNum = facts.ofacEntNums[0];
    const located = { network: entity.entity_id.slice(0, cut), canonical: entity.entity_id.slice(cut + 1) };
    const category = categorizeLabel(entity.categories) ?? ADDRESS_CATEGORY.other;
    return homesOf(located).map((home) => ({
      network: home.network,
      address: home.canonical,
      category,
      label: entity.categories.join(', ') || entity.name,
      list: entity.list,
      entity_id: entity.entity_id,
      entity_name: entity.name,
      source: facts.sources[0] ?? entity.list,
      reference: ofacEntNum === undefined ? null : `OFAC SDN ent_num ${ofacEntNum}`,
    }));
  }
  const out: AddressAttribution[] = [];
  for (const { asset, address } of entity.crypto_addresses) {
    const located = locateListedAddress(asset, address);
    if (located === null) continue;
    for (const home of homesOf(located)) {
      out.push({
        network: home.network,
        address: home.canonical,
        category: ADDRESS_CATEGORY.sanctioned,
        label: `Digital Currency Address - ${asset}`,
        list: entity.list,
        entity_id: entity.entity_id,
        entity_name: entity.name,
        source: entity.list,
        reference: null,
      });
    }
  }
  return out;
}

/** Worst category first, then table order, then list and id for a stable order. */
function compareAttributions(a: AddressAttribution, b: AddressAttribution): number {
  return (
    ALERT_LEVEL_RANK[b.category.alertLevel] - ALERT_LEVEL_RANK[a.category.alertLevel] ||
    (TABLE_ORDER.get(a.category.name) ?? 0) - (TABLE_ORDER.get(b.category.name) ?? 0) ||
    compareText(a.list, b.list) ||
    compareText(a.entity_id, b.entity_id)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
