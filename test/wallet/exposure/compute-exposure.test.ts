import { describe, expect, it } from 'vitest';
import { WardenError } from '../../../src/model/errors.js';
import type { CategoryExposure } from '../../../src/wallet/exposure/category-exposure.js';
import { computeExposure } from '../../../src/wallet/exposure/compute-exposure.js';
import { attributionOf, chainOf, transfer } from '../support/transfers.js';
import { InMemoryChainData } from '../../../src/wallet/exposure/in-memory-chain-data.js';

/**
 *        E(exchange) ─1000→ W ─100→ S(sanctioned)
 *                           ├─600→ A ─300→ M(mixer)
 *                           │        └300→ C ─150→ S
 *                           │                └150→ X
 *                           └─300→ B ─50→ S          (B also received 700 from Y, so only 5% of it is W's)
 */
const chain = chainOf([
  ['E', 'W', 1000],
  ['W', 'A', 600],
  ['W', 'S', 100],
  ['W', 'B', 300],
  ['A', 'M', 300],
  ['A', 'C', 300],
  ['C', 'S', 150],
  ['C', 'X', 150],
  ['Y', 'B', 700],
  ['B', 'S', 50],
]);
const attribute = attributionOf({ E: 'exchange', S: 'sanctioned', M: 'mixer' });

function summary(e: CategoryExposure): [string, string, string, number, number, number, number] {
  return [e.category.name, e.exposureType, e.direction, e.hop, e.tracedUsd, e.usd, e.share];
}

describe('computeExposure on a hand-built graph', () => {
  it('finds direct and value-weighted indirect exposure, worst first', () => {
    const result = computeExposure(chain, 'W', attribute);
    expect(result.exposures.map(summary)).toEqual([
      ['sanctioned', 'direct', 'outgoing', 1, 100, 100, 0.1],
      // via B at hop 2: 300 × 50/1000 = 15 (weight 0.5 → 7.5); via A→C at hop 3: 600 × 300/600 × 150/300 = 150 (× 0.25 → 37.5)
      ['sanctioned', 'indirect', 'outgoing', 2, 165, 45, 0.045],
      // via A at hop 2: 600 × 300/600 = 300, × 0.5
      ['mixer', 'indirect', 'outgoing', 2, 300, 150, 0.15],
      ['exchange', 'direct', 'incoming', 1, 1000, 1000, 1],
    ]);
    expect(result.worstAlertLevel).toBe('SEVERE');
    expect(result.totals).toEqual({ incomingUsd: 1000, outgoingUsd: 1000, transfers: 4 });
  });

  it('names the direct counterparties with a category, worst first', () => {
    const result = computeExposure(chain, 'W', attribute);
    expect(
      result.counterparties.map((c) => [c.address, c.category.name, c.direction, c.usd, c.transfers]),
    ).toEqual([
      ['S', 'sanctioned', 'outgoing', 100, 1],
      ['E', 'exchange', 'incoming', 1000, 1],
    ]);
  });

  it.each([
    [1, []],
    [
      2,
      [
        ['sanctioned', 2, 15, 7.5],
        ['mixer', 2, 300, 150],
      ],
    ],
    [
      3,
      [
        ['sanctioned', 2, 165, 45],
        ['mixer', 2, 300, 150],
      ],
    ],
  ])('with maxHops %i the indirect exposure is %j', (maxHops, expected) => {
    const indirect = computeExposure(chain, 'W', attribute, { maxHops })
      .exposures.filter((e) => e.exposureType === 'indirect')
      .map((e) => [e.category.name, e.hop, e.tracedUsd, e.usd]);
    expect(indirect).toEqual(expected);
  });

  it('applies the haircut per hop of each path', () => {
    const sanctioned = computeExposure(chain, 'W', attribute, { haircut: 1 }).exposures.find(
      (e) => e.category.name === 'sanctioned' && e.exposureType === 'indirect',
    );
    expect(sanctioned?.usd).toBe(165);
  });

  it('traces only the asked direction', () => {
    const incoming = computeExposure(chain, 'W', attribute, { direction: 'incoming' });
    expect(incoming.exposures.map(summary)).toEqual([['exchange', 'direct', 'incoming', 1, 1000, 1000, 1]]);
    expect(incoming.worstAlertLevel).toBe('LOW');
  });

  it("does not walk through an attributed address: the mixer's own counterparties are not the wallet's", () => {
    const withMixerOutflow = chainOf([
      ['W', 'M', 100],
      ['M', 'S', 100],
    ]);
    const result = computeExposure(withMixerOutflow, 'W', attribute);
    expect(result.exposures.map((e) => [e.category.name, e.exposureType])).toEqual([['mixer', 'direct']]);
  });

  it('traces where the money came from: incoming exposure through an intermediary', () => {
    // P received 400 from S and 600 from Q, and paid W 500: 500 × 400/1000 = 200 of W's 1000 came from S.
    const sources = chainOf([
      ['S', 'P', 400],
      ['Q', 'P', 600],
      ['P', 'W', 500],
      ['L', 'W', 500],
    ]);
    const [exposure] = computeExposure(sources, 'W', attribute).exposures;
    expect(exposure && summary(exposure)).toEqual(['sanctioned', 'indirect', 'incoming', 2, 200, 100, 0.1]);
  });

  it('reports a 0 USD contact with a sanctioned address (a dusting transfer is still contact)', () => {
    const dusted = chainOf([
      ['S', 'W', 0],
      ['Q', 'W', 10],
    ]);
    const result = computeExposure(dusted, 'W', attribute);
    expect(result.exposures.map(summary)).toEqual([['sanctioned', 'direct', 'incoming', 1, 0, 0, 0]]);
    expect(result.worstAlertLevel).toBe('SEVERE');
  });

  it('ignores self-transfers and flows that loop back to the wallet or to a node already reached', () => {
    const loops = chainOf([
      ['W', 'W', 1_000_000],
      ['W', 'A', 100],
      ['A', 'W', 50],
      ['A', 'B', 50],
      ['B', 'A', 25],
      ['B', 'S', 25],
    ]);
    const result = computeExposure(loops, 'W', attribute, { direction: 'outgoing', maxHops: 6 });
    // A (in 100 + 25, out 50 + 50) passes 100 × 50/125 = 40 to B; B (in 50, out 25 + 25) passes
    // 40 × 25/50 = 20 to S at hop 3. The flows back to W and back to A add nothing.
    expect(result.exposures.map(summary)).toEqual([['sanctioned', 'indirect', 'outgoing', 3, 20, 5, 0.05]]);
    expect(result.totals.outgoingUsd).toBe(100);
  });

  it('returns no exposure for an address the chain has never seen', () => {
    const result = computeExposure(chain, 'nobody', attribute);
    expect(result.exposures).toEqual([]);
    expect(result.worstAlertLevel).toBeNull();
    expect(result.graph.incomingEdges).toEqual([]);
  });
});

