/**
 * Seeded synthetic transfer graphs for exposure tests and benchmarks. Shape, after what public
 * chain-analytics studies describe: exchange hot wallets that dominate traffic, a long tail of ordinary
 * wallets picked with a skew (a few very active ones), unlabelled service hubs, peel chains, mixers that
 * fan in and fan out, and a sprinkling of sanctioned, scam, hacker, gambling and DEX addresses.
 *
 * On top of that noise, it plants probe wallets whose path to a known attributed address is built from
 * fresh intermediaries only, so the share reaching it is known exactly: a test can assert "sanctioned,
 * outgoing, found at hop 2, share 0.1 before haircut". Same seed, same graph; no Math.random, no clock.
 */
import { WardenError } from '../model/errors.js';
import type { Attribution } from './exposure/attribution.js';
import type { TransferDirection } from './exposure/chain-data.js';
import { type TransferColumns, TransferColumnsBuilder } from './exposure/transfer-columns.js';
import { SeededRandom } from './seeded-random.js';
import { ADDRESS_CATEGORY, type AddressCategory, type AddressCategoryName } from './tables/categories.js';

export interface SyntheticGraphOptions {
  readonly seed: number;
  /** Transfers to generate, planted ones included (never fewer than those, ~70); 1,000,000 take 1–3 s. */
  readonly transfers: number;
  /** Timestamp of the first transfer, Unix ms (passed in: the core has no clock). */
  readonly startTimestamp: number;
}

/** A probe wallet whose exposure to `target` is known exactly. */
export interface PlantedExposure {
  readonly wallet: string;
  readonly target: string;
  readonly category: AddressCategoryName;
  readonly direction: TransferDirection;
  readonly hop: number;
  /** Share of the wallet's USD in `direction` that reaches `target`, before any haircut. */
  readonly tracedShare: number;
}

export interface SyntheticGraph {
  readonly columns: TransferColumns;
  /** Attributed addresses and their categories. */
  readonly labels: ReadonlyMap<string, AddressCategory>;
  readonly attribute: Attribution;
  readonly planted: readonly PlantedExposure[];
  /** Ordinary (unattributed) wallets of the noise, most active first: benchmark inputs. */
  readonly wallets: readonly string[];
  /** Unattributed high-degree services: the hubs that test the walk's bounds. */
  readonly services: readonly string[];
}

/** Probe scenarios planted in every graph: category, direction, hop. */
const PLANTED_SCENARIOS: readonly (readonly [AddressCategoryName, TransferDirection, number])[] = [
  ['sanctioned', 'outgoing', 1],
  ['sanctioned', 'outgoing', 2],
  ['sanctioned', 'outgoing', 3],
  ['mixer', 'outgoing', 2],
  ['scam', 'outgoing', 3],
  ['mixer', 'incoming', 1],
  ['sanctioned', 'incoming', 2],
  ['stolen-funds', 'incoming', 3],
];

/** Attributed pools: category and how many addresses it has. */
const ATTRIBUTED_POOLS: readonly (readonly [AddressCategoryName, number])[] = [
  ['exchange', 12],
  ['mixer', 3],
  ['sanctioned', 20],
  ['scam', 15],
  ['stolen-funds', 5],
  ['gambling', 8],
  ['dex', 10],
];
const SERVICE_COUNT = 4;
/** One ordinary wallet per this many transfers: ~8 transfers a wallet, as on a busy chain's long tail. */
const TRANSFERS_PER_WALLET = 8;
/** Asset and its USD price: amounts are derived from USD so that both columns agree. */
const ASSETS: readonly (readonly [string, number, number])[] = [
  // symbol, price, cumulative probability
  ['ETH', 3000, 0.5],
  ['USDT', 1, 0.85],
  ['USDC', 1, 1],
];

/** Writes transfers with assets, amounts and timestamps drawn from the seed. */
class TransferWriter {
  readonly builder: TransferColumnsBuilder;
  private clock: number;

  constructor(
    readonly random: SeededRandom,
    expected: number,
    startTimestamp: number,
  ) {
    this.builder = new TransferColumnsBuilder(expected);
    this.clock = startTimestamp;
  }

  newAddress(): number {
    return this.builder.addressId(this.random.hex(40, '0x'));
  }

  /** A typical payment: log-normal around $250, capped at $5M, in cents. */
  randomUsd(): number {
    return Math.round(Math.min(5e6, this.random.logNormal(Math.log(250), 1.6)) * 100) / 100 + 0.01;
  }

