import { describe, expect, it } from 'vitest';
import {
  type ExposureHit,
  recordHit,
  type TraceBudget,
  traceIndirectFlow,
} from '../../../src/wallet/exposure/trace-flow.js';
import { PortWalkSource, type WalkSource } from '../../../src/wallet/exposure/walk-source.js';
import { ADDRESS_CATEGORY } from '../../../src/wallet/tables/categories.js';
import { attributionOf, chainOf, portOnly } from '../support/transfers.js';

function budget(): TraceBudget {
  return {
    nodesLeft: 100,
    edgesLeft: 10_000,
    expandedNodes: 0,
    readEdges: 0,
    skippedNodes: 0,
    truncated: false,
  };
}

/** W → A → {S, B → S}: A passes half of W's 100 to S directly and half to B, which passes it all to S. */
const chain = chainOf([
  ['W', 'A', 100],
  ['A', 'S', 50],
  ['A', 'B', 50],
  ['B', 'S', 50],
]);
const attribute = attributionOf({ S: 'sanctioned' });

function trace(source: WalkSource, maxHops: number, minFlowUsd = 0): ExposureHit[] {
  return [
    ...traceIndirectFlow(
      {
        source,
        centerId: source.idOf('W'),
        direction: 'outgoing',
        attribute,
        firstHop: new Map([[source.idOf('A'), 100]]),
        maxHops,
        haircut: 0.5,
        minFlowUsd,
      },
      budget(),
    ).values(),
  ];
}

describe('traceIndirectFlow', () => {
  it.each([
    [2, [{ hop: 2, tracedUsd: 50, weightedUsd: 25 }]],
    [3, [{ hop: 2, tracedUsd: 100, weightedUsd: 37.5 }]],
  ])('with maxHops %i sums every path to S at its own weight', (maxHops, expected) => {
    expect(trace(chain, maxHops)).toMatchObject(expected);
  });

  it('gives the same hits through the port as through the in-memory id view', () => {
    expect(trace(new PortWalkSource(portOnly(chain)), 3)).toEqual(trace(chain, 3));
  });

  it('drops paths thinner than minFlowUsd, and with them what they would have found', () => {
    expect(trace(chain, 3, 60)).toEqual([]);
  });

  it('counts its work in the shared budget', () => {
    const spent = budget();
    traceIndirectFlow(
      {
        source: chain,
        centerId: chain.idOf('W'),
        direction: 'outgoing',
        attribute,
        firstHop: new Map([[chain.idOf('A'), 100]]),
        maxHops: 3,
        haircut: 0.5,
        minFlowUsd: 0,
      },
      spent,
    );
    expect(spent).toMatchObject({ expandedNodes: 2, readEdges: 3, nodesLeft: 98, truncated: false });
  });
});

describe('recordHit', () => {
  it('keeps the nearest hop and sums both figures', () => {
    const hits = new Map<string, ExposureHit>();
    recordHit(hits, 'S', ADDRESS_CATEGORY.sanctioned, 'incoming', 3, 10, 2.5);
    recordHit(hits, 'S', ADDRESS_CATEGORY.sanctioned, 'incoming', 2, 10, 5);
    expect(hits.get('S')).toMatchObject({ hop: 2, tracedUsd: 20, weightedUsd: 7.5 });
  });
});
