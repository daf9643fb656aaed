/**
 * Blockchain Analysis (spec: POST /api/v1/analysis-crypto/risk-wallet/send): one address in, the wallet
 * risk analysis record out. Pure: the address book, the chain data, the client's blacklist, the clock
 * and the id source come in as arguments; nothing is read or written elsewhere.
 */
import type { BlacklistMatchAction, BlacklistRecord } from '../model/blacklist.js';
import type { WalletRiskAnalysis } from '../model/wallet.js';
import type { AddressBook } from './address-book.js';
import type { Attribution } from './exposure/attribution.js';
import type { ChainData, Transfer } from './exposure/chain-data.js';
import { computeExposure, type WalletExposure } from './exposure/compute-exposure.js';
import type { ExposureOptions } from './exposure/exposure-options.js';
import type { WalkableChainData, WalkSource } from './exposure/walk-source.js';
import { ALERT_LEVEL_RANK } from './tables/alert-levels.js';
import { type AddressCategory, blacklistCategory } from './tables/categories.js';
import { walletHoldingsOf } from './wallet-balance.js';
import { type CounterpartyListing, type CounterpartyListings, walletFindings } from './wallet-findings.js';
import { type WalletQuery, type WalletQueryInput, resolveWalletQuery } from './wallet-query.js';
import { walletGraphRecord } from './wallet-record-graph.js';

export interface AnalyzeWalletInput extends WalletQueryInput {
  /** The client's identifier for the analysis, echoed as external_id and externalId. */
  readonly external_id?: string | null;
}

export interface AnalyzeWalletDeps {
  readonly addressBook: AddressBook;
  /** Transfers of the query's network; null when none are loaded (no exposure, zero balances). */
  readonly chain: ChainData | null;
  /** The client's blacklisted wallets by lookup form (`BlacklistService.walletBlacklistOf`). */
  readonly walletBlacklist: ReadonlyMap<string, BlacklistRecord>;
  /** The client's blacklist action: it sets the level of a blacklist alert. */
  readonly blacklistAction: BlacklistMatchAction;
  /** Epoch milliseconds. */
  readonly now: () => number;
  readonly newId: () => string;
  /** The requesting client: the record's userId. */
  readonly clientId: string;
  readonly exposureOptions?: ExposureOptions;
}

/**
 * Analyses one wallet. Throws INVALID_NETWORK_ASSET (pair not in the coin catalog) before
 * INVALID_ADDRESS (bad format or checksum), and nothing else for any input.
 *
 * @example analyzeWallet({ network: 'Bitcoin', address: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h' }, deps).risk_level // 'SEVERE'
 */
export function analyzeWallet(input: AnalyzeWalletInput, deps: AnalyzeWalletDeps): WalletRiskAnalysis {
  return analyzeWalletQuery(resolveWalletQuery(input), input.external_id ?? null, deps);
}

/** `analyzeWallet` for a query already resolved (e.g. to key a cache). */
export function analyzeWalletQuery(
  query: WalletQuery,
  externalId: string | null,
  deps: AnalyzeWalletDeps,
): WalletRiskAnalysis {
  const { network, asset, address } = query;
  const { addressBook, chain, walletBlacklist } = deps;
  const listed = blacklistEntryOf(walletBlacklist, network, asset, address.canonical);
  const onBlacklist = BLACKLIST_CATEGORIES[deps.blacklistAction];
  const attribute = withBlacklist(addressBook.attributionFor(network), walletBlacklist, network, onBlacklist);
  // Read once: the exposure walk and the balance both need the wallet's own transfers.
  const transfers = chain === null ? NO_TRANSFERS : chain.transfersOf(address.canonical);
  const exposure: WalletExposure | null =
    chain === null
      ? null
      : computeExposure(
          withCenterTransfers(chain, address.canonical, transfers),
          address.canonical,
          attribute,
          deps.exposureOptions,
        );
  const findings = walletFindings({
    attributions: addressBook.attributionsOf(network, address.canonical),
    exposure,
    blacklisted: listed,
    blacklistCategory: onBlacklist,
    listings: new BookListings(addressBook, walletBlacklist, network),
  });
  const holdings = walletHoldingsOf(transfers, network, asset, address.canonical, address.address);
  const at = deps.now();
  return {
    id: deps.newId(),
    external_id: externalId,
    externalId,
    beneficiaryId: null,
    ownerId: null,
    alias: null,
    attemptIdentifier: null,
    userId: deps.clientId,
    asset,
    network,
    address: address.address,
    assetAmount: holdings.assetAmount,
    usdAmount: holdings.usdAmount,
    status: 'completed',
    risk_level: findings.riskLevel,
    addressIdentification: { customAddresses: findings.customAddresses, providerIdentifications: [] },
    alerts: findings.alerts,
    directExposure: findings.directExposure,
    sanctioned_categories: findings.sanctionedCategories,
    wallet_graph: [walletGraphRecord(network, asset, address.canonical, exposure, at)],
    wallet_balance: [holdings.balance],
    analyzed_at: at,
    createdAt: new Date(at).toISOString(),
  };
}

