import { describe, expect, it } from 'vitest';
import { Entity } from '../../src/model/entity.js';
import type { LabelledAddress } from '../../src/lists/labelled-addresses.js';
import {
  addressEntityFacts,
  DELISTED_LABEL,
  labelledAddressToEntity,
  parseAddressList,
} from '../../src/wallet/address-entities.js';
import { categorizeLabel } from '../../src/wallet/tables/categories.js';
import { describeWithDatasets } from '../support/datasets.js';
import { labelledAddressList } from './support/address-intelligence.js';

const HEADER =
  'address,network,asset,label,category,status,list_or_label_date,source,ofac_ent_num,address_case_verified';
const TORNADO = '0x8589427373D6D84E98730D7795D8f6f8731FDA16';

function aRow(overrides: Partial<LabelledAddress> = {}): LabelledAddress {
  return {
    address: 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81',
    network: 'TRON',
    asset: 'TRX',
    label: 'BANK MARKAZI JOMHOURI ISLAMI IRAN',
    categories: ['sanctioned'],
    status: 'listed',
    date: '2026-08-20',
    source: 'ofac-2026-08-20',
    ofac_ent_num: '4632',
    address_case_verified: true,
    ...overrides,
  };
}

describe('labelledAddressToEntity', () => {
  it('makes an OFAC row a wallet entity keyed by network and lookup form', () => {
    const entity = labelledAddressToEntity(aRow());
    expect(Entity.safeParse(entity).success).toBe(true);
    expect(entity).toMatchObject({
      list: 'addresses',
      entity_id: 'TRON:TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81',
      type: 'wallet',
      name: 'BANK MARKAZI JOMHOURI ISLAMI IRAN',
      crypto_addresses: [{ asset: 'TRX', address: 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81' }],
      categories: ['sanctioned'],
      programs: [],
      listed_on: '2026-08-20',
    });
    expect(addressEntityFacts(entity)).toEqual({ sources: ['ofac-2026-08-20'], ofacEntNums: ['4632'] });
  });

  it('names an unlabelled Etherscan row by its address and lower-cases the EVM key', () => {
    const entity = labelledAddressToEntity(
      aRow({
        address: TORNADO,
        network: 'Ethereum',
        asset: null,
        label: null,
        categories: ['tornado-cash'],
        status: null,
        source: 'etherscan-ethereum',
        ofac_ent_num: null,
      }),
      'intel',
    );
    expect(entity).toMatchObject({
      list: 'intel',
      entity_id: `Ethereum:${TORNADO.toLowerCase()}`,
      name: TORNADO,
      crypto_addresses: [{ asset: 'Ethereum', address: TORNADO }],
      remarks: 'source etherscan-ethereum',
    });
  });

  it('keeps a delisted address, but not as sanctioned', () => {
    const entity = labelledAddressToEntity(aRow({ status: 'not_on_2026-08-20_list' }));
    expect(entity.categories).toEqual([DELISTED_LABEL]);
    expect(categorizeLabel(entity.categories)?.name).toBe('other');
  });

  it('refuses an address valid on no network (a truncated listing)', () => {
    expect(() => labelledAddressToEntity(aRow({ network: 'Bitcoin', address: '1Gq' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_ADDRESS' }),
    );
  });
});

describe('parseAddressList', () => {
  it('merges every row of one address into one entity, the OFAC row naming it', async () => {
    const csv = [
      HEADER,
      `${TORNADO.toLowerCase()},Ethereum,,Tornado.Cash: Donate,donate;ofac-sanctions-lists,,2023-06-18,etherscan-ethereum,,true`,
      `0xd882cfc20f52f2599d84b8e8d58c7fb62cfe344b,Ethereum,,,blocked;ofac-sanctions-lists,,2023-06-18,etherscan-ethereum,,true`,
      `0xd882cfc20f52f2599d84b8e8d58c7fb62cfe344b,Ethereum,ETH,Dmitrii KARASAVIDI,sanctioned,listed,2026-08-20,ofac-2026-08-20,29585,true`,
    ].join('\n');
    const { entities, issues } = await parseAddressList(csv);
    expect(issues).toEqual([]);
    expect(entities).toHaveLength(2);
    const listed = entities.find((e) => e.name === 'Dmitrii KARASAVIDI');
    expect(listed?.categories).toEqual(['sanctioned', 'blocked', 'ofac-sanctions-lists']);
    expect(listed?.aliases).toEqual([]);
    expect(addressEntityFacts(listed!)).toEqual({
      sources: ['ofac-2026-08-20', 'etherscan-ethereum'],
      ofacEntNums: ['29585'],
    });
  });

  it('lets a delisting outweigh an older feed that still says sanctioned (Tornado Cash)', async () => {
    const csv = [
      HEADER,
      `${TORNADO},Ethereum,ETH,TORNADO CASH,sanctioned,not_on_2026-08-20_list,2024-09-27,ofac-0xB10C-2024-09-27,39796,true`,
      `${TORNADO.toLowerCase()},Ethereum,,Tornado.Cash: Donate,donate;ofac-sanctions-lists;tornado-cash,,2023-06-18,etherscan-ethereum,,true`,
    ].join('\n');
    const { entities } = await parseAddressList(csv);
    expect(entities).toHaveLength(1);
    const [entity] = entities;
    expect(entity?.name).toBe('TORNADO CASH');
    expect(entity?.aliases.map((a) => a.name)).toEqual(['Tornado.Cash: Donate']);
    expect(entity?.categories).toEqual([DELISTED_LABEL, 'donate', 'tornado-cash']);
    expect(categorizeLabel(entity?.categories ?? [])?.name).toBe('mixer');
  });

  it('reports rows no query could meet and goes on', async () => {
    const csv = [
      HEADER,
      '1Gq,Bitcoin,XBT,SECONDEYE SOLUTION,sanctioned,not_on_2026-08-20_list,2024-05-03,ofac-sdncsv-2024-05-03,,true',
      'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81,TRON,TRX,BANK MARKAZI,sanctioned,listed,2026-08-20,ofac-2026-08-20,4632,true',
    ].join('\n');
    const { entities, issues } = await parseAddressList(csv);
    expect(entities.map((e) => e.entity_id)).toEqual(['TRON:TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81']);
    expect(issues).toEqual([{ location: 'record 1 (1Gq)', reason: expect.stringContaining('"1Gq"') }]);
  });
});

describeWithDatasets('parseAddressList on labelled_addresses.csv', () => {
  it('gives one valid entity per address and network, and reports the unreadable rows', async () => {
    const { entities, issues } = await labelledAddressList();
    // 46,295 rows; 627 pairs of rows name one address (an OFAC and an Etherscan row, or two spellings).
    expect(entities.length).toBeGreaterThan(45_000);
    expect(new Set(entities.map((e) => e.entity_id)).size).toBe(entities.length);
    expect(entities.every((e) => Entity.safeParse(e).success)).toBe(true);
    // 6 rows without an address, 6 truncated OFAC remarks of 2024.
    expect(issues).toHaveLength(12);
  });

  it('files the TRON address OFAC lists under XBT on TRON', async () => {
    const { entities } = await labelledAddressList();
    expect(entities.some((e) => e.entity_id === 'TRON:TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq')).toBe(true);
  });
});