  pay(from: number, to: number, usd: number): void {
    const roll = this.random.next();
    const [symbol, price] = ASSETS.find((a) => roll < a[2]) ?? ['USDT', 1];
    this.clock += 1 + this.random.int(30_000);
    this.builder.push(from, to, this.builder.assetId(symbol), usd / price, usd, this.clock);
  }
}

/**
 * Generates a graph of about `transfers` transfers with planted exposures.
 *
 * @example const g = generateSyntheticGraph({ seed: 1, transfers: 100_000, startTimestamp: 1.7e12 });
 *          computeExposure(new InMemoryChainData(g.columns), g.planted[0].wallet, g.attribute);
 */
export function generateSyntheticGraph(options: SyntheticGraphOptions): SyntheticGraph {
  if (
    !Number.isSafeInteger(options.transfers) ||
    options.transfers < 0 ||
    !Number.isFinite(options.startTimestamp)
  ) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `A synthetic graph needs a whole number of transfers (got ${options.transfers}) and a finite start timestamp.`,
    );
  }
  const random = new SeededRandom(options.seed);
  const w = new TransferWriter(random, options.transfers, options.startTimestamp);
  const pools = new Map<AddressCategoryName, number[]>(
    ATTRIBUTED_POOLS.map(([name, count]) => [name, Array.from({ length: count }, () => w.newAddress())]),
  );
  const services = Array.from({ length: SERVICE_COUNT }, () => w.newAddress());
  const walletCount = Math.max(200, Math.round(options.transfers / TRANSFERS_PER_WALLET));
  const wallets = Array.from({ length: walletCount }, () => w.newAddress());

  const planted = plantScenarioCount();
  writeNoise(w, Math.max(0, options.transfers - planted), pools, services, wallets);
  const plantedExposures = PLANTED_SCENARIOS.map(([category, direction, hop]) =>
    plantExposure(w, pools, category, direction, hop),
  );

  const columns = w.builder.build();
  const nameOf = (id: number): string => columns.addresses[id] ?? '';
  const labels = new Map<string, AddressCategory>();
  for (const [name, ids] of pools) for (const id of ids) labels.set(nameOf(id), ADDRESS_CATEGORY[name]);
  return {
    columns,
    labels,
    attribute: (address) => labels.get(address) ?? null,
    planted: plantedExposures.map((p) => ({ ...p, wallet: nameOf(p.wallet), target: nameOf(p.target) })),
    wallets: wallets.map(nameOf),
    services: services.map(nameOf),
  };
}

/** Transfers the planted scenarios add: per scenario 2 at the wallet, 2 per intermediary, 1 counter-flow. */
function plantScenarioCount(): number {
  return PLANTED_SCENARIOS.reduce((sum, [, , hop]) => sum + 3 + 2 * (hop - 1), 0);
}

/** Background traffic until `count` transfers are written. */
function writeNoise(
  w: TransferWriter,
  count: number,
  pools: ReadonlyMap<AddressCategoryName, readonly number[]>,
  services: readonly number[],
  wallets: readonly number[],
): void {
  const { random, builder } = w;
  const end = builder.transferCount + count;
  const pool = (name: AddressCategoryName): readonly number[] => pools.get(name) ?? [];
  // Skewed picks: u² puts ~10% of the picks on the top 1% of wallets, and most traffic on the top exchanges.
  const skewed = (ids: readonly number[]): number => ids[Math.floor(ids.length * random.next() ** 2)] ?? 0;
  const wallet = (): number => skewed(wallets);
  while (builder.transferCount < end) {
    const kind = random.next();
    const left = end - builder.transferCount;
    if (kind < 0.22) w.pay(wallet(), skewed(pool('exchange')), w.randomUsd());
    else if (kind < 0.44) w.pay(skewed(pool('exchange')), wallet(), w.randomUsd());
    else if (kind < 0.74) w.pay(wallet(), wallet(), w.randomUsd());
    else if (kind < 0.82) w.pay(wallet(), random.pick(services), w.randomUsd());
    else if (kind < 0.86) w.pay(random.pick(services), wallet(), w.randomUsd());
    else if (kind < 0.9) w.pay(wallet(), random.pick(pool('dex')), w.randomUsd());
    else if (kind < 0.92) w.pay(wallet(), random.pick(pool('gambling')), w.randomUsd());
    else if (kind < 0.94) w.pay(random.pick(pool('scam')), wallet(), w.randomUsd());
    else if (kind < 0.95) w.pay(wallet(), random.pick(pool('sanctioned')), w.randomUsd());
    else if (kind < 0.96) w.pay(random.pick(pool('stolen-funds')), wallet(), w.randomUsd());
    else if (left < 2) w.pay(wallet(), wallet(), w.randomUsd());
    else if (kind < 0.98) writeMixerRound(w, random.pick(pool('mixer')), wallet, Math.min(left, 16));
    else writePeelChain(w, wallet(), pool('exchange'), Math.min(left, 24));
  }
}

