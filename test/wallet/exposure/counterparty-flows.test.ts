import { describe, expect, it } from 'vitest';
import { summarizeWalletFlows } from '../../../src/wallet/exposure/counterparty-flows.js';
import { transfer } from '../support/transfers.js';

describe('summarizeWalletFlows', () => {
  const transfers = [
    transfer('W', 'A', 10, { timestamp: 5 }),
    transfer('W', 'A', 20, { timestamp: 3 }),
    transfer('W', 'A', 3000, { asset: 'ETH', amount: 1, timestamp: 4 }),
    transfer('A', 'W', 7, { timestamp: 9 }),
    transfer('W', 'W', 1000, { timestamp: 1 }),
    transfer('B', 'W', 2, { timestamp: 2 }),
  ];
  const summary = summarizeWalletFlows(transfers, 'W');

  it('sums per counterparty, direction and asset, in order of first appearance', () => {
    expect(summary.flows.map((f) => [f.counterparty, f.direction, f.asset, f.usd, f.transfers])).toEqual([
      ['A', 'outgoing', 'USDT', 30, 2],
      ['A', 'outgoing', 'ETH', 3000, 1],
      ['A', 'incoming', 'USDT', 7, 1],
      ['B', 'incoming', 'USDT', 2, 1],
    ]);
  });

  it('keeps the first and last time of each flow', () => {
    expect([summary.flows[0]?.firstTimestamp, summary.flows[0]?.lastTimestamp]).toEqual([3, 5]);
  });

  it('totals each direction without the self-transfer, but counts it as a transfer', () => {
    expect([summary.incomingUsd, summary.outgoingUsd, summary.transfers]).toEqual([9, 3030, 6]);
  });
});
