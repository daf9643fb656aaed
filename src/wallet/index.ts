/** The wallet capability's pure core: address validation, categories, exposure, address intelligence, blacklist, wallet analysis. */
export type { AddressCheck, AddressFormat } from './address/address-check.js';
export { checkBitcoinAddress } from './address/bitcoin.js';
export { checkEthereumAddress, toEip55Address } from './address/ethereum.js';
export { checkTronAddress, tronHexToBase58 } from './address/tron.js';
export {
  resolveWalletNetwork,
  validateAddress,
  type ValidatedAddress,
  WALLET_NETWORKS,
  type WalletNetwork,
} from './validate-address.js';

export {
  ALERT_LEVEL_RANK,
  ALERT_LEVELS,
  type AlertLevel,
  compareAlertLevels,
  worstAlertLevel,
} from './tables/alert-levels.js';
export {
  ADDRESS_CATEGORIES,
  ADDRESS_CATEGORY,
  ADDRESS_CATEGORY_NAMES,
  type AddressCategory,
  type AddressCategoryName,
  addressCategoryById,
  BLACKLIST_ALERT_LEVEL,
  type BlacklistAction,
  blacklistCategory,
  categorizeLabel,
  LABEL_PATTERNS,
  type LabelPattern,
  normalizeLabel,
} from './tables/categories.js';

export type { Attribution } from './exposure/attribution.js';
export type { CategoryExposure, ExposureType } from './exposure/category-exposure.js';
export {
  type ChainData,
  counterpartyOf,
  directionOf,
  type Transfer,
  type TransferDirection,
} from './exposure/chain-data.js';
export {
  type AttributedCounterparty,
  computeExposure,
  type WalletExposure,
} from './exposure/compute-exposure.js';
export {
  ExposureOptions,
  type ResolvedExposureOptions,
  resolveExposureOptions,
} from './exposure/exposure-options.js';
export { InMemoryChainData } from './exposure/in-memory-chain-data.js';
export { type TransferColumns, TransferColumnsBuilder } from './exposure/transfer-columns.js';
export { type WalkableChainData, type WalkSource } from './exposure/walk-source.js';
export type { WalletGraph, WalletGraphEdge } from './exposure/wallet-graph.js';

export { SeededRandom } from './seeded-random.js';
export {
  generateSyntheticGraph,
  type PlantedExposure,
  type SyntheticGraph,
  type SyntheticGraphOptions,
} from './synthetic-graph.js';

export { type LocatedAddress, locateAddress, locateListedAddress } from './locate-address.js';
export {
  EVM_NETWORKS,
  MULTI_CHAIN_ASSETS,
  NETWORK_ALIASES,
  OFAC_ASSET_NETWORKS,
} from './tables/address-networks.js';
export {
  addressEntityFacts,
  type AddressEntityFacts,
  DEFAULT_ADDRESS_LIST,
  DELISTED_LABEL,
  labelledAddressToEntity,
  parseAddressList,
} from './address-entities.js';
export {
  type AddressAttribution,
  type AddressBook,
  type AddressBookOptions,
  buildAddressBook,
} from './address-book.js';

export {
  BlacklistEntry,
  type BlacklistEntryFields,
  type BlacklistEntryInput,
  BlacklistPatch,
  type BlacklistPatchInput,
  type NormalizedBlacklistEntry,
  normalizeBlacklistEntry,
} from './blacklist-entry.js';
export {
  BLACKLIST_COLLECTION,
  BLACKLIST_SETTINGS_COLLECTION,
  BlacklistService,
  openBlacklistRecords,
  type BlacklistServiceOptions,
  type BlacklistSettingsPatch,
  type ListBlacklistInput,
} from './blacklist.js';

export { resolveWalletQuery, type WalletQuery, type WalletQueryInput } from './wallet-query.js';
export {
  analyzeWallet,
  type AnalyzeWalletDeps,
  type AnalyzeWalletInput,
  analyzeWalletQuery,
} from './analyze-wallet.js';
export {
  type CounterpartyListing,
  type FindingsInput,
  INDIRECT_ALERT_LEVEL,
  type WalletFindings,
  walletFindings,
} from './wallet-findings.js';
export { ASSET_DECIMALS, decimalAmount, type WalletHoldings, walletHoldingsOf } from './wallet-balance.js';
export { walletGraphRecord } from './wallet-record-graph.js';
export {
  DEFAULT_WALLET_RESULT_CACHE_SIZE,
  DEFAULT_WALLET_RESULT_TTL_MS,
  WalletResultCache,
  type WalletResultCacheOptions,
  type WalletResultKey,
} from './wallet-result-cache.js';
export { type LoadedTransfers, loadTransfersCsv, type TransfersCsvOptions } from './chain-data-csv.js';
