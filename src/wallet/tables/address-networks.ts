/**
 * Where a listed address lives: the network behind an OFAC asset code, the spellings of networks in
 * address feeds, and which networks use EVM (0x + 40 hex) accounts.
 *
 * Sources: OFAC's "Digital Currency Address - <code>" features (codes seen on the 2025-11-19 SDN list:
 * XBT, USDT, ETH, TRX, LTC, XMR, BCH, ZEC, DASH, USDC, ETC, BTG, BSV, XVG, XRP, ARB, BSC, BNB, SOL) and
 * the `network` column of ../shared/datasets/crypto/labelled_addresses.csv, whose names these are.
 */

/**
 * OFAC asset code → network, for codes that name a chain's own coin. Stablecoins (USDT, USDC) are
 * issued on several chains and are placed by address shape instead (see `locateListedAddress`).
 */
export const OFAC_ASSET_NETWORKS: Readonly<Record<string, string>> = {
  XBT: 'Bitcoin',
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  TRX: 'TRON',
  LTC: 'Litecoin',
  XMR: 'Monero',
  BCH: 'Bitcoin Cash',
  ZEC: 'Zcash',
  DASH: 'Dash',
  ETC: 'Ethereum Classic',
  BTG: 'Bitcoin Gold',
  BSV: 'Bitcoin SV',
  XVG: 'Verge',
  XRP: 'XRP Ledger',
  ARB: 'Arbitrum',
  BSC: 'BNB Smart Chain',
  BNB: 'BNB Beacon Chain',
  SOL: 'Solana',
  DOGE: 'Dogecoin',
};

/** Assets that exist as tokens on several chains: their network is read from the address. */
export const MULTI_CHAIN_ASSETS: ReadonlySet<string> = new Set(['USDT', 'USDC']);

/**
 * Feed network names that are another network for lookup purposes. USDT on the Omni layer lives in
 * ordinary Bitcoin addresses (1…/3…), so a query on Bitcoin must find it.
 */
export const NETWORK_ALIASES: Readonly<Record<string, string>> = {
  'Bitcoin (Omni layer)': 'Bitcoin',
};

/** Networks whose accounts are EVM addresses: hex, so their lookup form is lower case. */
export const EVM_NETWORKS: ReadonlySet<string> = new Set([
  'Ethereum',
  'Ethereum Classic',
  'BNB Smart Chain',
  'Polygon',
  'Arbitrum',
  'Optimism',
  'Fantom',
  'Avalanche C-Chain',
]);

/**
 * Chains forked from Bitcoin that kept its legacy address format (1…, 3…): the same key controls the
 * same address on Bitcoin, so an address OFAC lists under BCH or BSV is the listed person's on Bitcoin
 * too (two such on the 2025-11-19 list). Bitcoin Gold changed its version bytes, so it is not here.
 */
export const BITCOIN_FORK_NETWORKS: ReadonlySet<string> = new Set(['Bitcoin Cash', 'Bitcoin SV']);
