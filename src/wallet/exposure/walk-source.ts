/**
 * What the exposure walk reads: addresses as dense integer ids, and a node's edges in one direction
 * (one per distinct counterparty, USD summed) copied into a reusable typed buffer. Walking ids and
 * aggregated edges instead of Transfer objects and address strings is what keeps a 3-hop walk over a
 * million-transfer graph within milliseconds: no object per transfer, no string hashing per counterparty.
 *
 * A `ChainData` that can offer this view natively (the in-memory graph) does so through
 * `walkSource()`; any other is wrapped by `PortWalkSource`, which interns addresses as it meets them.
 */
import type { ChainData, TransferDirection } from './chain-data.js';

/** A node's edges in one direction plus its USD totals in both. */
export class EdgeBuffer {
  counterparty = new Int32Array(1024);
  usd = new Float64Array(1024);
  inUsd = 0;
  outUsd = 0;

  /** Makes room for `n` edges (contents are not kept). */
  reserve(n: number): void {
    if (n <= this.counterparty.length) return;
    const capacity = 2 ** Math.ceil(Math.log2(n));
    this.counterparty = new Int32Array(capacity);
    this.usd = new Float64Array(capacity);
  }
}

export interface WalkSource {
  /** The id of an address; one the chain has never seen may get a fresh id or -1. */
  idOf(address: string): number;
  addressOf(id: number): string;
  /** How much `read` would cost (edges or transfers), known before reading: lets the walk skip a hub. */
  costOf(id: number, direction: TransferDirection): number;
  /** Copies the node's edges in `direction` into `into`, sets its totals, and returns the edge count. */
  read(id: number, direction: TransferDirection, into: EdgeBuffer): number;
}

/** A chain that offers the id view itself. */
export interface WalkableChainData extends ChainData {
  walkSource(): WalkSource;
}

/** The chain's own id view when it has one, else an interning wrapper around the port. */
export function walkSourceOf(chain: ChainData): WalkSource {
  const walkable = chain as Partial<WalkableChainData>;
  return typeof walkable.walkSource === 'function' ? walkable.walkSource() : new PortWalkSource(chain);
}

/** The id view of any `ChainData`, for one analysis: ids are assigned as addresses are met. */
export class PortWalkSource implements WalkSource {
  private readonly ids = new Map<string, number>();
  private readonly addresses: string[] = [];
  /** Edge position per counterparty id while one node is read. */
  private readonly slots = new Map<number, number>();

  constructor(private readonly chain: ChainData) {}

  idOf(address: string): number {
    let id = this.ids.get(address);
    if (id === undefined) {
      id = this.addresses.length;
      this.ids.set(address, id);
      this.addresses.push(address);
    }
    return id;
  }

  addressOf(id: number): string {
    return this.addresses[id] ?? '';
  }

  costOf(id: number): number {
    return this.chain.transferCountOf(this.addressOf(id));
  }

  read(id: number, direction: TransferDirection, into: EdgeBuffer): number {
    const address = this.addressOf(id);
    const transfers = this.chain.transfersOf(address);
    into.reserve(transfers.length);
    into.inUsd = 0;
    into.outUsd = 0;
    this.slots.clear();
    let n = 0;
    for (const t of transfers) {
      if (t.from === t.to) continue;
      const outgoing = t.from === address;
      if (outgoing) into.outUsd += t.usd;
      else into.inUsd += t.usd;
      if (outgoing !== (direction === 'outgoing')) continue;
      const other = this.idOf(outgoing ? t.to : t.from);
      const slot = this.slots.get(other);
      if (slot === undefined) {
        this.slots.set(other, n);
        into.counterparty[n] = other;
        into.usd[n] = t.usd;
        n++;
      } else {
        into.usd[slot]! += t.usd;
      }
    }
    return n;
  }
}