/** A mixer round: equal-sized deposits from several wallets, then as many withdrawals to others. */
function writeMixerRound(w: TransferWriter, mixer: number, wallet: () => number, budget: number): void {
  const participants = Math.max(1, Math.min(Math.floor(budget / 2), 3 + w.random.int(6)));
  const denomination = w.random.pick([100, 1000, 10_000]);
  for (let i = 0; i < participants; i++) w.pay(wallet(), mixer, denomination);
  // The mixer keeps a 0.3% fee, as Tornado-style pools and custodial mixers do.
  for (let i = 0; i < participants; i++) w.pay(mixer, wallet(), denomination * 0.997);
}

/** A peel chain: value hops through fresh addresses, each peeling ~10% off to an exchange. */
function writePeelChain(
  w: TransferWriter,
  source: number,
  exchanges: readonly number[],
  budget: number,
): void {
  let holder = source;
  let value = w.randomUsd() * 20;
  const hops = Math.max(1, Math.min(Math.floor(budget / 2), 4 + w.random.int(9)));
  for (let i = 0; i < hops; i++) {
    const next = w.newAddress();
    const peel = Math.round(value * (0.05 + 0.1 * w.random.next()) * 100) / 100;
    w.pay(holder, w.random.pick(exchanges), peel);
    w.pay(holder, next, value - peel);
    value -= peel;
    holder = next;
  }
}

interface PlantedIds {
  readonly wallet: number;
  readonly target: number;
  readonly category: AddressCategoryName;
  readonly direction: TransferDirection;
  readonly hop: number;
  readonly tracedShare: number;
}

/**
 * A fresh probe wallet W linked to `target` through (hop − 1) fresh intermediaries, plus a clean fresh
 * counterparty so the share is below 1. Every intermediary passes on exactly what it takes in
 * (in = out), so the traced USD is the target's own transfer and the share is known exactly.
 */
function plantExposure(
  w: TransferWriter,
  pools: ReadonlyMap<AddressCategoryName, readonly number[]>,
  category: AddressCategoryName,
  direction: TransferDirection,
  hop: number,
): PlantedIds {
  const target = pools.get(category)?.[0] ?? 0;
  const exchange = pools.get('exchange')?.[0] ?? 0;
  const wallet = w.newAddress();
  const cents = (x: number): number => Math.round(x * 100) / 100;
  const clean = cents(500 + w.random.int(5000));
  // Intermediaries nearest the wallet first: chain[0] is hop 1, chain[hop - 2] touches the target.
  const chain = Array.from({ length: hop - 1 }, () => w.newAddress());
  if (direction === 'outgoing') {
    const risky = cents(500 + w.random.int(5000));
    w.pay(exchange, wallet, risky + clean); // funding, in the other direction
    w.pay(wallet, w.newAddress(), clean);
    let holder = wallet;
    let value = risky;
    for (const next of chain) {
      w.pay(holder, next, value);
      const passed = cents(value * (0.2 + 0.6 * w.random.next()));
      w.pay(next, w.newAddress(), cents(value - passed));
      holder = next;
      value = passed;
    }
    w.pay(holder, target, value);
    return { wallet, target, category, direction, hop, tracedShare: value / (risky + clean) };
  }
  // Incoming: the target pays the farthest intermediary; each one adds clean money and pays all of it on.
  const fromTarget = cents(100 + w.random.int(2000));
  let holder = target;
  let value = fromTarget;
  for (let k = chain.length - 1; k >= 0; k--) {
    const node = chain[k] ?? 0;
    const topUp = cents(100 + w.random.int(2000));
    w.pay(holder, node, value);
    w.pay(w.newAddress(), node, topUp);
    holder = node;
    value = value + topUp;
  }
  w.pay(holder, wallet, value);
  w.pay(w.newAddress(), wallet, clean);
  w.pay(wallet, exchange, value + clean); // spending, in the other direction
  return { wallet, target, category, direction, hop, tracedShare: fromTarget / (value + clean) };
}
