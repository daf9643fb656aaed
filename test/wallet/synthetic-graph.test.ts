import { describe, expect, it } from 'vitest';
import { computeExposure } from '../../src/wallet/exposure/compute-exposure.js';
import { InMemoryChainData } from '../../src/wallet/exposure/in-memory-chain-data.js';
import { SeededRandom } from '../../src/wallet/seeded-random.js';
import { generateSyntheticGraph } from '../../src/wallet/synthetic-graph.js';
import { ALERT_LEVEL_RANK } from '../../src/wallet/tables/alert-levels.js';
import { portOnly } from './support/transfers.js';

const START = Date.UTC(2025, 0, 1);

/** A cheap fingerprint of a whole graph: any change in any column changes it. */
function fingerprint(columns: ReturnType<typeof generateSyntheticGraph>['columns']): string {
  let h = 0;
  for (let i = 0; i < columns.length; i++) {
    h =
      (Math.imul(h, 31) +
        (columns.from[i] ?? 0) * 7 +
        (columns.to[i] ?? 0) +
        Math.round(columns.usd[i] ?? 0)) |
      0;
  }
  return `${columns.length}:${columns.addresses.length}:${columns.addresses[5]}:${h}`;
}

describe('generateSyntheticGraph', () => {
  const graph = generateSyntheticGraph({ seed: 42, transfers: 50_000, startTimestamp: START });
  const chain = new InMemoryChainData(graph.columns);

  it('writes exactly the transfers asked for, the same ones for the same seed', () => {
    expect(graph.columns.length).toBe(50_000);
    const again = generateSyntheticGraph({ seed: 42, transfers: 50_000, startTimestamp: START });
    const other = generateSyntheticGraph({ seed: 43, transfers: 50_000, startTimestamp: START });
    expect(fingerprint(again.columns)).toBe(fingerprint(graph.columns));
    expect(fingerprint(other.columns)).not.toBe(fingerprint(graph.columns));
  });

  it.each([[-1], [1.5], [Number.NaN]])('refuses %d transfers', (transfers) => {
    expect(() => generateSyntheticGraph({ seed: 1, transfers, startTimestamp: START })).toThrow(
      /whole number of transfers/,
    );
  });

  it('uses valid-looking EVM addresses, time-ordered transfers and consistent amounts', () => {
    expect(graph.columns.addresses.every((a) => /^0x[0-9a-f]{40}$/.test(a))).toBe(true);
    let ordered = true;
    for (let i = 1; i < graph.columns.length; i++) {
      ordered &&= (graph.columns.timestamp[i] ?? 0) > (graph.columns.timestamp[i - 1] ?? 0);
    }
    expect(ordered).toBe(true);
    expect(graph.columns.timestamp[0]).toBeGreaterThan(START);
  });

  it('has hubs: exchanges, mixers and unlabelled services lead the degree ranking; mixers fan in and out', () => {
    const byDegree = [...graph.columns.addresses].sort(
      (a, b) => chain.transferCountOf(b) - chain.transferCountOf(a),
    );
    const services = new Set(graph.services);
    const kinds = byDegree
      .slice(0, 15)
      .map((a) => graph.labels.get(a)?.name ?? (services.has(a) ? 'service' : 'wallet'));
    expect(kinds.filter((k) => k !== 'exchange' && k !== 'mixer' && k !== 'service')).toEqual([]);
    const meanWalletDegree =
      graph.wallets.reduce((sum, a) => sum + chain.transferCountOf(a), 0) / graph.wallets.length;
    for (const service of graph.services) {
      expect(chain.transferCountOf(service)).toBeGreaterThan(50 * meanWalletDegree);
    }
    const mixers = [...graph.labels].filter(([, c]) => c.name === 'mixer').map(([a]) => a);
    for (const mixer of mixers) {
      const transfers = chain.transfersOf(mixer);
      expect(transfers.filter((t) => t.to === mixer).length).toBeGreaterThan(20);
      expect(transfers.filter((t) => t.from === mixer).length).toBeGreaterThan(20);
    }
  });

  it.each(
    generateSyntheticGraph({ seed: 42, transfers: 50_000, startTimestamp: START }).planted.map((p) => [
      p.category,
      p.direction,
      p.hop,
      p,
    ]),
  )('finds the planted %s exposure (%s) at hop %i with its share', (_c, _d, _h, planted) => {
    const result = computeExposure(chain, planted.wallet, graph.attribute, { direction: planted.direction });
    const risky = result.exposures.filter(
      (e) => ALERT_LEVEL_RANK[e.category.alertLevel] >= ALERT_LEVEL_RANK.MEDIUM,
    );
    expect(risky).toHaveLength(1);
    const [found] = risky;
    expect(found?.category.name).toBe(planted.category);
    expect(found?.addresses).toEqual([planted.target]);
    expect(found?.hop).toBe(planted.hop);
    expect(found?.exposureType).toBe(planted.hop === 1 ? 'direct' : 'indirect');
    expect(found?.share).toBeCloseTo(planted.tracedShare * 0.5 ** (planted.hop - 1), 9);
  });

  it('gives the same exposures through the bare port as through the in-memory id view', () => {
    const random = new SeededRandom(9);
    const addresses = [
      ...graph.planted.map((p) => p.wallet),
      ...Array.from({ length: 40 }, () => random.pick(graph.wallets)),
    ];
    const port = portOnly(chain);
    for (const address of addresses) {
      const viaPort = computeExposure(port, address, graph.attribute).exposures;
      const inMemory = computeExposure(chain, address, graph.attribute).exposures;
      expect(viaPort.length, address).toBe(inMemory.length);
      viaPort.forEach((e, i) => {
        const m = inMemory[i];
        expect([e.category.name, e.direction, e.exposureType, e.hop, e.addressCount]).toEqual([
          m?.category.name,
          m?.direction,
          m?.exposureType,
          m?.hop,
          m?.addressCount,
        ]);
        expect(e.usd).toBeCloseTo(m?.usd ?? NaN, 6);
      });
    }
  });
});

describe('generateSyntheticGraph at 1,000,000 transfers', () => {
  it('builds, indexes and still finds every planted exposure at its hop', () => {
    const graph = generateSyntheticGraph({ seed: 1, transfers: 1_000_000, startTimestamp: START });
    const chain = new InMemoryChainData(graph.columns);
    expect(chain.transferCount).toBe(1_000_000);
    expect(chain.addressCount).toBeGreaterThan(150_000);
    const missed = graph.planted.filter((p) => {
      const result = computeExposure(chain, p.wallet, graph.attribute, { direction: p.direction });
      return !result.exposures.some((e) => e.category.name === p.category && e.hop === p.hop);
    });
    expect(missed).toEqual([]);
  });
});
