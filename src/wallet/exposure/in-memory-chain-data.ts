/**
 * An in-memory `ChainData` built once from transfer columns: a per-address list of transfer indices
 * (CSR: offsets into one Int32Array) for `transfersOf`, and aggregated flow edges per direction for the
 * exposure walk, which it serves directly as its own `WalkSource`. For 1,000,000 transfers: 0.3–1 s to
 * build and ~60 MB beyond the columns.
 */
import type { Transfer, TransferDirection } from './chain-data.js';
import { buildFlowAdjacency, type FlowAdjacency } from './flow-adjacency.js';
import { type TransferColumns, TransferColumnsBuilder } from './transfer-columns.js';
import type { EdgeBuffer, WalkableChainData, WalkSource } from './walk-source.js';

export class InMemoryChainData implements WalkableChainData, WalkSource {
  private readonly ids: Map<string, number>;
  /** Transfers of address id a are `incident[offsets[a]] … incident[offsets[a + 1] - 1]`. */
  private readonly offsets: Int32Array;
  private readonly incident: Int32Array;
  private readonly outgoing: FlowAdjacency;
  private readonly incoming: FlowAdjacency;

  /** Indexes `columns` (which it keeps, not copies). */
  constructor(private readonly columns: TransferColumns) {
    const nodes = columns.addresses.length;
    this.ids = new Map(columns.addresses.map((a, i) => [a, i]));
    this.offsets = new Int32Array(nodes + 1);
    for (let i = 0; i < columns.length; i++) {
      const from = columns.from[i] ?? 0;
      const to = columns.to[i] ?? 0;
      this.offsets[from + 1]! += 1;
      if (to !== from) this.offsets[to + 1]! += 1;
    }
    for (let a = 0; a < nodes; a++) this.offsets[a + 1]! += this.offsets[a] ?? 0;
    this.incident = new Int32Array(this.offsets[nodes] ?? 0);
    const cursor = this.offsets.slice(0, nodes);
    for (let i = 0; i < columns.length; i++) {
      const from = columns.from[i] ?? 0;
      const to = columns.to[i] ?? 0;
      this.incident[cursor[from]!++] = i;
      if (to !== from) this.incident[cursor[to]!++] = i;
    }
    this.outgoing = buildFlowAdjacency(columns, 'outgoing');
    this.incoming = buildFlowAdjacency(columns, 'incoming');
  }

  /** Builds the graph from transfer objects. */
  static fromTransfers(transfers: Iterable<Transfer>): InMemoryChainData {
    const builder = new TransferColumnsBuilder();
    for (const t of transfers) builder.add(t);
    return new InMemoryChainData(builder.build());
  }

  get addressCount(): number {
    return this.columns.addresses.length;
  }

  get transferCount(): number {
    return this.columns.length;
  }

  transferCountOf(address: string): number {
    const id = this.ids.get(address);
    return id === undefined ? 0 : (this.offsets[id + 1] ?? 0) - (this.offsets[id] ?? 0);
  }

  transfersOf(address: string): readonly Transfer[] {
    const id = this.ids.get(address);
    if (id === undefined) return [];
    const { addresses, assets, from, to, asset, amount, usd, timestamp } = this.columns;
    const start = this.offsets[id] ?? 0;
    const end = this.offsets[id + 1] ?? 0;
    const out = new Array<Transfer>(end - start);
    for (let k = start; k < end; k++) {
      const i = this.incident[k] ?? 0;
      out[k - start] = {
        from: addresses[from[i] ?? 0] ?? '',
        to: addresses[to[i] ?? 0] ?? '',
        asset: assets[asset[i] ?? 0] ?? '',
        amount: amount[i] ?? 0,
        usd: usd[i] ?? 0,
        timestamp: timestamp[i] ?? 0,
      };
    }
    return out;
  }

  walkSource(): WalkSource {
    return this;
  }

  idOf(address: string): number {
    return this.ids.get(address) ?? -1;
  }

  addressOf(id: number): string {
    return this.columns.addresses[id] ?? '';
  }

  costOf(id: number, direction: TransferDirection): number {
    const { offsets } = direction === 'outgoing' ? this.outgoing : this.incoming;
    return (offsets[id + 1] ?? 0) - (offsets[id] ?? 0);
  }

  read(id: number, direction: TransferDirection, into: EdgeBuffer): number {
    const edges = direction === 'outgoing' ? this.outgoing : this.incoming;
    const start = edges.offsets[id] ?? 0;
    const end = edges.offsets[id + 1] ?? 0;
    into.reserve(end - start);
    into.counterparty.set(edges.counterparty.subarray(start, end));
    into.usd.set(edges.usd.subarray(start, end));
    into.inUsd = this.incoming.totalUsd[id] ?? 0;
    into.outUsd = this.outgoing.totalUsd[id] ?? 0;
    return end - start;
  }
}
