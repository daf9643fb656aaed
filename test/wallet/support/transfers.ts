/** Factories for hand-built transfer graphs: `transfer('W', 'A', 600)` is 600 USDT (= 600 USD) from W to A. */
import type { ChainData, Transfer } from '../../../src/wallet/exposure/chain-data.js';
import { InMemoryChainData } from '../../../src/wallet/exposure/in-memory-chain-data.js';
import { ADDRESS_CATEGORY, type AddressCategoryName } from '../../../src/wallet/tables/categories.js';
import type { Attribution } from '../../../src/wallet/exposure/attribution.js';

let clock = 1_700_000_000_000;

export function transfer(from: string, to: string, usd: number, overrides: Partial<Transfer> = {}): Transfer {
  clock += 60_000;
  return { from, to, asset: 'USDT', amount: usd, usd, timestamp: clock, ...overrides };
}

/** A chain from `[from, to, usd]` triples. */
export function chainOf(edges: readonly (readonly [string, string, number])[]): InMemoryChainData {
  return InMemoryChainData.fromTransfers(edges.map(([from, to, usd]) => transfer(from, to, usd)));
}

/** An attribution from a plain table: `attributionOf({ S: 'sanctioned', M: 'mixer' })`. */
export function attributionOf(table: Readonly<Record<string, AddressCategoryName>>): Attribution {
  return (address) => {
    const name = table[address];
    return name === undefined ? null : ADDRESS_CATEGORY[name];
  };
}

/** A ChainData with nothing but the port: what an indexer- or RPC-backed adapter would look like. */
export function portOnly(chain: ChainData): ChainData {
  return { transfersOf: (a) => chain.transfersOf(a), transferCountOf: (a) => chain.transferCountOf(a) };
}
