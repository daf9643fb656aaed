/**
 * A wallet's own transfers summed per counterparty, direction and asset: the input of direct
 * exposure and of the wallet graph's edges.
 */
import { type Transfer, type TransferDirection, counterpartyOf, directionOf } from './chain-data.js';

export interface CounterpartyFlow {
  readonly counterparty: string;
  readonly direction: TransferDirection;
  readonly asset: string;
  amount: number;
  usd: number;
  transfers: number;
  firstTimestamp: number;
  lastTimestamp: number;
}

export interface WalletFlows {
  /** One entry per (counterparty, direction, asset), in order of first appearance. */
  readonly flows: readonly CounterpartyFlow[];
  readonly incomingUsd: number;
  readonly outgoingUsd: number;
  /** Transfers involving the wallet, self-transfers included. */
  readonly transfers: number;
}

/**
 * Sums `address`'s transfers per counterparty, direction and asset; self-transfers move nothing and are skipped.
 *
 * @example summarizeWalletFlows(chain.transfersOf(a), a).outgoingUsd
 */
export function summarizeWalletFlows(transfers: readonly Transfer[], address: string): WalletFlows {
  // Keyed by the counterparty string itself (its hash is cached by the engine), then a short scan by
  // direction and asset: building a composite key string per transfer cost 3× the whole summary.
  const byCounterparty = new Map<string, CounterpartyFlow[]>();
  const flows: CounterpartyFlow[] = [];
  let incomingUsd = 0;
  let outgoingUsd = 0;
  for (const t of transfers) {
    const direction = directionOf(t, address);
    if (direction === null) continue;
    const counterparty = counterpartyOf(t, address);
    if (direction === 'incoming') incomingUsd += t.usd;
    else outgoingUsd += t.usd;
    let group = byCounterparty.get(counterparty);
    if (group === undefined) {
      group = [];
      byCounterparty.set(counterparty, group);
    }
    let flow: CounterpartyFlow | undefined;
    for (const f of group) if (f.direction === direction && f.asset === t.asset) flow = f;
    if (flow === undefined) {
      const created: CounterpartyFlow = {
        counterparty,
        direction,
        asset: t.asset,
        amount: t.amount,
        usd: t.usd,
        transfers: 1,
        firstTimestamp: t.timestamp,
        lastTimestamp: t.timestamp,
      };
      group.push(created);
      flows.push(created);
    } else {
      flow.amount += t.amount;
      flow.usd += t.usd;
      flow.transfers += 1;
      flow.firstTimestamp = Math.min(flow.firstTimestamp, t.timestamp);
      flow.lastTimestamp = Math.max(flow.lastTimestamp, t.timestamp);
    }
  }
  return { flows, incomingUsd, outgoingUsd, transfers: transfers.length };
}