describe('computeExposure stays bounded', () => {
  // W pays an unattributed hub H with 20,000 transfers, and a small A that pays S.
  const hubTransfers = [transfer('W', 'H', 1000), transfer('W', 'A', 10), transfer('A', 'S', 10)];
  for (let i = 0; i < 20_000; i++) hubTransfers.push(transfer('H', `r${i}`, 1));
  const hubChain = InMemoryChainData.fromTransfers(hubTransfers);
  const attribute2 = attributionOf({ S: 'sanctioned' });

  it('skips a hub with more edges than the budget has left, and still follows the smaller paths', () => {
    const result = computeExposure(hubChain, 'W', attribute2, { maxEdges: 5_000 });
    expect(result.work).toMatchObject({ truncated: true, skippedNodes: 1, expandedNodes: 1 });
    expect(result.exposures.map((e) => [e.category.name, e.hop])).toEqual([['sanctioned', 2]]);
  });

  it("does not expand the hub's recipients when each carries less than minShare of the wallet's flow", () => {
    // Each recipient carries 1000/20,001 USD of W's 1010 outgoing: ~0.005%, under the default 0.01%.
    const result = computeExposure(hubChain, 'W', attribute2, { maxHops: 3 });
    expect(result.work).toMatchObject({ truncated: false, expandedNodes: 2 });
  });

  it('stops after maxNodes expansions, largest flows first', () => {
    const result = computeExposure(hubChain, 'W', attribute2, { maxNodes: 1 });
    expect(result.work).toMatchObject({ truncated: true, expandedNodes: 1 });
    expect(result.exposures).toEqual([]);
  });

  it('walks the hub when the budget allows', () => {
    const result = computeExposure(hubChain, 'W', attribute2, { maxHops: 2 });
    expect(result.work).toMatchObject({ truncated: false, expandedNodes: 2, readEdges: 20_000 + 1 });
  });

  it("stops at maxNodes when the hub's 20,000 recipients would all be expanded for hop 3", () => {
    const result = computeExposure(hubChain, 'W', attribute2, { maxHops: 3, maxNodes: 5_000, minShare: 0 });
    expect(result.work).toMatchObject({ truncated: true, expandedNodes: 5_000 });
    expect(result.exposures.map((e) => [e.category.name, e.hop])).toEqual([['sanctioned', 2]]);
  });

  it.each([
    [{ maxHops: 0 }, 'maxHops'],
    [{ haircut: 0 }, 'haircut'],
    [{ haircut: 1.5 }, 'haircut'],
    [{ direction: 'sideways' as 'both' }, 'direction'],
    [{ maxNodes: -1 }, 'maxNodes'],
  ])('refuses the options %j with a VALIDATION_ERROR naming %s', (options, field) => {
    let error: unknown;
    try {
      computeExposure(chain, 'W', attribute, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WardenError);
    expect((error as WardenError).code).toBe('VALIDATION_ERROR');
    expect((error as WardenError).path).toEqual(['options', field]);
  });
});
