/**
 * The wallet graph of the spec's record (`wallet_graph`: centerNode, incomingEdges, outgoingEdges):
 * one edge per counterparty and asset, bounded so a hub's record stays readable. Attributed
 * counterparties are kept first, so the edges behind an alert are never the ones cut.
 */
import { ALERT_LEVEL_RANK } from '../tables/alert-levels.js';
import type { AddressCategory } from '../tables/categories.js';
import type { Attribution } from './attribution.js';
import type { CounterpartyFlow } from './counterparty-flows.js';

export interface WalletGraphEdge {
  readonly counterparty: string;
  readonly asset: string;
  readonly amount: number;
  readonly usd: number;
  readonly transfers: number;
  readonly firstTimestamp: number;
  readonly lastTimestamp: number;
  /** What the counterparty is, or null when nothing is known. */
  readonly category: AddressCategory | null;
}

export interface WalletGraph {
  readonly centerNode: { readonly id: string; readonly type: 'wallet' };
  readonly incomingEdges: readonly WalletGraphEdge[];
  readonly outgoingEdges: readonly WalletGraphEdge[];
  /** Edges left out by the bound, per direction. */
  readonly omittedIncomingEdges: number;
  readonly omittedOutgoingEdges: number;
}

/**
 * Builds the wallet graph from the wallet's per-counterparty flows, at most `maxEdges` per direction.
 *
 * @example buildWalletGraph(address, summarizeWalletFlows(chain.transfersOf(address), address).flows, attribute, 50)
 */
export function buildWalletGraph(
  address: string,
  flows: readonly CounterpartyFlow[],
  attribute: Attribution,
  maxEdges: number,
): WalletGraph {
  const incoming: WalletGraphEdge[] = [];
  const outgoing: WalletGraphEdge[] = [];
  for (const f of flows) {
    const edge: WalletGraphEdge = {
      counterparty: f.counterparty,
      asset: f.asset,
      amount: f.amount,
      usd: f.usd,
      transfers: f.transfers,
      firstTimestamp: f.firstTimestamp,
      lastTimestamp: f.lastTimestamp,
      category: attribute(f.counterparty),
    };
    (f.direction === 'incoming' ? incoming : outgoing).push(edge);
  }
  incoming.sort(compareEdges);
  outgoing.sort(compareEdges);
  return {
    centerNode: { id: address, type: 'wallet' },
    incomingEdges: incoming.slice(0, maxEdges),
    outgoingEdges: outgoing.slice(0, maxEdges),
    omittedIncomingEdges: Math.max(0, incoming.length - maxEdges),
    omittedOutgoingEdges: Math.max(0, outgoing.length - maxEdges),
  };
}

/** Attributed first (worst level first), then by value, then by address for a stable order. */
function compareEdges(a: WalletGraphEdge, b: WalletGraphEdge): number {
  return (
    rankOf(b) - rankOf(a) ||
    b.usd - a.usd ||
    (a.counterparty < b.counterparty ? -1 : a.counterparty > b.counterparty ? 1 : 0) ||
    (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0)
  );
}

// Module-level on purpose: a closure created inside the comparator made sorting 85 edges cost 400 µs
// instead of 20 µs (measured on Node 20).
function rankOf(edge: WalletGraphEdge): number {
  return edge.category === null ? -1 : ALERT_LEVEL_RANK[edge.category.alertLevel];
}
