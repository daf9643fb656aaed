/**
 * The checks a wallet query passes before any lookup, in the order a person fixes them: is the
 * network/asset pair in the coin catalog (INVALID_NETWORK_ASSET), then is the address valid on that
 * network (INVALID_ADDRESS). The result is also the key of a cached analysis.
 */
import {
  type Asset,
  canonicalNetwork,
  nativeAssetOf,
  type Network,
  networkAssetProblem,
} from '../model/coins.js';
import { WardenError } from '../model/errors.js';
import { validateAddress, type ValidatedAddress } from './validate-address.js';

export interface WalletQueryInput {
  /** Catalog name or short name, any case: "Ethereum", "ETH", "eth". */
  readonly network: string;
  readonly address: string;
  /** Null or absent: the network's native coin. */
  readonly asset?: string | null;
}

export interface WalletQuery {
  readonly network: Network;
  readonly asset: Asset;
  readonly address: ValidatedAddress;
}

/**
 * Resolves and checks a query, or throws the WardenError of the first problem.
 *
 * @example resolveWalletQuery({ network: 'btc', address: 'bc1q…' }).asset // 'BTC'
 */
export function resolveWalletQuery(input: WalletQueryInput): WalletQuery {
  const network = canonicalNetwork(input.network);
  if (network === null) throw catalogError(networkAssetProblem(input.network, '') ?? '', 'network');
  const asset = input.asset?.trim().toUpperCase() || nativeAssetOf(network);
  const problem = networkAssetProblem(network, asset);
  if (problem !== null) throw catalogError(problem, 'asset');
  return { network, asset: asset as Asset, address: validateAddress(network, input.address) };
}

function catalogError(problem: string, field: 'network' | 'asset'): WardenError {
  return new WardenError('INVALID_NETWORK_ASSET', `${problem}.`, { path: [field], details: problem });
}
