/**
 * Wallet exposure: which categories of counterparty a wallet's money came from or went to, directly
 * (one hop) and indirectly (through unattributed intermediaries), weighted by value, plus the
 * wallet graph. Pure: the chain, the attribution and the options come in; nothing is read elsewhere.
 */
import { type AlertLevel, worstAlertLevel } from '../tables/alert-levels.js';
import { ALERT_LEVEL_RANK } from '../tables/alert-levels.js';
import type { AddressCategory } from '../tables/categories.js';
import type { Attribution } from './attribution.js';
import { aggregateHits, type CategoryExposure, compareExposures } from './category-exposure.js';
import type { ChainData, TransferDirection } from './chain-data.js';
import { summarizeWalletFlows, type WalletFlows } from './counterparty-flows.js';
import { type ExposureOptions, resolveExposureOptions } from './exposure-options.js';
import { type ExposureHit, recordHit, type TraceBudget, traceIndirectFlow } from './trace-flow.js';
import { walkSourceOf, type WalkSource } from './walk-source.js';
import { buildWalletGraph, type WalletGraph } from './wallet-graph.js';

/** A direct counterparty that carries a category (the spec's `directExposure.direct`). */
export interface AttributedCounterparty {
  readonly address: string;
  readonly category: AddressCategory;
  readonly direction: TransferDirection;
  readonly usd: number;
  readonly transfers: number;
}

export interface WalletExposure {
  readonly address: string;
  readonly totals: {
    readonly incomingUsd: number;
    readonly outgoingUsd: number;
    readonly transfers: number;
  };
  /** Direct counterparties with a category, worst first. */
  readonly counterparties: readonly AttributedCounterparty[];
  /** Direct and indirect exposure per category and direction, worst first. */
  readonly exposures: readonly CategoryExposure[];
  /** The worst alert level among `exposures`, or null: the wallet's risk level before other checks. */
  readonly worstAlertLevel: AlertLevel | null;
  readonly graph: WalletGraph;
  /** What the walk cost; `truncated` when a bound stopped it before every path was followed. */
  readonly work: {
    /** Intermediaries whose edges were read. */
    readonly expandedNodes: number;
    readonly readEdges: number;
    readonly skippedNodes: number;
    readonly truncated: boolean;
  };
}

/**
 * Computes the exposure of `address` (in lookup form) on `chain`.
 *
 * @example
 * const exposure = computeExposure(chain, '0x…', (a) => sanctioned.has(a) ? ADDRESS_CATEGORY.sanctioned : null,
 *   { maxHops: 3, haircut: 0.5 });
 * exposure.exposures[0]; // { category: sanctioned, exposureType: 'indirect', hop: 2, share: 0.05, … }
 */
export function computeExposure(
  chain: ChainData,
  address: string,
  attribute: Attribution,
  options?: ExposureOptions,
): WalletExposure {
  const opts = resolveExposureOptions(options);
  const wallet = summarizeWalletFlows(chain.transfersOf(address), address);
  const budget: TraceBudget = {
    nodesLeft: opts.maxNodes,
    edgesLeft: opts.maxEdges,
    expandedNodes: 0,
    readEdges: 0,
    skippedNodes: 0,
    truncated: false,
  };
  const directions: readonly TransferDirection[] =
    opts.direction === 'both' ? ['incoming', 'outgoing'] : [opts.direction];
  const exposures: CategoryExposure[] = [];
  const counterparties: AttributedCounterparty[] = [];
  let source: WalkSource | undefined;
  for (const direction of directions) {
    const total = direction === 'incoming' ? wallet.incomingUsd : wallet.outgoingUsd;
    const split = splitDirectCounterparties(wallet, direction, attribute);
    const { direct, firstHop } = split;
    counterparties.push(...split.counterparties);
    exposures.push(...aggregateHits(direct.values(), 'direct', total));
    if (opts.maxHops > 1 && firstHop.size > 0) {
      // Built only when a walk is needed: a 1-hop analysis never pays for it.
      const ids = (source ??= walkSourceOf(chain));
      const start = {
        source: ids,
        centerId: ids.idOf(address),
        direction,
        attribute,
        firstHop: new Map([...firstHop].map(([a, usd]) => [ids.idOf(a), usd])),
        maxHops: opts.maxHops,
        haircut: opts.haircut,
        minFlowUsd: total * opts.minShare,
      };
      exposures.push(...aggregateHits(traceIndirectFlow(start, budget).values(), 'indirect', total));
    }
  }
  exposures.sort(compareExposures);
  counterparties.sort(compareCounterparties);
  return {
    address,
    totals: { incomingUsd: wallet.incomingUsd, outgoingUsd: wallet.outgoingUsd, transfers: wallet.transfers },
    counterparties,
    exposures,
    worstAlertLevel: worstAlertLevel(exposures.map((e) => e.category.alertLevel)),
    graph: buildWalletGraph(address, wallet.flows, attribute, opts.maxGraphEdges),
    work: {
      expandedNodes: budget.expandedNodes,
      readEdges: budget.readEdges,
      skippedNodes: budget.skippedNodes,
      truncated: budget.truncated,
    },
  };
}

/**
 * Direct counterparties of one direction, summed over assets: attributed ones become hop-1 hits and
 * attributed counterparties; unattributed ones that moved value seed the walk.
 */
function splitDirectCounterparties(
  wallet: WalletFlows,
  direction: TransferDirection,
  attribute: Attribution,
): {
  direct: Map<string, ExposureHit>;
  counterparties: AttributedCounterparty[];
  firstHop: Map<string, number>;
} {
  const sums = new Map<string, { usd: number; transfers: number }>();
  for (const flow of wallet.flows) {
    if (flow.direction !== direction) continue;
    const sum = sums.get(flow.counterparty);
    if (sum === undefined) sums.set(flow.counterparty, { usd: flow.usd, transfers: flow.transfers });
    else {
      sum.usd += flow.usd;
      sum.transfers += flow.transfers;
    }
  }
  const direct = new Map<string, ExposureHit>();
  const counterparties: AttributedCounterparty[] = [];
  const firstHop = new Map<string, number>();
  for (const [address, { usd, transfers }] of sums) {
    const category = attribute(address);
    if (category !== null) {
      // An attributed counterparty is reported even at 0 USD: for a sanctioned one the contact is the finding.
      recordHit(direct, address, category, direction, 1, usd, usd);
      counterparties.push({ address, category, direction, usd, transfers });
    } else if (usd > 0) {
      firstHop.set(address, usd);
    }
  }
  return { direct, counterparties, firstHop };
}

function compareCounterparties(a: AttributedCounterparty, b: AttributedCounterparty): number {
  return (
    ALERT_LEVEL_RANK[b.category.alertLevel] - ALERT_LEVEL_RANK[a.category.alertLevel] ||
    b.usd - a.usd ||
    (a.address < b.address ? -1 : a.address > b.address ? 1 : 0)
  );
}
