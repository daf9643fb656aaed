import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_CATEGORIES,
  ADDRESS_CATEGORY,
  ADDRESS_CATEGORY_NAMES,
  type AddressCategoryName,
  addressCategoryById,
  blacklistCategory,
  categorizeLabel,
  LABEL_PATTERNS,
  normalizeLabel,
} from '../../../src/wallet/tables/categories.js';
import { describeWithDatasets, sharedPath } from '../../support/datasets.js';

describe('ADDRESS_CATEGORIES', () => {
  it('has one entry per category name, with unique ids and display names', () => {
    expect(ADDRESS_CATEGORIES.map((c) => c.name)).toEqual([...ADDRESS_CATEGORY_NAMES]);
    expect(new Set(ADDRESS_CATEGORIES.map((c) => c.categoryId)).size).toBe(ADDRESS_CATEGORIES.length);
    expect(new Set(ADDRESS_CATEGORIES.map((c) => c.categoryName)).size).toBe(ADDRESS_CATEGORIES.length);
  });

  it.each<[AddressCategoryName, string]>([
    ['sanctioned', 'SEVERE'],
    ['terrorist-financing', 'SEVERE'],
    ['ransomware', 'SEVERE'],
    ['darknet-market', 'SEVERE'],
    ['blacklist', 'SEVERE'],
    ['mixer', 'HIGH'],
    ['stolen-funds', 'HIGH'],
    ['scam', 'HIGH'],
    ['gambling', 'MEDIUM'],
    ['exchange', 'LOW'],
    ['dex', 'LOW'],
    ['bridge', 'LOW'],
    ['defi', 'LOW'],
    ['other', 'LOW'],
  ])('%s raises %s alerts', (name, level) => {
    expect(ADDRESS_CATEGORY[name].alertLevel).toBe(level);
  });

  it('finds a category by its id', () => {
    expect(addressCategoryById(1)?.name).toBe('sanctioned');
    expect(addressCategoryById(12345)).toBeUndefined();
  });

  it('sets the blacklist level from the client action', () => {
    expect(blacklistCategory('REJECTED').alertLevel).toBe('SEVERE');
    expect(blacklistCategory('EVALUATION')).toMatchObject({
      name: 'blacklist',
      categoryName: 'Blacklist',
      alertLevel: 'HIGH',
    });
  });

  it('points every label pattern at a category of the table', () => {
    for (const p of LABEL_PATTERNS) expect(ADDRESS_CATEGORY_NAMES).toContain(p.category);
  });
});

describe('categorizeLabel on real Etherscan / OFAC label sets', () => {
  it.each<[string[], AddressCategoryName | null]>([
    [['sanctioned'], 'sanctioned'],
    [['sanctioned', 'mixer', 'tornado-cash'], 'sanctioned'],
    [['ethereum-mixer', 'ofac-sanctions-lists', 'tornado-cash'], 'sanctioned'],
    [['blocked', 'ofac-sanctions-lists'], 'sanctioned'],
    [['tornado-cash'], 'mixer'],
    [['ethereum-mixer'], 'mixer'],
    [['heist'], 'stolen-funds'],
    [['exploit'], 'stolen-funds'],
    [['compromised'], 'stolen-funds'],
    [['phish-hack'], 'scam'],
    [['scam'], 'scam'],
    [['Phish / Hack'], 'scam'],
    [['blocked'], 'frozen'],
    [['gambling'], 'gambling'],
    [['exchange'], 'exchange'],
    [['binance'], 'exchange'],
    [['huobi'], 'exchange'],
    [['canary-exchange'], 'exchange'],
    [['sushiswap'], 'dex'],
    [['dex', 'hydro-protocol', 'protocol'], 'dex'],
    [['anyswap'], 'bridge'],
    [['multichain'], 'bridge'],
    [['bridge', 'hop-protocol'], 'bridge'],
    [['defi', 'mstable'], 'defi'],
    [['rocket-pool'], 'defi'],
    [['exchange', 'exploit', 'phish-hack', 'dex', 'bridge'], 'stolen-funds'],
    [['gambling', 'exchange'], 'gambling'],
    // False friends: victims' approval warnings, rollup machinery, token contracts.
    [['take-action'], 'other'],
    [['arbitrum', 'fraud-proof', 'layer-2', 'protocol'], 'other'],
    [['spam-token'], 'other'],
    [['privacy', 'security'], 'other'],
    [['blockchain'], 'other'],
    [['index-protocol'], 'other'],
    [['binance-pegged'], 'other'],
    [['token-contract', 'old-contract'], 'other'],
    [[], null],
    [['', '  '], null],
  ])('%j → %s', (labels, expected) => {
    expect(categorizeLabel(labels)?.name ?? null).toBe(expected);
  });

  it.each([
    ['Phish / Hack', 'phish-hack'],
    ['  Tornado.Cash  ', 'tornado-cash'],
    ['OFAC Sanctions Lists', 'ofac-sanctions-lists'],
  ])('normalizes %j to %j', (label, normalized) => {
    expect(normalizeLabel(label)).toBe(normalized);
  });
});

describeWithDatasets('categorizeLabel over labelled_addresses.csv (46,295 rows)', () => {
  const text = readFileSync(sharedPath('crypto', 'labelled_addresses.csv'), 'utf8');
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  const labelsOf = (row: Record<string, string>): string[] => (row['category'] ?? '').split(';');

  it('puts every OFAC-listed row in the sanctioned category', () => {
    const sanctionedRows = rows.filter((r) => r['category'] === 'sanctioned');
    expect(sanctionedRows.length).toBeGreaterThan(1000);
    expect(sanctionedRows.filter((r) => categorizeLabel(labelsOf(r))?.name !== 'sanctioned')).toEqual([]);
  });

  it('reaches every category the Etherscan scrape has material for', () => {
    const counts = new Map<string, number>();
    for (const row of rows) {
      const name = categorizeLabel(labelsOf(row))?.name ?? 'none';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    for (const name of [
      'sanctioned',
      'mixer',
      'stolen-funds',
      'scam',
      'frozen',
      'gambling',
      'exchange',
      'dex',
      'bridge',
      'defi',
      'other',
    ]) {
      expect(counts.get(name) ?? 0, name).toBeGreaterThan(0);
    }
  });

  it('never raises a HIGH or SEVERE category on a "take-action" victim warning alone', () => {
    const victims = rows.filter((r) => r['category'] === 'take-action');
    expect(victims.length).toBeGreaterThan(3000);
    expect(victims.filter((r) => categorizeLabel(labelsOf(r))?.name !== 'other')).toEqual([]);
  });
});
