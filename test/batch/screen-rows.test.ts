import { describe, expect, it } from 'vitest';
import { rowOf, screenRows } from '../../src/batch/index.js';
import { buildWalletListings } from '../../src/batch/wallet-listings.js';
import { Entity } from '../../src/model/entity.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/index.js';
import { buildEntityIndex } from '../../src/screening/index.js';

const ENTITIES = [
  Entity.parse({
    list: 'ofac-sdn',
    entity_id: '25308',
    type: 'individual',
    name: 'YAN, Xiaobing',
    crypto_addresses: [{ asset: 'ETH', address: '0x8589427373D6D84E98730D7795D8f6f8731FDA16' }],
  }),
  Entity.parse({ list: 'ofac-sdn', entity_id: '36', type: 'individual', name: 'PEREZ, Juan Carlos' }),
];
const index = buildEntityIndex(ENTITIES);
const wallets = buildWalletListings(ENTITIES);

describe('screenRows', () => {
  it('screens a name row and a listed wallet row, and keeps row order', () => {
    const results = screenRows(
      index,
      [
        rowOf({
          external_id: 'w-1',
          address: '0x8589427373d6d84e98730d7795d8f6f8731fda16',
          network: 'Ethereum',
        }),
        rowOf({ external_id: 'p-1', full_name: 'Juan Carlos Perez' }),
        rowOf({ external_id: 'w-2', address: '0x0000000000000000000000000000000000000001', network: 'ETH' }),
      ],
      DEFAULT_MATCH_CONFIG,
      { wallets },
    );
    expect(results.map((r) => r.external_id)).toEqual(['w-1', 'p-1', 'w-2']);
    expect(results[0]).toMatchObject({
      risk_level: 'SEVERE',
      matches: [{ entity_id: '25308', matched_name_type: 'ADDRESS', strength: 'EXACT' }],
    });
    expect(results[1]).toMatchObject({ matches: [{ entity_id: '36', strength: 'EXACT' }] });
    expect(results[2]).toEqual({ external_id: 'w-2', risk_level: 'NONE', matches: [] });
  });

  it('reports an invalid address as an error row', () => {
    const [result] = screenRows(
      index,
      [rowOf({ external_id: 'w-3', address: '0x1234', network: 'Ethereum' })],
      DEFAULT_MATCH_CONFIG,
      { wallets },
    );
    expect(result).toMatchObject({ external_id: 'w-3', error: expect.stringContaining('Ethereum') });
  });

  it('withdraws earlier matches to removed entities and to changed ones that no longer match', () => {
    const [result] = screenRows(
      index,
      [rowOf({ external_id: 'p-1', full_name: 'Juan Carlos Perez' })],
      DEFAULT_MATCH_CONFIG,
      {
        previous: new Map([
          [
            'p-1',
            [
              { list: 'ofac-sdn', entity_id: '99', change: 'removed' },
              { list: 'ofac-sdn', entity_id: '36', change: 'changed' },
              { list: 'ofac-sdn', entity_id: '25308', change: 'changed' },
            ],
          ],
        ]),
      },
    );
    expect(result).toMatchObject({
      removed_matches: [
        { list: 'ofac-sdn', entity_id: '99', reason: 'removed' },
        { list: 'ofac-sdn', entity_id: '25308', reason: 'no_longer_matches' },
      ],
    });
  });
});
