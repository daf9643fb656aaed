import { describe, expect, it } from 'vitest';
import { aggregateHits, compareExposures } from '../../../src/wallet/exposure/category-exposure.js';
import type { ExposureHit } from '../../../src/wallet/exposure/trace-flow.js';
import { ADDRESS_CATEGORY, type AddressCategoryName } from '../../../src/wallet/tables/categories.js';

function hit(address: string, name: AddressCategoryName, hop: number, tracedUsd: number): ExposureHit {
  return {
    address,
    category: ADDRESS_CATEGORY[name],
    direction: 'outgoing',
    hop,
    tracedUsd,
    weightedUsd: tracedUsd * 0.5 ** (hop - 1),
  };
}

describe('aggregateHits', () => {
  const hits = [hit('s1', 'sanctioned', 3, 100), hit('s2', 'sanctioned', 2, 40), hit('m1', 'mixer', 2, 10)];

  it('sums hits per category with the nearest hop and the largest contributors first', () => {
    const [sanctioned, mixer] = aggregateHits(hits, 'indirect', 1000);
    expect(sanctioned).toMatchObject({
      hop: 2,
      tracedUsd: 140,
      usd: 45,
      share: 0.045,
      addresses: ['s1', 's2'],
    });
    expect(mixer).toMatchObject({ hop: 2, tracedUsd: 10, usd: 5, share: 0.005, addressCount: 1 });
  });

  it('gives a share of 0 when the wallet moved nothing in that direction', () => {
    expect(aggregateHits([hit('s', 'sanctioned', 1, 0)], 'direct', 0)[0]?.share).toBe(0);
  });

  it('names at most ten contributing addresses but counts them all', () => {
    const many = Array.from({ length: 25 }, (_, i) => hit(`s${i}`, 'sanctioned', 2, i + 1));
    const [exposure] = aggregateHits(many, 'indirect', 1000);
    expect(exposure?.addresses).toHaveLength(10);
    expect(exposure?.addresses[0]).toBe('s24');
    expect(exposure?.addressCount).toBe(25);
  });
});

describe('compareExposures', () => {
  it('orders by alert level, then direct before indirect, then value', () => {
    const exposures = [
      ...aggregateHits([hit('e', 'exchange', 1, 5000)], 'direct', 10_000),
      ...aggregateHits([hit('m', 'mixer', 2, 100)], 'indirect', 10_000),
      ...aggregateHits([hit('s', 'sanctioned', 3, 10)], 'indirect', 10_000),
      ...aggregateHits([hit('s', 'sanctioned', 1, 1)], 'direct', 10_000),
    ].sort(compareExposures);
    expect(exposures.map((e) => [e.category.name, e.exposureType])).toEqual([
      ['sanctioned', 'direct'],
      ['sanctioned', 'indirect'],
      ['mixer', 'indirect'],
      ['exchange', 'direct'],
    ]);
  });
});
