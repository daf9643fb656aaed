/**
 * The real address intelligence of ../shared/datasets/crypto, parsed once per test file: the labelled
 * address list as entities (as `warden lists import --source addresses` stores them), and OFAC's own
 * SDN entries (2025-11-19) as list entities that carry their "Digital Currency Address" features.
 */
import { createReadStream, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Entity } from '../../../src/model/entity.js';
import type { ListParseResult } from '../../../src/lists/list-parse-result.js';
import { parseAddressList } from '../../../src/wallet/address-entities.js';
import { sharedPath } from '../../support/datasets.js';
import { anEntity } from '../../support/entities.js';

let labelled: Promise<ListParseResult> | undefined;

/** labelled_addresses.csv through `parseAddressList`. */
export function labelledAddressList(): Promise<ListParseResult> {
  labelled ??= parseAddressList(createReadStream(sharedPath('crypto', 'labelled_addresses.csv')));
  return labelled;
}

export interface SdnAddressRow {
  readonly ent_num: string;
  readonly sdn_name: string;
  readonly asset: string;
  readonly address: string;
}

/** Every row of the 2025-11-19 SDN digital currency address extract. */
export function sdnAddressRows(): readonly SdnAddressRow[] {
  const text = readFileSync(
    sharedPath('crypto', 'ofac_sdn_digital_currency_addresses_2025-11-19.csv'),
    'utf8',
  );
  return Papa.parse<SdnAddressRow>(text, { header: true, skipEmptyLines: true }).data;
}

/** The SDN entries of that extract as OFAC list entities (entity_id = ent_num), addresses grouped per entry. */
export function sdnEntities(): Entity[] {
  const byEntry = new Map<string, Entity>();
  for (const row of sdnAddressRows()) {
    let entity = byEntry.get(row.ent_num);
    if (entity === undefined) {
      entity = anEntity({
        list: 'ofac-sdn',
        entity_id: row.ent_num,
        type: 'organization',
        name: row.sdn_name,
        aliases: [],
        birth_dates: [],
        nationalities: [],
        programs: ['CYBER2'],
        categories: ['Sanctions'],
      });
      byEntry.set(row.ent_num, entity);
    }
    entity.crypto_addresses.push({ asset: row.asset, address: row.address });
  }
  return [...byEntry.values()];
}
