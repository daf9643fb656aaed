/**
 * Address categories: what a counterparty is, how serious exposure to it is, and why; plus the
 * Etherscan-style label patterns that assign a category to a labelled address.
 *
 * Sources: the OFAC SDN "Digital Currency Address" features (category `sanctioned`), the client's own
 * blacklist (spec: "A blacklist match appears as an alert whose category, service and exposureType are
 * Blacklist"), and the labels of brianleect/etherscan-labels as joined in
 * ../shared/datasets/crypto/labelled_addresses.csv (617 distinct labels; counts below are from that file).
 *
 * Fields: `name` the stable key; `categoryId` Warden's own number for the spec's `categoryId` /
 * `category_id` (stable: never renumber, only append); `categoryName` the display name used in alerts;
 * `alertLevel` the level of an alert raised by exposure to it; `reason` why that level.
 * Severity order between categories of one level is the order of this table.
 */
import type { AlertLevel } from './alert-levels.js';
import { ALERT_LEVEL_RANK } from './alert-levels.js';

export const ADDRESS_CATEGORY_NAMES = [
  'sanctioned',
  'terrorist-financing',
  'ransomware',
  'darknet-market',
  'blacklist',
  'mixer',
  'stolen-funds',
  'scam',
  'frozen',
  'gambling',
  'exchange',
  'dex',
  'bridge',
  'defi',
  'other',
] as const;
export type AddressCategoryName = (typeof ADDRESS_CATEGORY_NAMES)[number];

export interface AddressCategory {
  readonly name: AddressCategoryName;
  readonly categoryId: number;
  readonly categoryName: string;
  readonly alertLevel: AlertLevel;
  readonly reason: string;
}

export const ADDRESS_CATEGORIES: readonly AddressCategory[] = [
  {
    name: 'sanctioned',
    categoryId: 1,
    categoryName: 'Sanctions',
    alertLevel: 'SEVERE',
    reason: 'Listed by OFAC (or another sanctions authority): dealing with it is prohibited outright.',
  },
  {
    name: 'terrorist-financing',
    categoryId: 2,
    categoryName: 'Terrorist Financing',
    alertLevel: 'SEVERE',
    reason: 'Funds raised for designated terrorist groups: a reporting obligation, never a judgement call.',
  },
  {
    name: 'ransomware',
    categoryId: 3,
    categoryName: 'Ransomware',
    alertLevel: 'SEVERE',
    reason: 'Extortion proceeds; OFAC warns that paying or relaying ransoms may itself breach sanctions.',
  },
  {
    name: 'darknet-market',
    categoryId: 4,
    categoryName: 'Darknet Market',
    alertLevel: 'SEVERE',
    reason: 'Markets for drugs, weapons and stolen data (Hydra, Garantex-linked markets are SDN-listed).',
  },
  {
    name: 'blacklist',
    categoryId: 5,
    categoryName: 'Blacklist',
    alertLevel: 'SEVERE',
    reason:
      "On the client's own blacklist; the level follows the client's blacklist action (BLACKLIST_ALERT_LEVEL).",
  },
  {
    name: 'mixer',
    categoryId: 6,
    categoryName: 'Mixer',
    alertLevel: 'HIGH',
    reason: 'Mixers (Tornado Cash, Blender, Sinbad) break the audit trail; several are or were SDN-listed.',
  },
  {
    name: 'stolen-funds',
    categoryId: 7,
    categoryName: 'Stolen Funds',
    alertLevel: 'HIGH',
    reason: 'Hack, heist or exploit proceeds: funds that belong to a victim.',
  },
  {
    name: 'scam',
    categoryId: 8,
    categoryName: 'Scam',
    alertLevel: 'HIGH',
    reason: 'Phishing, fake tokens, rug pulls and fraud: proceeds of deception.',
  },
  {
    name: 'frozen',
    categoryId: 9,
    categoryName: 'Frozen by Issuer',
    alertLevel: 'HIGH',
    reason:
      'Blocked by a stablecoin issuer (Etherscan "blocked"), which issuers do on law-enforcement request.',
  },
  {
    name: 'gambling',
    categoryId: 10,
    categoryName: 'Gambling',
    alertLevel: 'MEDIUM',
    reason:
      "Often unlicensed for the customer's country and a classic layering channel, but legal in many places.",
  },
  {
    name: 'exchange',
    categoryId: 11,
    categoryName: 'Exchange',
    alertLevel: 'LOW',
    reason:
      'A custodial exchange that runs its own KYC; its pooled hot wallets say nothing about one customer.',
  },
  {
    name: 'dex',
    categoryId: 12,
    categoryName: 'Decentralized Exchange',
    alertLevel: 'LOW',
    reason: 'An automated market maker or aggregator: a pooled contract, not a counterparty.',
  },
  {
    name: 'bridge',
    categoryId: 13,
    categoryName: 'Bridge',
    alertLevel: 'LOW',
    reason: 'A cross-chain bridge: a pooled contract; the trail continues on another chain.',
  },
  {
    name: 'defi',
    categoryId: 14,
    categoryName: 'DeFi',
    alertLevel: 'LOW',
    reason: 'A lending, staking or yield protocol: a pooled contract, not a counterparty.',
  },
  {
    name: 'other',
    categoryId: 99,
    categoryName: 'Other',
    alertLevel: 'LOW',
    reason: 'Labelled, but with no label that carries risk (token contracts, NFTs, games, deployers…).',
  },
];

