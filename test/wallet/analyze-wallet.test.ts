import { beforeAll, describe, expect, it } from 'vitest';
import { WardenError } from '../../src/model/errors.js';
import { WalletRiskAnalysis } from '../../src/model/wallet.js';
import { analyzeWallet, type AnalyzeWalletInput } from '../../src/wallet/analyze-wallet.js';
import { type AddressBook, buildAddressBook } from '../../src/wallet/address-book.js';
import { InMemoryChainData } from '../../src/wallet/exposure/in-memory-chain-data.js';
import { generateSyntheticGraph } from '../../src/wallet/synthetic-graph.js';
import { ADDRESS_CATEGORY } from '../../src/wallet/tables/categories.js';
import { validateAddress, type WalletNetwork } from '../../src/wallet/validate-address.js';
import { INDIRECT_ALERT_LEVEL } from '../../src/wallet/wallet-findings.js';
import { describeWithDatasets } from '../support/datasets.js';
import { labelledAddressList, sdnAddressRows, sdnEntities } from './support/address-intelligence.js';
import { BASE58_ALPHABET, substituteCharacter } from './support/real-addresses.js';
import { portOnly, transfer } from './support/transfers.js';
import { aBlacklistEntry, ANALYZED_AT, bookOfLabels, walletDeps } from './support/wallet-deps.js';

