/**
 * Labelled addresses as list entities, so address intelligence is versioned, diffed and re-screened
 * exactly like the watchlists (`warden lists import --source addresses`). One entity per address and
 * network: rows that name the same address (an OFAC row and an Etherscan row, two case spellings of
 * one EVM address) are merged, because a list version keeps one entity per entity_id.
 */
import type { Entity } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { type LabelledAddress, parseLabelledAddresses } from '../lists/labelled-addresses.js';
import type { ListInput } from '../lists/list-input.js';
import type { ListParseResult } from '../lists/list-parse-result.js';
import { locateAddress } from './locate-address.js';
import { categorizeLabel } from './tables/categories.js';

/** The list name address intelligence is stored under unless the import names another. */
export const DEFAULT_ADDRESS_LIST = 'addresses';

/**
 * Replaces "sanctioned" on rows OFAC has since delisted (status `not_on_<date>_list`: Tornado Cash's
 * contracts, delisted in March 2025, and a few truncated 2024 remarks). Kept as a label, not dropped:
 * the history stays visible, but it no longer raises a sanctions alert.
 */
export const DELISTED_LABEL = 'ofac-delisted';

const LISTED_STATUS = 'listed';
const DELISTED_STATUS = /^not_on_/;

/**
 * One labelled address as a wallet entity: entity_id `<network>:<lookup form>`, named by its label.
 * Throws INVALID_ADDRESS when the address is valid on none of the networks Warden validates.
 *
 * @example labelledAddressToEntity(row).entity_id // 'TRON:TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81'
 */
export function labelledAddressToEntity(record: LabelledAddress, listName = DEFAULT_ADDRESS_LIST): Entity {
  const located = locateAddress(record.network, record.address);
  if (located === null) {
    throw new WardenError(
      'INVALID_ADDRESS',
      `The ${record.network} address ${JSON.stringify(record.address)} is not a valid address on any network Warden screens.`,
      { path: ['address'] },
    );
  }
  const delisted = record.status !== null && DELISTED_STATUS.test(record.status);
  return {
    list: listName,
    entity_id: `${located.network}:${located.canonical}`,
    type: 'wallet',
    name: record.label ?? record.address,
    aliases: [],
    birth_dates: [],
    birth_places: [],
    nationalities: [],
    citizenships: [],
    gender: null,
    documents: [],
    addresses: [],
    programs: [],
    remarks: remarksOf(record),
    // The feed's asset code when it gives one; Etherscan rows give none, so the network stands in.
    crypto_addresses: [{ asset: record.asset ?? located.network, address: record.address }],
    pep: null,
    categories: delisted
      ? record.categories.map((c) => (c === 'sanctioned' ? DELISTED_LABEL : c))
      : [...record.categories],
    listed_on: record.date,
  };
}

/**
 * Parses a labelled address CSV into wallet entities, one per address and network; rows whose address
 * no query could meet (truncated, mistyped) become issues.
 *
 * @example const { entities } = await parseAddressList(createReadStream('labelled_addresses.csv'));
 */
export async function parseAddressList(
  input: ListInput,
  listName = DEFAULT_ADDRESS_LIST,
): Promise<ListParseResult> {
  const parsed = await parseLabelledAddresses(input);
  const issues = [...parsed.issues];
  const groups = new Map<string, { entity: Entity; listed: boolean }[]>();
  parsed.addresses.forEach((record, i) => {
    let entity: Entity;
    try {
      entity = labelledAddressToEntity(record, listName);
    } catch (error) {
      if (!(error instanceof WardenError)) throw error;
      issues.push({ location: `record ${i + 1} (${record.address})`, reason: error.message });
      return;
    }
    const group = groups.get(entity.entity_id);
    const member = { entity, listed: record.status === LISTED_STATUS };
    if (group === undefined) groups.set(entity.entity_id, [member]);
    else group.push(member);
  });
  const entities = [...groups.values()].map(mergeAddressEntities);
  return { entities, issues, publishedAt: parsed.publishedAt };
}

/** What an address entity's remarks record about its rows: sources and OFAC entries. */
export interface AddressEntityFacts {
  /** Source codes of the rows, first row first: "ofac-2026-08-20", "etherscan-ethereum"… */
  readonly sources: readonly string[];
  /** OFAC SDN ent_nums of the entries that list the address. */
  readonly ofacEntNums: readonly string[];
}