/** Category by name. */
export const ADDRESS_CATEGORY = Object.fromEntries(ADDRESS_CATEGORIES.map((c) => [c.name, c])) as Readonly<
  Record<AddressCategoryName, AddressCategory>
>;

const CATEGORY_BY_ID = new Map(ADDRESS_CATEGORIES.map((c) => [c.categoryId, c]));

/** The category with this `categoryId`, or undefined. */
export function addressCategoryById(categoryId: number): AddressCategory | undefined {
  return CATEGORY_BY_ID.get(categoryId);
}

/** Blacklist settings action → alert level: a blacklist that rejects outright is as serious as a sanction. */
export const BLACKLIST_ALERT_LEVEL = { REJECTED: 'SEVERE', EVALUATION: 'HIGH' } as const satisfies Record<
  string,
  AlertLevel
>;
export type BlacklistAction = keyof typeof BLACKLIST_ALERT_LEVEL;

/** The blacklist category at the level the client's blacklist action calls for. */
export function blacklistCategory(action: BlacklistAction): AddressCategory {
  return { ...ADDRESS_CATEGORY.blacklist, alertLevel: BLACKLIST_ALERT_LEVEL[action] };
}

export interface LabelPattern {
  /** Matched against the normalised label (lower case, runs of other characters → "-"). */
  readonly pattern: RegExp;
  readonly category: AddressCategoryName;
  readonly reason: string;
}

/**
 * Label → category, first match wins. Patterns are anchored: Etherscan labels are slugs, and loose
 * substrings meet false friends ("fraud-proof", "blockchain", "index", "binance-pegged").
 */
