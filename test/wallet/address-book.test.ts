import { describe, expect, it } from 'vitest';
import { buildAddressBook } from '../../src/wallet/address-book.js';
import { labelledAddressToEntity } from '../../src/wallet/address-entities.js';
import { validateAddress, WALLET_NETWORKS, type WalletNetwork } from '../../src/wallet/validate-address.js';
import { describeWithDatasets } from '../support/datasets.js';
import { anEntity } from '../support/entities.js';
import { labelledAddressList, sdnAddressRows, sdnEntities } from './support/address-intelligence.js';

const ETH_LISTED = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const BTC_LISTED = '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h';
const TRON_LISTED = 'TA3941uFAvmVibSkQ6fMJXxmaSNovX86mz';

function sdnEntry() {
  return anEntity({
    list: 'ofac-sdn',
    entity_id: '30003',
    type: 'organization',
    name: 'LAZARUS GROUP',
    crypto_addresses: [
      { asset: 'ETH', address: ETH_LISTED },
      { asset: 'XBT', address: BTC_LISTED },
      { asset: 'USDT', address: TRON_LISTED },
      { asset: 'LTC', address: 'LVbJYn2X6Z5wsuHajH6CVuJPnN6JzQTfTs' },
    ],
  });
}

function walletEntity(address: string, network: string, categories: string[], label: string | null = null) {
  return labelledAddressToEntity({
    address,
    network,
    asset: null,
    label,
    categories,
    status: null,
    date: null,
    source: `etherscan-${network.toLowerCase()}`,
    ofac_ent_num: null,
    address_case_verified: true,
  });
}

describe('buildAddressBook', () => {
  it("attributes a watchlist entity's addresses as sanctioned, by the network each lives on", () => {
    const book = buildAddressBook([sdnEntry()]);
    const btc = validateAddress('Bitcoin', BTC_LISTED).canonical;
    expect(book.categoryOf('Bitcoin', btc)?.name).toBe('sanctioned');
    expect(book.categoryOf('Ethereum', ETH_LISTED.toLowerCase())?.name).toBe('sanctioned');
    expect(book.categoryOf('TRON', TRON_LISTED)?.name).toBe('sanctioned');
    expect(book.categoryOf('Litecoin', 'LVbJYn2X6Z5wsuHajH6CVuJPnN6JzQTfTs')?.name).toBe('sanctioned');
    expect(book.attributionsOf('Bitcoin', btc)).toEqual([
      expect.objectContaining({
        list: 'ofac-sdn',
        entity_id: '30003',
        entity_name: 'LAZARUS GROUP',
        label: 'Digital Currency Address - XBT',
        source: 'ofac-sdn',
      }),
    ]);
    expect(book.size).toBe(4);
  });

  it('finds a legacy-format BCH or BSV listing on Bitcoin too: the same key controls it there', () => {
    const entry = anEntity({
      crypto_addresses: [{ asset: 'BCH', address: '18M8bJWMzWHDBMxoLqjHHAffdRy4SrzkfB' }],
    });
    const book = buildAddressBook([entry]);
    expect(book.categoryOf('Bitcoin Cash', '18M8bJWMzWHDBMxoLqjHHAffdRy4SrzkfB')?.name).toBe('sanctioned');
    expect(book.categoryOf('Bitcoin', '18M8bJWMzWHDBMxoLqjHHAffdRy4SrzkfB')?.name).toBe('sanctioned');
  });

  it('is exact about base58 case and keeps networks apart', () => {
    const book = buildAddressBook([
      sdnEntry(),
      walletEntity(
        '0xAbC0000000000000000000000000000000000001',
        'BNB Smart Chain',
        ['exchange'],
        'Binance 7',
      ),
    ]);
    expect(book.categoryOf('TRON', TRON_LISTED.toLowerCase())).toBeNull();
    expect(book.categoryOf('BNB Smart Chain', '0xabc0000000000000000000000000000000000001')?.name).toBe(
      'exchange',
    );
    expect(book.categoryOf('Ethereum', '0xabc0000000000000000000000000000000000001')).toBeNull();
    expect(book.attributionsOf('Ethereum', '0x' + '0'.repeat(40))).toEqual([]);
  });

  it('lists every attribution of an address, worst first, once per listing', () => {
    const exchange = walletEntity(ETH_LISTED.toLowerCase(), 'Ethereum', ['exchange'], 'Some Exchange');
    const book = buildAddressBook([exchange, sdnEntry(), sdnEntry()], { version: 7 });
    expect(book.version).toBe(7);
    expect(book.attributionsOf('Ethereum', ETH_LISTED.toLowerCase()).map((a) => a.category.name)).toEqual([
      'sanctioned',
      'exchange',
    ]);
    const attribute = book.attributionFor('Ethereum');
    expect(attribute(ETH_LISTED.toLowerCase())?.name).toBe('sanctioned');
    expect(book.attributionFor('Ethereum')).toBe(attribute);
    expect(book.attributionFor('Solana')('anything')).toBeNull();
  });

  it('reads a wallet entity by its labels, "other" when none carries risk', () => {
    const book = buildAddressBook([
      walletEntity('0x1111111111111111111111111111111111111111', 'Ethereum', ['phish-hack']),
      walletEntity('0x2222222222222222222222222222222222222222', 'Ethereum', ['token-contract']),
      walletEntity('0x3333333333333333333333333333333333333333', 'Ethereum', ['ofac-sanctions-lists']),
    ]);
    expect(book.categoryOf('Ethereum', '0x' + '1'.repeat(40))?.name).toBe('scam');
    expect(book.categoryOf('Ethereum', '0x' + '2'.repeat(40))?.name).toBe('other');
    expect(book.categoryOf('Ethereum', '0x' + '3'.repeat(40))?.name).toBe('sanctioned');
  });
});

/** The network a valid address of the SDN extract is on, or null when it is valid on none. */
function networkOfValid(address: string): WalletNetwork | null {
  for (const network of WALLET_NETWORKS) {
    try {
      validateAddress(network, address);
      return network;
    } catch {
      // not this network
    }
  }
  return null;
}

describeWithDatasets('the address book on the real lists', () => {
  const rows = sdnAddressRows()
    .map((row) => ({ ...row, network: networkOfValid(row.address) }))
    .filter((row): row is typeof row & { network: WalletNetwork } => row.network !== null);

  it('checks most of the 2025-11-19 SDN addresses (Bitcoin, Ethereum and TRON ones)', () => {
    expect(rows.length).toBeGreaterThan(700);
  });

  it('finds every valid SDN address as sanctioned when built from labelled_addresses.csv', async () => {
    const book = buildAddressBook((await labelledAddressList()).entities);
    const missed = rows.filter((row) => {
      const canonical = validateAddress(row.network, row.address).canonical;
      return book.categoryOf(row.network, canonical)?.name !== 'sanctioned';
    });
    expect(missed).toEqual([]);
    // The OFAC row of the labelled list points back at the SDN entry.
    const row = rows.find((r) => r.network === 'TRON')!;
    expect(book.attributionsOf('TRON', row.address)[0]?.reference).toBe(`OFAC SDN ent_num ${row.ent_num}`);
  });

  it("finds every valid SDN address as sanctioned, named by its SDN entry, from OFAC's own entities", () => {
    const book = buildAddressBook(sdnEntities());
    const wrong = rows.filter((row) => {
      const canonical = validateAddress(row.network, row.address).canonical;
      const found = book.attributionsOf(row.network, canonical);
      return !found.some((a) => a.category.name === 'sanctioned' && a.entity_id === row.ent_num);
    });
    expect(wrong).toEqual([]);
  });
});
