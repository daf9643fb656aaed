/**
 * The coin catalog (spec: List Cryptocurrencies) as data, and the network/asset vocabulary built on it.
 * Networks are accepted by catalog name or short name in any case ("Ethereum", "ETH", "ethereum") and
 * always come out as the catalog name, so stored records and rules see one spelling.
 */
import { z } from 'zod';
import { WardenError } from './errors.js';
import { issueParams } from './parse-request.js';
import { quoteInput } from './quote-input.js';
import { MAX_CODE_CHARS } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const NETWORKS = ['Bitcoin', 'Ethereum', 'TRON'] as const;
export const ASSETS = ['BTC', 'ETH', 'TRX', 'USDT', 'USDC'] as const;

/** Source: the spec's observed catalog. The first asset of a network is its native coin. */
export const COINS: readonly {
  network: (typeof NETWORKS)[number];
  networkShort: string;
  assets: readonly (typeof ASSETS)[number][];
}[] = [
  { network: 'Bitcoin', networkShort: 'BTC', assets: ['BTC'] },
  { network: 'Ethereum', networkShort: 'ETH', assets: ['ETH', 'USDT', 'USDC'] },
  { network: 'TRON', networkShort: 'TRX', assets: ['TRX', 'USDT', 'USDC'] },
];

const NETWORK_BY_SPELLING: ReadonlyMap<string, (typeof NETWORKS)[number]> = new Map(
  COINS.flatMap((c) => [
    [c.network.toLowerCase(), c.network],
    [c.networkShort.toLowerCase(), c.network],
  ]),
);
const COIN_BY_NETWORK = new Map(COINS.map((c) => [c.network, c]));

/** The catalog name of a network written by name or short name in any case, or null. */
export function canonicalNetwork(text: string): (typeof NETWORKS)[number] | null {
  return NETWORK_BY_SPELLING.get(text.trim().toLowerCase()) ?? null;
}

export const Network = z
  .string()
  .trim()
  .max(MAX_CODE_CHARS, {
    error: `must be a network of the coin catalog (${NETWORKS.join(', ')})`,
    abort: true,
  })
  .overwrite((text) => canonicalNetwork(text) ?? text)
  .pipe(
    z.enum(NETWORKS, {
      error: (iss) =>
        `must be a network of the coin catalog (${NETWORKS.join(', ')}), got ${quoteInput(iss.input)}`,
    }),
  )
  .describe('Network name (Bitcoin, Ethereum, TRON) or short name (BTC, ETH, TRX), case-insensitive');
export type Network = z.infer<typeof Network>;
nameSchema(Network, 'Network');

export const Asset = z
  .string()
  .trim()
  .toUpperCase()
  .max(MAX_CODE_CHARS, { error: `must be an asset of the coin catalog (${ASSETS.join(', ')})`, abort: true })
  .pipe(
    z.enum(ASSETS, {
      error: (iss) =>
        `must be an asset of the coin catalog (${ASSETS.join(', ')}), got ${quoteInput(iss.input)}`,
    }),
  )
  .describe('Asset symbol (BTC, ETH, TRX, USDT, USDC), case-insensitive');
export type Asset = z.infer<typeof Asset>;
nameSchema(Asset, 'Asset');

/** The native coin of a network: the asset its fees are paid in. */
export function nativeAssetOf(network: Network): Asset {
  return COIN_BY_NETWORK.get(network)!.assets[0]!;
}

/** True when the catalog lists the asset under the network (both given in any accepted spelling). */
export function isValidNetworkAsset(network: string, asset: string): boolean {
  return networkAssetProblem(network, asset) === null;
}

/**
 * Why a pair is invalid, as one sentence, or null when the catalog lists the asset under the network.
 *
 * @example networkAssetProblem('Bitcoin', 'USDC') // 'asset USDC is not available on network Bitcoin; Bitcoin supports BTC'
 */
export function networkAssetProblem(network: string, asset: string): string | null {
  const name = canonicalNetwork(network);
  if (name === null) return `network ${network} is not in the coin catalog (${NETWORKS.join(', ')})`;
  const coin = COIN_BY_NETWORK.get(name)!;
  const symbol = asset.trim().toUpperCase();
  if ((coin.assets as readonly string[]).includes(symbol)) return null;
  return `asset ${symbol} is not available on network ${name}; ${name} supports ${coin.assets.join(', ')}`;
}

/** Throws INVALID_NETWORK_ASSET when the catalog does not list the asset under the network. */
export function assertNetworkAsset(
  network: string,
  asset: string,
  path: readonly (string | number)[] = [],
): void {
  const problem = networkAssetProblem(network, asset);
  if (problem !== null)
    throw new WardenError('INVALID_NETWORK_ASSET', `${problem}.`, { path, details: problem });
}

/**
 * A zod check for any object with `network` and `asset` (either may be absent or null, e.g. in a PATCH):
 * reports a pair the catalog does not list on `asset`, tagged INVALID_NETWORK_ASSET for `parseRequest`.
 */
export function checkNetworkAsset(
  ctx: z.core.ParsePayload<{ network?: Network | null; asset?: Asset | null }>,
): void {
  const { network, asset } = ctx.value;
  if (network === null || network === undefined || asset === null || asset === undefined) return;
  const problem = networkAssetProblem(network, asset);
  if (problem === null) return;
  ctx.issues.push({
    code: 'custom',
    message: problem,
    input: asset,
    path: ['asset'],
    params: issueParams('INVALID_NETWORK_ASSET'),
  });
}

export const CoinEntry = z.object({
  network: Network,
  networkShort: z.string().describe('Short name of the network, e.g. ETH'),
  assets: z.array(Asset).describe('Assets valid on this network; a pair is valid only if listed here'),
});
export type CoinEntry = z.infer<typeof CoinEntry>;

export const CoinCatalogResponse = z.object({ success: z.boolean(), coins: z.array(CoinEntry) });
export type CoinCatalogResponse = z.infer<typeof CoinCatalogResponse>;
nameSchema(CoinCatalogResponse, 'CoinCatalogResponse');

/** The response of List Cryptocurrencies. */
export const COIN_CATALOG: CoinCatalogResponse = {
  success: true,
  coins: COINS.map((c) => ({ network: c.network, networkShort: c.networkShort, assets: [...c.assets] })),
};