export const LABEL_PATTERNS: readonly LabelPattern[] = [
  {
    pattern: /^(sanctioned|sanctions?|ofac|ofac-sanctioned|(ofac-)?sanctions-lists?)$/,
    category: 'sanctioned',
    reason: 'OFAC rows (1,097 "sanctioned") and Etherscan "ofac-sanctions-lists" (72).',
  },
  {
    pattern: /^(terroris[mt]|terroris[mt]-financing|terror-financing)$/,
    category: 'terrorist-financing',
    reason: 'Not in the Etherscan scrape; kept for other label feeds.',
  },
  { pattern: /^ransomware(-.+)?$/, category: 'ransomware', reason: 'Not in the Etherscan scrape.' },
  {
    pattern: /^(darknet|darknet-markets?|dark-market|dark-?web)$/,
    category: 'darknet-market',
    reason: 'Not in the Etherscan scrape.',
  },
  {
    pattern: /^(mixer|mixing-service|.+-mixer|tornado-cash|tornado|coinjoin|blender)$/,
    category: 'mixer',
    reason: '"tornado-cash" (115), "mixer" (38), "ethereum-mixer" (1).',
  },
  {
    pattern: /^(heist|hack|hacker|hacked|exploit|exploiter|stolen|stolen-funds|theft|compromised|drainer)$/,
    category: 'stolen-funds',
    reason: '"heist" (83), "exploit" (77), "compromised" (2: Rubic\'s hacked wallet).',
  },
  {
    pattern:
      /^(phish-hack|phish|phishing|scam|scammer|fraud|ponzi|rug-?pull|fake-.+|honeypot|address-poisoning)$/,
    category: 'scam',
    reason: '"phish-hack" (112: Fake_Phishing… addresses), "scam" (5).',
  },
  {
    pattern: /^(take-action|fraud-proof|spam-token|privacy|bridged-token|binance-pegged|maker-vault-owner)$/,
    category: 'other',
    reason:
      'False friends: "take-action" (3,090) tags VICTIMS urged to revoke approvals ("Multichain Hack Alert"); ' +
      '"fraud-proof" is Arbitrum rollup machinery; spam and privacy tokens and bridged/pegged tokens are ' +
      'token contracts; vault owners are ordinary users.',
  },
  { pattern: /^(blocked|frozen|blacklisted)$/, category: 'frozen', reason: '"blocked" (463).' },
  { pattern: /^(gambling|casino|betting|sportsbook)$/, category: 'gambling', reason: '"gambling" (244).' },
  {
    pattern:
      /^(exchange|cex|.+-exchange|binance|binance-deposit|coinbase|kraken|huobi|htx|okx|okex|kucoin|bitfinex|poloniex|gemini|ftx|ascendex|tidex|bitstamp|bittrex|bybit|gate-io|bitmart|crypto-com|upbit|bithumb|hotbit|mexc)$/,
    category: 'exchange',
    reason: '"exchange" (176) and exchange names: huobi 86, binance 77, bitfinex 50…',
  },
  {
    pattern:
      /^(bridge|.+-bridge|anyswap|multichain|wormhole|hop-protocol|across-protocol|synapse|stargate|cross-chain|interoperability-cross-chain)$/,
    category: 'bridge',
    reason: '"bridge" (370), "multichain" (516), "wormhole" (81); anyswap is a bridge despite its name.',
  },
  {
    pattern:
      /^(dex|dex-ag|dex-aggregator|.+swap|uniswap|balancer|bancor|curve-fi|0x-protocol|1inch|dexalot|idex|mdex|dodo)$/,
    category: 'dex',
    reason: '"sushiswap" (3,587), "balancer" (2,962), "bancor" (1,081), "dex" (482)…',
  },
  {
    pattern:
      /^(defi|yield-farming|staking|loans|lending|aave|compound|maker|lido|rocket-pool|yearn-finance|cream-finance|synthetix|alchemix-finance|mstable|idle-finance|set-protocol|enzyme-finance|vaults|value-defi|defi-saver)$/,
    category: 'defi',
    reason: '"defi" (943), "rocket-pool" (983), "yield-farming" (865), "staking" (762)…',
  },
];

/** Lower case; runs of anything but letters and digits become one "-": "Phish / Hack" → "phish-hack". */
export function normalizeLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const TABLE_ORDER = new Map(ADDRESS_CATEGORIES.map((c, i) => [c.name, i]));
/** Labels repeat heavily (617 distinct over 46,295 rows), so each is matched once; bounded against odd feeds. */
const LABEL_CACHE = new Map<string, AddressCategoryName | null>();
const LABEL_CACHE_LIMIT = 10_000;

function categoryOfLabel(label: string): AddressCategoryName | null {
  const cached = LABEL_CACHE.get(label);
  if (cached !== undefined) return cached;
  const normalized = normalizeLabel(label);
  const found = LABEL_PATTERNS.find((p) => p.pattern.test(normalized))?.category ?? null;
  if (LABEL_CACHE.size < LABEL_CACHE_LIMIT) LABEL_CACHE.set(label, found);
  return found;
}

/**
 * The most serious category any of an address's labels points to; OTHER when it has labels but none
 * carries risk; null when it has no labels at all (unattributed).
 *
 * @example categorizeLabel(['sanctioned', 'mixer', 'tornado-cash']).name // 'sanctioned'
 */
export function categorizeLabel(labels: readonly string[]): AddressCategory | null {
  let worst: AddressCategoryName | null = null;
  let labelled = false;
  for (const label of labels) {
    if (label.trim() === '') continue;
    labelled = true;
    const name = categoryOfLabel(label);
    if (name !== null && (worst === null || isWorse(name, worst))) worst = name;
  }
  if (worst !== null) return ADDRESS_CATEGORY[worst];
  return labelled ? ADDRESS_CATEGORY.other : null;
}

function isWorse(a: AddressCategoryName, b: AddressCategoryName): boolean {
  const byLevel =
    ALERT_LEVEL_RANK[ADDRESS_CATEGORY[a].alertLevel] - ALERT_LEVEL_RANK[ADDRESS_CATEGORY[b].alertLevel];
  if (byLevel !== 0) return byLevel > 0;
  return (TABLE_ORDER.get(a) ?? 0) < (TABLE_ORDER.get(b) ?? 0);
}
