import { describe, expect, it } from 'vitest';
import { InMemoryChainData } from '../../../src/wallet/exposure/in-memory-chain-data.js';
import { EdgeBuffer } from '../../../src/wallet/exposure/walk-source.js';
import { transfer } from '../support/transfers.js';

describe('InMemoryChainData', () => {
  const transfers = [
    transfer('A', 'B', 10, { asset: 'ETH', amount: 0.004 }),
    transfer('B', 'C', 4),
    transfer('C', 'A', 2),
    transfer('B', 'B', 9),
    transfer('A', 'B', 5),
  ];
  const chain = InMemoryChainData.fromTransfers(transfers);

  it('returns every transfer of an address, as given, with a self-transfer once', () => {
    expect(chain.transfersOf('A')).toEqual([transfers[0], transfers[2], transfers[4]]);
    expect(chain.transfersOf('B')).toEqual([transfers[0], transfers[1], transfers[3], transfers[4]]);
    expect(chain.transferCountOf('B')).toBe(4);
  });

  it('knows nothing of an address it has never seen', () => {
    expect(chain.transfersOf('Z')).toEqual([]);
    expect(chain.transferCountOf('Z')).toBe(0);
    expect(chain.idOf('Z')).toBe(-1);
  });

  it('serves the walk aggregated edges by id, with both totals', () => {
    const buffer = new EdgeBuffer();
    const b = chain.idOf('B');
    const n = chain.read(b, 'incoming', buffer);
    expect(n).toBe(1);
    expect([
      chain.addressOf(buffer.counterparty[0] ?? -1),
      buffer.usd[0],
      buffer.inUsd,
      buffer.outUsd,
    ]).toEqual(['A', 15, 15, 4]);
    expect(chain.costOf(b, 'outgoing')).toBe(1);
    expect(chain.walkSource()).toBe(chain);
  });

  it('counts its addresses and transfers', () => {
    expect([chain.addressCount, chain.transferCount]).toEqual([3, 5]);
  });
});
