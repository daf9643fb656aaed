import { createReadStream } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseLabelledAddresses,
  type LabelledAddressParseResult,
} from '../../src/lists/labelled-addresses.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const HEADER =
  'address,network,asset,label,category,status,list_or_label_date,source,ofac_ent_num,address_case_verified';

describe('parseLabelledAddresses on inline rows', () => {
  it('reads a row, splitting categories', async () => {
    const csv = `${HEADER}\n0xabc,Ethereum,,Tornado Cash: Router,tornado-cash;ethereum-mixer,,2023-06-18,etherscan-ethereum,,true\n`;
    const { addresses, issues } = await parseLabelledAddresses(csv);
    expect(issues).toEqual([]);
    expect(addresses).toEqual([
      {
        address: '0xabc',
        network: 'Ethereum',
        asset: null,
        label: 'Tornado Cash: Router',
        categories: ['tornado-cash', 'ethereum-mixer'],
        status: null,
        date: '2023-06-18',
        source: 'etherscan-ethereum',
        ofac_ent_num: null,
        address_case_verified: true,
      },
    ]);
  });

  it.each([
    [',Ethereum,,x,y', 'address'],
    ['0xabc,,,x,y', 'network'],
    ['0xabc,Ethereum,,x,y,,2023-13-45', 'list_or_label_date'],
    ['0xabc,Ethereum,,x,y,,,,12a', 'ofac_ent_num'],
  ])('a bad row %j → an issue naming the field', async (bad, field) => {
    const { addresses, issues } = await parseLabelledAddresses(`${HEADER}\n${bad}\n`);
    expect(addresses).toEqual([]);
    expect(issues).toEqual([{ location: 'line 2', reason: expect.stringMatching(new RegExp(`^${field}:`)) }]);
  });

  it('refuses a file without the label and category columns', async () => {
    await expect(parseLabelledAddresses('address,network,asset\nx,y,z\n')).rejects.toMatchObject({
      code: 'INVALID_LIST_FILE',
      message: expect.stringContaining('"label", "category"'),
    });
  });
});

describeWithDatasets('parseLabelledAddresses on the real labelled_addresses.csv', () => {
  let result: LabelledAddressParseResult;
  beforeAll(async () => {
    result = await parseLabelledAddresses(createReadStream(sharedPath('crypto', 'labelled_addresses.csv')));
  });

  it('reads 46,289 of the 46,295 rows; the 6 without an address are issues', () => {
    expect(result.addresses).toHaveLength(46_289);
    expect(result.issues).toHaveLength(6);
    expect(result.issues[0]).toEqual({ location: 'line 31006', reason: expect.stringMatching(/^address:/) });
  });

  it('keeps the OFAC rows with asset, ent_num and case', () => {
    expect(result.addresses).toContainEqual(
      expect.objectContaining({
        address: 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81',
        network: 'TRON',
        asset: 'TRX',
        categories: ['sanctioned'],
        status: 'listed',
        ofac_ent_num: '4632',
      }),
    );
    // 963 listed on 2026-08-20 plus 134 on older OFAC lists only.
    expect(result.addresses.filter((a) => a.categories.includes('sanctioned'))).toHaveLength(1_097);
  });
});