const UNLISTED: readonly (readonly [WalletNetwork, string])[] = [
  ['Bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ['Ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ['TRON', 'TRcvCk5fLxxgRc7KopfPXb3GzUqZMjcKkn'],
];

function errorOf(input: AnalyzeWalletInput): WardenError {
  try {
    analyzeWallet(input, walletDeps());
  } catch (e) {
    if (e instanceof WardenError) return e;
    throw e;
  }
  throw new Error(`${input.address} was analysed`);
}

describe('analyzeWallet', () => {
  it.each(UNLISTED)('finds nothing on an unlisted %s address: no alerts, risk NONE', (network, address) => {
    const record = analyzeWallet({ network, address, external_id: 'case-17' }, walletDeps());
    expect(WalletRiskAnalysis.safeParse(record).success).toBe(true);
    expect(record).toEqual({
      id: 'wra_1',
      external_id: 'case-17',
      externalId: 'case-17',
      beneficiaryId: null,
      ownerId: null,
      alias: null,
      attemptIdentifier: null,
      userId: 'client-a',
      asset: { Bitcoin: 'BTC', Ethereum: 'ETH', TRON: 'TRX' }[network],
      network,
      address,
      assetAmount: 0,
      usdAmount: 0,
      status: 'completed',
      risk_level: 'NONE',
      addressIdentification: { customAddresses: [], providerIdentifications: [] },
      alerts: [],
      directExposure: { direct: null },
      sanctioned_categories: [],
      wallet_graph: [
        {
          status: 'ready',
          centerNode: { id: validateAddress(network, address).canonical, type: 'address' },
          incomingEdges: [],
          outgoingEdges: [],
          timestamp: ANALYZED_AT,
        },
      ],
      wallet_balance: [{ address, native: '0', rawNative: '0', tokens: [] }],
      analyzed_at: ANALYZED_AT,
      createdAt: '2026-01-15T09:30:00.000Z',
    });
  });

  it.each([
    [
      'an EIP-55 checksum with one letter in the wrong case',
      'Ethereum',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
    ],
    [
      'a Bitcoin base58 checksum',
      'Bitcoin',
      substituteCharacter('12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h', 9, BASE58_ALPHABET),
    ],
    [
      'a TRON base58 checksum',
      'TRON',
      substituteCharacter('TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81', 20, BASE58_ALPHABET),
    ],
    ['a bech32 checksum', 'Bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
  ])('refuses %s: INVALID_ADDRESS', (_what, network, address) => {
    const error = errorOf({ network, address });
    expect(error.code).toBe('INVALID_ADDRESS');
    expect(error.path).toEqual(['address']);
  });

  it.each([
    [{ network: 'Bitcoin', asset: 'USDC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, 'asset'],
    // The catalog is checked first: the pair is wrong whatever the address.
    [{ network: 'Bitcoin', asset: 'USDC', address: 'not an address' }, 'asset'],
    [{ network: 'Dogecoin', address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' }, 'network'],
  ])('refuses %o: INVALID_NETWORK_ASSET on %s', (input, field) => {
    const error = errorOf(input);
    expect(error.code).toBe('INVALID_NETWORK_ASSET');
    expect(error.path).toEqual([field]);
  });

  it('accepts network short names and asset case, and answers with catalog spellings', () => {
    const record = analyzeWallet({ network: 'eth', asset: 'usdt', address: UNLISTED[1]![1] }, walletDeps());
    expect(record).toMatchObject({ network: 'Ethereum', asset: 'USDT', external_id: null, externalId: null });
  });

  it("raises a Blacklist alert on the client's blacklisted address, at the level of its action", () => {
    const entry = aBlacklistEntry();
    const walletBlacklist = new Map([[entry.value, entry]]);
    const input = { network: 'Ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' };
    const held = analyzeWallet(input, walletDeps({ walletBlacklist }));
    expect(held.alerts).toEqual([
      {
        alertLevel: 'HIGH',
        category: 'Blacklist',
        service: 'Blacklist',
        externalId: 'bl_1',
        alertAmount: 0,
        exposureType: 'Blacklist',
        categoryId: ADDRESS_CATEGORY.blacklist.categoryId,
      },
    ]);
    expect(held.risk_level).toBe('HIGH');
    expect(held.sanctioned_categories).toEqual([{ category_id: 5, value: 0, exposureType: 'direct' }]);
    const rejected = analyzeWallet(input, walletDeps({ walletBlacklist, blacklistAction: 'REJECTED' }));
    expect(rejected.risk_level).toBe('SEVERE');
    expect(WalletRiskAnalysis.safeParse(rejected).success).toBe(true);
  });

  it('applies an asset-specific blacklist entry to that asset only', () => {
    const entry = aBlacklistEntry({ asset: 'USDT' });
    const deps = walletDeps({ walletBlacklist: new Map([[entry.value, entry]]) });
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(analyzeWallet({ network: 'Ethereum', asset: 'USDT', address }, deps).risk_level).toBe('HIGH');
    expect(analyzeWallet({ network: 'Ethereum', asset: 'USDC', address }, deps).alerts).toEqual([]);
  });

  it('counts money sent to a blacklisted counterparty as direct exposure to the Blacklist', () => {
    const wallet = '0x' + 'a'.repeat(40);
    const entry = aBlacklistEntry();
    const chain = InMemoryChainData.fromTransfers([
      transfer(wallet, entry.value, 250),
      transfer(wallet, '0x' + 'b'.repeat(40), 750),
    ]);
    const record = analyzeWallet(
      { network: 'Ethereum', asset: 'USDT', address: wallet },
      walletDeps({ chain, walletBlacklist: new Map([[entry.value, entry]]) }),
    );
    expect(record.alerts).toEqual([
      expect.objectContaining({
        category: 'Blacklist',
        service: 'Blacklist',
        exposureType: 'direct',
        alertAmount: 250,
      }),
    ]);
    expect(record.directExposure.direct).toEqual({ name: 'Blacklist', category: 'Blacklist', categoryId: 5 });
    expect(record.wallet_graph[0]?.outgoingEdges.map((e) => [e.counterparty.id, e.category])).toEqual([
      [entry.value, 'Blacklist'],
      ['0x' + 'b'.repeat(40), null],
    ]);
  });
});

describe('analyzeWallet on a synthetic chain', () => {
  const graph = generateSyntheticGraph({ seed: 42, transfers: 50_000, startTimestamp: Date.UTC(2025, 0, 1) });
  const chain = new InMemoryChainData(graph.columns);
  const addressBook = bookOfLabels(graph.labels);

  it.each(graph.planted.map((p) => [p.category, p.direction, p.hop, p] as const))(
    'finds the planted %s exposure (%s) at hop %i with its value share',
    (_category, _direction, _hop, planted) => {
      const record = analyzeWallet(
        { network: 'Ethereum', asset: 'USDT', address: planted.wallet },
        walletDeps({ addressBook, chain, exposureOptions: { direction: planted.direction } }),
      );
      expect(WalletRiskAnalysis.safeParse(record).success).toBe(true);
      const category = ADDRESS_CATEGORY[planted.category];
      const exposureType = planted.hop === 1 ? 'direct' : 'indirect';
      const total = chain
        .transfersOf(planted.wallet)
        .filter((t) => (planted.direction === 'outgoing' ? t.from : t.to) === planted.wallet)
        .reduce((sum, t) => sum + t.usd, 0);
      const alert = record.alerts.find(
        (a) => a.categoryId === category.categoryId && a.exposureType === exposureType,
      );
      expect(alert?.alertLevel).toBe(
        planted.hop === 1 ? category.alertLevel : INDIRECT_ALERT_LEVEL[category.alertLevel],
      );
      expect(alert?.service).toBe(addressBook.attributionsOf('Ethereum', planted.target)[0]?.entity_name);
      expect(alert?.alertAmount).toBeCloseTo(planted.tracedShare * total, 1);
      const edges =
        record.wallet_graph[0]![planted.direction === 'outgoing' ? 'outgoingEdges' : 'incomingEdges'];
      expect(edges.find((e) => e.counterparty.id === planted.target)?.hops).toBe(planted.hop);
      expect(record.sanctioned_categories).toContainEqual({
        category_id: category.categoryId,
        value: alert?.alertAmount,
        exposureType,
      });
    },
  );

  it('finds the same through a chain that offers only the port (an indexer or RPC adapter)', () => {
    const planted = graph.planted.find((p) => p.hop === 3 && p.direction === 'outgoing')!;
    const input = { network: 'Ethereum', asset: 'USDT', address: planted.wallet };
    const options = { exposureOptions: { direction: planted.direction } } as const;
    const native = analyzeWallet(input, walletDeps({ addressBook, chain, ...options }));
    const port = analyzeWallet(input, walletDeps({ addressBook, chain: portOnly(chain), ...options }));
    expect(port.alerts).toEqual(native.alerts);
    expect(port.wallet_graph).toEqual(native.wallet_graph);
    expect(port.wallet_balance).toEqual(native.wallet_balance);
  });

  it('reports the balance the transfers show and the largest attributed counterparty', () => {
    const planted = graph.planted.find((p) => p.hop === 1 && p.direction === 'outgoing')!;
    const record = analyzeWallet(
      { network: 'Ethereum', asset: 'USDT', address: planted.wallet },
      walletDeps({ addressBook, chain }),
    );
    // Funded by an exchange, paid out to a clean wallet and to the sanctioned target: nothing is left.
    expect(record.assetAmount).toBeCloseTo(0, 6);
    expect(record.directExposure.direct?.category).toBe('Exchange');
    expect(record.risk_level).toBe('SEVERE');
  });
});

describeWithDatasets('analyzeWallet on the real sanctions lists', () => {
  let addressBook: AddressBook;
  beforeAll(async () => {
    addressBook = buildAddressBook([...(await labelledAddressList()).entities, ...sdnEntities()], {
      version: 1,
    });
  });

  const byNetwork = (asset: string, network: WalletNetwork) => {
    const rows = sdnAddressRows().filter((r) => r.asset === asset);
    return [rows[0]!, rows[Math.floor(rows.length / 2)]!, rows.at(-1)!].map((r) => [network, r] as const);
  };

  it.each([...byNetwork('XBT', 'Bitcoin'), ...byNetwork('ETH', 'Ethereum'), ...byNetwork('TRX', 'TRON')])(
    'rates a sanctioned %s address SEVERE with a sanctions alert naming its SDN entry (%o)',
    (network, row) => {
      const record = analyzeWallet({ network, address: row.address }, walletDeps({ addressBook }));
      expect(WalletRiskAnalysis.safeParse(record).success).toBe(true);
      expect(record.risk_level).toBe('SEVERE');
      expect(record.alerts).toContainEqual({
        alertLevel: 'SEVERE',
        category: 'Sanctions',
        service: row.sdn_name,
        externalId: `ofac-sdn:${row.ent_num}`,
        alertAmount: 0,
        exposureType: 'direct',
        categoryId: ADDRESS_CATEGORY.sanctioned.categoryId,
      });
      expect(record.addressIdentification.customAddresses).toContainEqual(
        expect.objectContaining({ addressName: row.sdn_name, categoryName: 'Sanctions', categoryId: 1 }),
      );
      expect(record.sanctioned_categories).toEqual([{ category_id: 1, value: 0, exposureType: 'direct' }]);
    },
  );

  it('finds an EVM listing whatever case the query uses', () => {
    const row = sdnAddressRows().find((r) => r.asset === 'ETH')!;
    const lower = analyzeWallet(
      { network: 'ETH', address: row.address.toLowerCase() },
      walletDeps({ addressBook }),
    );
    expect(lower.risk_level).toBe('SEVERE');
    expect(lower.address).toBe(row.address.toLowerCase());
  });

  it.each(UNLISTED)('still finds nothing on the unlisted %s address', (network, address) => {
    const record = analyzeWallet({ network, address }, walletDeps({ addressBook }));
    expect(record.alerts).toEqual([]);
    expect(record.risk_level).toBe('NONE');
  });
});
