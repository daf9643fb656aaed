import { describe, expect, it } from 'vitest';
import { InMemoryChainData } from '../../../src/wallet/exposure/in-memory-chain-data.js';
import { EdgeBuffer, PortWalkSource, walkSourceOf } from '../../../src/wallet/exposure/walk-source.js';
import { portOnly, transfer } from '../support/transfers.js';

describe('walk sources', () => {
  const chain = InMemoryChainData.fromTransfers([
    transfer('A', 'B', 10),
    transfer('A', 'B', 5),
    transfer('A', 'C', 1),
    transfer('D', 'A', 7),
    transfer('A', 'A', 50),
  ]);

  it("uses the chain's own id view when it offers one, else wraps the port", () => {
    expect(walkSourceOf(chain)).toBe(chain);
    expect(walkSourceOf(portOnly(chain))).toBeInstanceOf(PortWalkSource);
  });

  it.each(['outgoing', 'incoming'] as const)(
    'reads the same %s edges and totals through the port as in memory',
    (direction) => {
      const read = (source: ReturnType<typeof walkSourceOf>) => {
        const buffer = new EdgeBuffer();
        const n = source.read(source.idOf('A'), direction, buffer);
        const edges = Array.from({ length: n }, (_, k) => [
          source.addressOf(buffer.counterparty[k] ?? -1),
          buffer.usd[k],
        ]);
        return { edges, inUsd: buffer.inUsd, outUsd: buffer.outUsd };
      };
      expect(read(walkSourceOf(portOnly(chain)))).toEqual(read(chain));
    },
  );

  it('interns addresses to stable ids and grows its buffer for a hub', () => {
    const hub = InMemoryChainData.fromTransfers(
      Array.from({ length: 3000 }, (_, i) => transfer('H', `r${i}`, 1)),
    );
    const source = new PortWalkSource(portOnly(hub));
    const h = source.idOf('H');
    expect(source.idOf('H')).toBe(h);
    const buffer = new EdgeBuffer();
    expect(source.read(h, 'outgoing', buffer)).toBe(3000);
    expect(buffer.counterparty.length).toBeGreaterThanOrEqual(3000);
    expect(source.costOf(h)).toBe(3000);
  });
});
