/**
 * Indirect exposure in one direction: a level-by-level walk out from the wallet through
 * UNATTRIBUTED intermediaries, carrying the share of the wallet's flow that each one passes on.
 *
 * Model (pro-rata, as chain-analytics vendors describe theirs): an intermediary that received (or sent)
 * `flow` dollars of the wallet's money passes `flow × e.usd / max(in, out)` along each of its edges e in
 * the direction of travel (e.usd: everything it sent to, or got from, that counterparty). The denominator
 * is its larger side, so money it kept, or had before, dilutes the share instead of being attributed.
 * Time order is ignored (no tx-level UTXO data); flow that loops back to a node already reached, and
 * paths thinner than `minFlowUsd`, are dropped: all three keep the walk bounded and the figure conservative.
 */
import type { AddressCategory } from '../tables/categories.js';
import type { Attribution } from './attribution.js';
import type { TransferDirection } from './chain-data.js';
import { EdgeBuffer, type WalkSource } from './walk-source.js';

/** Flow that reached one attributed address, summed over every path that reached it. */
export interface ExposureHit {
  readonly address: string;
  readonly category: AddressCategory;
  readonly direction: TransferDirection;
  /** The nearest hop at which it was reached (1 = a direct counterparty). */
  hop: number;
  /** USD of the wallet's flow that reached it, before the per-hop haircut. */
  tracedUsd: number;
  /** The same with haircut^(hop-1) applied per path. */
  weightedUsd: number;
}

/** Work left and done, shared by the walks of one analysis. */
export interface TraceBudget {
  nodesLeft: number;
  edgesLeft: number;
  expandedNodes: number;
  readEdges: number;
  /** Intermediaries left unexpanded because they had more edges than the budget had left. */
  skippedNodes: number;
  truncated: boolean;
}

export interface TraceStart {
  readonly source: WalkSource;
  readonly centerId: number;
  readonly direction: TransferDirection;
  readonly attribute: Attribution;
  /** Ids of the unattributed direct counterparties in this direction → USD exchanged with the wallet. */
  readonly firstHop: ReadonlyMap<number, number>;
  readonly maxHops: number;
  readonly haircut: number;
  /** Paths carrying less USD than this are dropped: neither followed nor reported. */
  readonly minFlowUsd: number;
}

/** One buffer per thread: the walk is synchronous, so calls never share it at the same time. */
const BUFFER = new EdgeBuffer();

/** Adds a path's flow to the hit for `address`. */
export function recordHit(
  hits: Map<string, ExposureHit>,
  address: string,
  category: AddressCategory,
  direction: TransferDirection,
  hop: number,
  tracedUsd: number,
  weightedUsd: number,
): void {
  const hit = hits.get(address);
  if (hit === undefined) {
    hits.set(address, { address, category, direction, hop, tracedUsd, weightedUsd });
    return;
  }
  hit.hop = Math.min(hit.hop, hop);
  hit.tracedUsd += tracedUsd;
  hit.weightedUsd += weightedUsd;
}

/**
 * Walks hops 2…maxHops from the wallet's unattributed counterparties and returns the attributed
 * addresses reached, by address. Stops expanding at attributed addresses, and when the budget runs out.
 */
export function traceIndirectFlow(start: TraceStart, budget: TraceBudget): Map<string, ExposureHit> {
  const { source, centerId, direction, maxHops, haircut, minFlowUsd } = start;
  const hits = new Map<string, ExposureHit>();
  // Categories by id: a hub is met along many paths, and this spares re-reading its address each time.
  const categories = new Map<number, AddressCategory | null>();
  const visited = new Set<number>(start.firstHop.keys());
  visited.add(centerId);
  let level: ReadonlyMap<number, number> = start.firstHop;
  for (let hop = 2; hop <= maxHops && level.size > 0; hop++) {
    const weight = haircut ** (hop - 1);
    const next = new Map<number, number>();
    // Largest flows first: when a bound stops the walk, what is left unexplored is the least money.
    const ordered = [...level].sort((a, b) => b[1] - a[1]);
    for (const [node, flow] of ordered) {
      if (budget.nodesLeft <= 0) {
        budget.truncated = true;
        return hits;
      }
      const cost = source.costOf(node, direction);
      if (cost > budget.edgesLeft) {
        budget.truncated = true;
        budget.skippedNodes += 1;
        continue;
      }
      budget.nodesLeft -= 1;
      budget.edgesLeft -= cost;
      budget.expandedNodes += 1;
      budget.readEdges += cost;
      const n = source.read(node, direction, BUFFER);
      const throughput = Math.max(BUFFER.inUsd, BUFFER.outUsd);
      if (!(throughput > 0)) continue;
      const scale = flow / throughput;
      const { counterparty, usd } = BUFFER;
      for (let k = 0; k < n; k++) {
        const passed = (usd[k] ?? 0) * scale;
        const other = counterparty[k] ?? -1;
        // A path thinner than minFlowUsd is dropped here, before any lookup: through a hub most are.
        if (passed < minFlowUsd || !(passed > 0) || other === centerId || visited.has(other)) continue;
        let category = categories.get(other);
        if (category === undefined) {
          category = start.attribute(source.addressOf(other));
          categories.set(other, category);
        }
        if (category !== null) {
          recordHit(hits, source.addressOf(other), category, direction, hop, passed, passed * weight);
        } else if (hop < maxHops) {
          next.set(other, (next.get(other) ?? 0) + passed);
        }
      }
    }
    for (const node of next.keys()) visited.add(node);
    level = next;
  }
  return hits;
}
