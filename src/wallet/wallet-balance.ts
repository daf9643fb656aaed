/**
 * A wallet's balance as far as the loaded chain data shows it: per asset, what came in minus what
 * went out (never below 0: a partial history can show more out than in), valued at the last price
 * the data shows for the asset (USD over amount of its latest transfer). Without chain data every
 * figure is "0": Warden holds no node connection, and an invented balance would be worse than none.
 */
import { ASSETS, type Asset, COINS, type Network, nativeAssetOf } from '../model/coins.js';
import type { TokenBalance, WalletBalance } from '../model/wallet.js';
import type { Transfer } from './exposure/chain-data.js';

/** Smallest units per coin (satoshi 8, wei 18, sun 6); USDT and USDC use 6 on Ethereum and TRON alike. */
export const ASSET_DECIMALS: Readonly<Record<Asset, number>> = { BTC: 8, ETH: 18, TRX: 6, USDT: 6, USDC: 6 };

export interface WalletHoldings {
  readonly balance: WalletBalance;
  /** Balance of the queried asset, in its units. */
  readonly assetAmount: number;
  /** That balance in USD at the last observed price, to the cent; 0 when no price was seen. */
  readonly usdAmount: number;
}

interface AssetPosition {
  amount: number;
  lastTimestamp: number;
  lastPrice: number;
}

const CATALOG_ASSETS: ReadonlySet<string> = new Set(ASSETS);
const ASSETS_OF = new Map<string, readonly Asset[]>(COINS.map((c) => [c.network, c.assets]));

/**
 * The balance record of `address` (lookup form, as the chain stores it) from its transfers (empty
 * without chain data), shown as `shownAddress`.
 *
 * @example walletHoldingsOf(chain.transfersOf('0xabc…'), 'Ethereum', 'USDT', '0xabc…', '0xAbC…').balance.native // '1.5'
 */
export function walletHoldingsOf(
  transfers: readonly Transfer[],
  network: Network,
  asset: Asset,
  address: string,
  shownAddress: string,
): WalletHoldings {
  const positions = new Map<string, AssetPosition>();
  for (const t of transfers) {
    if (t.from === t.to) continue;
    let position = positions.get(t.asset);
    if (position === undefined) {
      position = { amount: 0, lastTimestamp: -Infinity, lastPrice: 0 };
      positions.set(t.asset, position);
    }
    position.amount += t.to === address ? t.amount : -t.amount;
    if (t.amount > 0 && t.timestamp >= position.lastTimestamp) {
      position.lastTimestamp = t.timestamp;
      position.lastPrice = t.usd / t.amount;
    }
  }
  const native = nativeAssetOf(network);
  const networkAssets = ASSETS_OF.get(network) ?? [];
  const tokens: TokenBalance[] = [];
  for (const [symbol, position] of positions) {
    if (symbol === native || !CATALOG_ASSETS.has(symbol) || !networkAssets.includes(symbol as Asset))
      continue;
    const units = decimalAmount(position.amount, ASSET_DECIMALS[symbol as Asset]);
    tokens.push({ asset: symbol as Asset, contract: null, amount: units.text, rawAmount: units.raw });
  }
  tokens.sort((a, b) => (a.asset < b.asset ? -1 : 1));
  const nativeUnits = decimalAmount(positions.get(native)?.amount ?? 0, ASSET_DECIMALS[native]);
  const held = positions.get(asset);
  const assetAmount = Math.max(0, held?.amount ?? 0);
  return {
    balance: { address: shownAddress, native: nativeUnits.text, rawNative: nativeUnits.raw, tokens },
    assetAmount,
    usdAmount: Math.round(assetAmount * (held?.lastPrice ?? 0) * 100) / 100,
  };
}

/**
 * A non-negative amount as a plain decimal string and as an integer count of smallest units, both cut
 * (not rounded) at `decimals`. Digits beyond the 15 significant ones a double holds are not invented.
 *
 * @example decimalAmount(0.1, 18) // { text: '0.1', raw: '100000000000000000' }
 */
export function decimalAmount(amount: number, decimals: number): { text: string; raw: string } {
  if (!(amount > 0) || !Number.isFinite(amount)) return { text: '0', raw: '0' };
  const shortest = String(Number(amount.toPrecision(15)));
  let whole: string;
  let fraction: string;
  const point = shortest.indexOf('.');
  if (!shortest.includes('e')) {
    // The common case: plain notation already (from 1e-7 up to 1e21).
    whole = point === -1 ? shortest : shortest.slice(0, point);
    fraction = point === -1 ? '' : shortest.slice(point + 1);
  } else {
    const [mantissa = '0', exponent = '0'] = shortest.split('e');
    const digits = mantissa.replace('.', '');
    const places = Number(exponent) + 1; // digits before the decimal point
    if (places <= 0) {
      whole = '0';
      fraction = '0'.repeat(-places) + digits;
    } else {
      whole = digits + '0'.repeat(Math.max(0, places - digits.length));
      fraction = '';
    }
  }
  fraction = fraction.slice(0, decimals);
  const raw = (whole + fraction.padEnd(decimals, '0')).replace(/^0+(?=\d)/, '');
  const shown = fraction.replace(/0+$/, '');
  return { text: shown === '' ? whole : `${whole}.${shown}`, raw };
}