/**
 * Reads back the facts `labelledAddressToEntity` writes into remarks.
 *
 * @example addressEntityFacts(entity) // { sources: ['ofac-2026-08-20'], ofacEntNums: ['4632'] }
 */
export function addressEntityFacts(entity: Entity): AddressEntityFacts {
  const sources: string[] = [];
  const ofacEntNums: string[] = [];
  // Plain prefix tests instead of regular expressions: the address book reads every entity's remarks
  // (46k on the shared list), and matchAll cost ~4 µs an entity there.
  for (const row of (entity.remarks ?? '').split(ROW_SEPARATOR)) {
    for (const part of row.split(PART_SEPARATOR)) {
      if (part.startsWith(SOURCE_PREFIX)) addOnce(sources, part.slice(SOURCE_PREFIX.length));
      else if (part.startsWith(ENT_NUM_PREFIX)) addOnce(ofacEntNums, part.slice(ENT_NUM_PREFIX.length));
    }
  }
  return { sources, ofacEntNums };
}

const ROW_SEPARATOR = ' | ';
const PART_SEPARATOR = '; ';
const SOURCE_PREFIX = 'source ';
const STATUS_PREFIX = 'status ';
const ENT_NUM_PREFIX = 'OFAC ent_num ';

function addOnce(values: string[], value: string): void {
  if (value !== '' && !values.includes(value)) values.push(value);
}

/** "source ofac-2026-08-20; status listed; OFAC ent_num 4632": readable, and read back above. */
function remarksOf(record: LabelledAddress): string | null {
  const parts: string[] = [];
  if (record.source !== null) parts.push(SOURCE_PREFIX + record.source);
  if (record.status !== null) parts.push(STATUS_PREFIX + record.status);
  if (record.ofac_ent_num !== null) parts.push(ENT_NUM_PREFIX + record.ofac_ent_num);
  return parts.length === 0 ? null : parts.join(PART_SEPARATOR);
}

/**
 * One entity from the rows of one address. The OFAC row that lists it names it (its label is the SDN
 * name); other labels become aliases. When OFAC has delisted the address and no row lists it, older
 * sanction labels of other feeds (Etherscan's 2023 "ofac-sanctions-lists") are dropped too: the
 * delisting is the newer, authoritative fact.
 */
function mergeAddressEntities(group: readonly { entity: Entity; listed: boolean }[]): Entity {
  const primary = group.find((m) => m.listed) ?? group.find((m) => isLabelled(m.entity)) ?? group[0]!;
  if (group.length === 1) return primary.entity;
  const names = new Set<string>();
  const assets = new Map<string, { asset: string; address: string }>();
  const categories = new Set<string>();
  const remarks = new Set<string>();
  for (const { entity } of [primary, ...group.filter((m) => m !== primary)]) {
    names.add(entity.name);
    for (const c of entity.crypto_addresses) assets.set(`${c.asset}\u0000${c.address}`, c);
    for (const c of entity.categories) categories.add(c);
    if (entity.remarks !== null) remarks.add(entity.remarks);
  }
  const listed = group.some((m) => m.listed);
  const kept = [...categories].filter(
    (c) => listed || !categories.has(DELISTED_LABEL) || categorizeLabel([c])?.name !== 'sanctioned',
  );
  const name = primary.entity.name;
  // Rows without a label are named by their address; that is no alias of a labelled address.
  const addresses = new Set(group.flatMap((m) => m.entity.crypto_addresses.map((c) => c.address)));
  return {
    ...primary.entity,
    aliases: [...names]
      .filter((n) => n !== name && !addresses.has(n))
      .map((n) => ({ name: n, kind: 'aka' as const, script: null })),
    crypto_addresses: [...assets.values()],
    categories: kept,
    remarks: remarks.size === 0 ? null : [...remarks].join(ROW_SEPARATOR),
  };
}

/** False for an entity named by its own address (its row had no label). */
function isLabelled(entity: Entity): boolean {
  return !entity.crypto_addresses.some((c) => c.address === entity.name);
}
