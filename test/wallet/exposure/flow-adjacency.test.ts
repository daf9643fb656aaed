import { describe, expect, it } from 'vitest';
import { buildFlowAdjacency } from '../../../src/wallet/exposure/flow-adjacency.js';
import { TransferColumnsBuilder } from '../../../src/wallet/exposure/transfer-columns.js';
import { transfer } from '../support/transfers.js';

function columnsOf(edges: readonly (readonly [string, string, number])[]) {
  const builder = new TransferColumnsBuilder();
  for (const [from, to, usd] of edges) builder.add(transfer(from, to, usd));
  return builder.build();
}

/** Edges of one address as [counterparty, usd] pairs, by name. */
function edgesOf(columns: ReturnType<typeof columnsOf>, direction: 'incoming' | 'outgoing', address: string) {
  const adjacency = buildFlowAdjacency(columns, direction);
  const id = columns.addresses.indexOf(address);
  const out: [string, number][] = [];
  for (let k = adjacency.offsets[id] ?? 0; k < (adjacency.offsets[id + 1] ?? 0); k++) {
    out.push([columns.addresses[adjacency.counterparty[k] ?? 0] ?? '', adjacency.usd[k] ?? 0]);
  }
  return { edges: out, total: adjacency.totalUsd[id] };
}

describe('buildFlowAdjacency', () => {
  const columns = columnsOf([
    ['A', 'B', 10],
    ['A', 'C', 5],
    ['A', 'B', 7],
    ['C', 'A', 3],
    ['A', 'A', 100],
    ['B', 'C', 1],
  ]);

  it('merges repeated transfers to one counterparty into one edge and leaves self-transfers out', () => {
    expect(edgesOf(columns, 'outgoing', 'A')).toEqual({
      edges: [
        ['B', 17],
        ['C', 5],
      ],
      total: 22,
    });
  });

  it('builds the incoming side the same way', () => {
    expect(edgesOf(columns, 'incoming', 'A')).toEqual({ edges: [['C', 3]], total: 3 });
    expect(edgesOf(columns, 'incoming', 'C')).toEqual({
      edges: [
        ['A', 5],
        ['B', 1],
      ],
      total: 6,
    });
  });

  it('gives an address without transfers in a direction no edges', () => {
    expect(edgesOf(columns, 'incoming', 'B').edges).toEqual([['A', 17]]);
    expect(edgesOf(columnsOf([['X', 'Y', 1]]), 'outgoing', 'Y')).toEqual({ edges: [], total: 0 });
  });
});
