import { describe, expect, it } from 'vitest';
import { summarizeWalletFlows } from '../../../src/wallet/exposure/counterparty-flows.js';
import { buildWalletGraph } from '../../../src/wallet/exposure/wallet-graph.js';
import { attributionOf, transfer } from '../support/transfers.js';

describe('buildWalletGraph', () => {
  const transfers = [
    transfer('W', 'big', 5000),
    transfer('W', 'small', 10),
    transfer('W', 'S', 1),
    transfer('W', 'E', 20),
    transfer('E', 'W', 900),
    transfer('E', 'W', 100, { asset: 'ETH', amount: 0.03 }),
  ];
  const flows = summarizeWalletFlows(transfers, 'W').flows;
  const attribute = attributionOf({ S: 'sanctioned', E: 'exchange' });

  it('keeps attributed counterparties first, then the largest values, one edge per counterparty and asset', () => {
    const graph = buildWalletGraph('W', flows, attribute, 50);
    expect(graph.centerNode).toEqual({ id: 'W', type: 'wallet' });
    expect(graph.outgoingEdges.map((e) => [e.counterparty, e.usd, e.category?.name ?? null])).toEqual([
      ['S', 1, 'sanctioned'],
      ['E', 20, 'exchange'],
      ['big', 5000, null],
      ['small', 10, null],
    ]);
    expect(graph.incomingEdges.map((e) => [e.counterparty, e.asset, e.amount])).toEqual([
      ['E', 'USDT', 900],
      ['E', 'ETH', 0.03],
    ]);
  });

  it('bounds the edges per direction and says how many it left out', () => {
    const graph = buildWalletGraph('W', flows, attribute, 2);
    expect(graph.outgoingEdges.map((e) => e.counterparty)).toEqual(['S', 'E']);
    expect([graph.omittedOutgoingEdges, graph.omittedIncomingEdges]).toEqual([2, 0]);
  });
});