const NO_TRANSFERS: readonly Transfer[] = Object.freeze([]);

/** A blacklist alert's level follows the client's action; both categories are built once. */
const BLACKLIST_CATEGORIES: Readonly<Record<BlacklistMatchAction, AddressCategory>> = {
  EVALUATION: blacklistCategory('EVALUATION'),
  REJECTED: blacklistCategory('REJECTED'),
};

/** Counterparties named by the address book first, then by the client's blacklist. */
class BookListings implements CounterpartyListings {
  constructor(
    private readonly book: AddressBook,
    private readonly blacklist: ReadonlyMap<string, BlacklistRecord>,
    private readonly network: string,
  ) {}

  listingOf(address: string): CounterpartyListing | null {
    const attribution = this.book.attributionsOf(this.network, address)[0];
    if (attribution !== undefined) {
      return { name: attribution.entity_name, externalId: `${attribution.list}:${attribution.entity_id}` };
    }
    const entry = this.blacklist.get(address);
    return entry === undefined || entry.network !== this.network
      ? null
      : { name: 'Blacklist', externalId: entry.id };
  }
}

/** The chain with the centre's transfers already read. */
class CenterTransfers implements ChainData {
  constructor(
    protected readonly chain: ChainData,
    private readonly center: string,
    private readonly transfers: readonly Transfer[],
  ) {}

  transfersOf(address: string): readonly Transfer[] {
    return address === this.center ? this.transfers : this.chain.transfersOf(address);
  }

  transferCountOf(address: string): number {
    return this.chain.transferCountOf(address);
  }
}

/** The same, keeping the chain's own walk view (the in-memory graph's), which the walk prefers. */
class WalkableCenterTransfers extends CenterTransfers implements WalkableChainData {
  walkSource(): WalkSource {
    return (this.chain as WalkableChainData).walkSource();
  }
}

function withCenterTransfers(chain: ChainData, center: string, transfers: readonly Transfer[]): ChainData {
  const walkable = typeof (chain as Partial<WalkableChainData>).walkSource === 'function';
  return walkable
    ? new WalkableCenterTransfers(chain, center, transfers)
    : new CenterTransfers(chain, center, transfers);
}

/** The client's entry for this address: same network, and every asset (null) or the queried one. */
function blacklistEntryOf(
  blacklist: ReadonlyMap<string, BlacklistRecord>,
  network: string,
  asset: string,
  canonical: string,
): BlacklistRecord | null {
  const entry = blacklist.get(canonical);
  if (entry === undefined || entry.network !== network) return null;
  return entry.asset === null || entry.asset === asset ? entry : null;
}

/**
 * The walk's attribution with the client's blacklist on top: money sent to or received from a wallet
 * the client blacklisted is exposure too. The worse of the two categories wins; on a tie, the list's.
 */
function withBlacklist(
  attribute: Attribution,
  blacklist: ReadonlyMap<string, BlacklistRecord>,
  network: string,
  category: AddressCategory,
): Attribution {
  if (blacklist.size === 0) return attribute;
  return (address) => {
    const listed = attribute(address);
    const entry = blacklist.get(address);
    if (entry === undefined || entry.network !== network) return listed;
    if (listed !== null && ALERT_LEVEL_RANK[listed.alertLevel] >= ALERT_LEVEL_RANK[category.alertLevel]) {
      return listed;
    }
    return category;
  };
}
