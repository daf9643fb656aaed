/**
 * The exposure walk's findings as the record's graph (`wallet_graph`): one edge per direct
 * counterparty and asset (hops 1), then one edge per category reached indirectly (hops 2 or more),
 * pointing at the attributed address that carried the most of it.
 *
 * An indirect edge stands for traced flow, not for transfers of the wallet: its value is `usdAmount`
 * (USD that reached the category, before the per-hop haircut), its `amount` is 0 and `txCount` 1,
 * because a pro-rata path across intermediaries and assets has neither a unit amount nor a transfer
 * count. Its `hops` is the nearest hop at which the category was reached.
 *
 * Direct edges in assets outside the coin catalog of the network (other tokens a transfer file may
 * carry) are left out: the record's `asset` vocabulary is the catalog's, and their value still counts
 * in the exposure figures.
 */
import { type Asset, COINS, type Network } from '../model/coins.js';
import type { GraphEdge, WalletGraph as RecordWalletGraph } from '../model/wallet.js';
import type { CategoryExposure } from './exposure/category-exposure.js';
import type { WalletExposure } from './exposure/compute-exposure.js';
import type { WalletGraphEdge } from './exposure/wallet-graph.js';

/**
 * The record's graph around `center` (lookup form): empty without chain data, stamped `timestamp`.
 *
 * @example walletGraphRecord('Ethereum', 'USDT', '0xabc…', exposure, now).outgoingEdges[0].hops // 1
 */
export function walletGraphRecord(
  network: Network,
  asset: Asset,
  center: string,
  exposure: WalletExposure | null,
  timestamp: number,
): RecordWalletGraph {
  const assets: readonly string[] = ASSETS_OF.get(network) ?? [];
  return {
    status: 'ready',
    centerNode: { id: center, type: 'address' },
    incomingEdges: edgesOf(exposure, 'incoming', assets, asset),
    outgoingEdges: edgesOf(exposure, 'outgoing', assets, asset),
    timestamp,
  };
}

const ASSETS_OF = new Map<string, readonly string[]>(COINS.map((c) => [c.network, c.assets]));

/** Direct edges of one direction in catalog assets, then the indirect categories reached that way. */
function edgesOf(
  exposure: WalletExposure | null,
  direction: 'incoming' | 'outgoing',
  assets: readonly string[],
  asset: Asset,
): GraphEdge[] {
  const out: GraphEdge[] = [];
  if (exposure === null) return out;
  const direct = direction === 'incoming' ? exposure.graph.incomingEdges : exposure.graph.outgoingEdges;
  for (const edge of direct) if (assets.includes(edge.asset)) out.push(directEdge(edge));
  for (const e of exposure.exposures) {
    if (e.exposureType === 'indirect' && e.direction === direction) out.push(...indirectEdge(e, asset));
  }
  return out;
}

function directEdge(edge: WalletGraphEdge): GraphEdge {
  return {
    counterparty: { id: edge.counterparty, type: 'address' },
    asset: edge.asset as Asset,
    amount: edge.amount,
    usdAmount: edge.usd,
    txCount: edge.transfers,
    hops: 1,
    category: edge.category?.categoryName ?? null,
    categoryId: edge.category?.categoryId ?? null,
  };
}

function indirectEdge(exposure: CategoryExposure, asset: Asset): GraphEdge[] {
  const address = exposure.addresses[0];
  if (address === undefined) return [];
  return [
    {
      counterparty: { id: address, type: 'address' },
      asset,
      amount: 0,
      usdAmount: Math.round(exposure.tracedUsd * 100) / 100,
      txCount: 1,
      hops: exposure.hop,
      category: exposure.category.categoryName,
      categoryId: exposure.category.categoryId,
    },
  ];
}
