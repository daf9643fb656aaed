import { describe, expect, it } from 'vitest';
import type { AddressAttribution } from '../../src/wallet/address-book.js';
import { computeExposure } from '../../src/wallet/exposure/compute-exposure.js';
import { ADDRESS_CATEGORY, blacklistCategory } from '../../src/wallet/tables/categories.js';
import { INDIRECT_ALERT_LEVEL, walletFindings } from '../../src/wallet/wallet-findings.js';
import { attributionOf, chainOf } from './support/transfers.js';

const own: AddressAttribution = {
  network: 'Ethereum',
  address: 'W',
  category: ADDRESS_CATEGORY.sanctioned,
  label: 'Digital Currency Address - ETH',
  list: 'ofac-sdn',
  entity_id: '30003',
  entity_name: 'LAZARUS GROUP',
  source: 'ofac-sdn',
  reference: null,
};
const listings = {
  listingOf: (address: string) => ({ name: `Named ${address}`, externalId: `intel:${address}` }),
};

describe('walletFindings', () => {
  // W sends 100 to a sanctioned S directly, 300 through A to a mixer M; receives 1000 from an exchange X.
  const chain = chainOf([
    ['W', 'S', 100],
    ['W', 'A', 300],
    ['A', 'M', 300],
    ['X', 'W', 1000],
  ]);
  const exposure = computeExposure(chain, 'W', attributionOf({ S: 'sanctioned', M: 'mixer', X: 'exchange' }));

  it('raises one alert per own attribution, blacklist hit and exposure, worst first', () => {
    const blacklisted = {
      id: 'bl_9',
      type: 'WALLET',
      value: 'W',
      network: 'Ethereum',
      asset: null,
      reason: null,
      created_at: 0,
      updated_at: 0,
    } as const;
    const findings = walletFindings({
      attributions: [own],
      exposure,
      blacklisted,
      blacklistCategory: blacklistCategory('EVALUATION'),
      listings,
    });
    expect(
      findings.alerts.map((a) => [a.alertLevel, a.category, a.exposureType, a.service, a.alertAmount]),
    ).toEqual([
      ['SEVERE', 'Sanctions', 'direct', 'LAZARUS GROUP', 1400],
      ['SEVERE', 'Sanctions', 'direct', 'Named S', 100],
      ['HIGH', 'Blacklist', 'Blacklist', 'Blacklist', 1400],
      // A mixer (HIGH) reached through one intermediary: one level lower.
      [INDIRECT_ALERT_LEVEL.HIGH, 'Mixer', 'indirect', 'Named M', 300],
      ['LOW', 'Exchange', 'direct', 'Named X', 1000],
    ]);
    expect(findings.riskLevel).toBe('SEVERE');
    // The wallet's own category takes its whole volume; a category met both ways keeps the larger figure.
    expect(findings.sanctionedCategories).toEqual([
      { category_id: 1, value: 1400, exposureType: 'direct' },
      { category_id: 5, value: 1400, exposureType: 'direct' },
      { category_id: 11, value: 1000, exposureType: 'direct' },
      { category_id: 6, value: 300, exposureType: 'indirect' },
    ]);
    expect(findings.directExposure.direct).toEqual({ name: 'Named X', category: 'Exchange', categoryId: 11 });
    expect(findings.customAddresses).toEqual([
      {
        addressName: 'LAZARUS GROUP',
        categoryName: 'Sanctions',
        description: 'Digital Currency Address - ETH; list ofac-sdn, entity 30003',
        categoryId: 1,
      },
    ]);
  });

  it('finds nothing and rates NONE when nothing is known', () => {
    const findings = walletFindings({
      attributions: [],
      exposure: null,
      blacklisted: null,
      blacklistCategory: blacklistCategory('REJECTED'),
      listings,
    });
    expect(findings).toEqual({
      customAddresses: [],
      alerts: [],
      directExposure: { direct: null },
      sanctionedCategories: [],
      riskLevel: 'NONE',
    });
  });
});
