/**
 * The port through which exposure analysis reads a blockchain's transfers. The core declares it;
 * an edge implements it (the in-memory graph here; an indexer, a DuckDB table or an RPC client later),
 * and `computeExposure` never knows which one runs.
 */

/** One value transfer between two addresses (a native payment or a token transfer). */
export interface Transfer {
  /** Lookup form of the sender (see `validateAddress`). */
  readonly from: string;
  /** Lookup form of the receiver. */
  readonly to: string;
  /** Asset symbol: "BTC", "ETH", "USDT"… */
  readonly asset: string;
  /** Amount in units of the asset. */
  readonly amount: number;
  /** Value in US dollars at the time of the transfer; the exposure weights are computed on it. */
  readonly usd: number;
  /** Unix epoch milliseconds. */
  readonly timestamp: number;
}

export type TransferDirection = 'incoming' | 'outgoing';

export interface ChainData {
  /** Every transfer in which `address` sends or receives, in any order (a self-transfer once). */
  transfersOf(address: string): readonly Transfer[];
  /** How many transfers `transfersOf(address)` would return: lets a walk skip a hub without loading it. */
  transferCountOf(address: string): number;
}

/** The transfer's direction seen from `address`, or null for a self-transfer (which moves nothing). */
export function directionOf(transfer: Transfer, address: string): TransferDirection | null {
  if (transfer.from === transfer.to) return null;
  return transfer.from === address ? 'outgoing' : 'incoming';
}

/** The other end of a transfer, seen from `address`. */
export function counterpartyOf(transfer: Transfer, address: string): string {
  return transfer.from === address ? transfer.to : transfer.from;
}
