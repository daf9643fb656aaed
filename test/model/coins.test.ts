import { describe, expect, it } from 'vitest';
import {
  ASSETS,
  Asset,
  COINS,
  COIN_CATALOG,
  CoinCatalogResponse,
  NETWORKS,
  Network,
  assertNetworkAsset,
  canonicalNetwork,
  isValidNetworkAsset,
  nativeAssetOf,
  networkAssetProblem,
} from '../../src/model/coins.js';
import { WardenError } from '../../src/model/errors.js';
import { validationErrorOf } from '../support/validation.js';

describe('coin catalog', () => {
  it('is the spec catalog and parses as a List Cryptocurrencies response', () => {
    expect(CoinCatalogResponse.parse(COIN_CATALOG)).toEqual({
      success: true,
      coins: [
        { network: 'Bitcoin', networkShort: 'BTC', assets: ['BTC'] },
        { network: 'Ethereum', networkShort: 'ETH', assets: ['ETH', 'USDT', 'USDC'] },
        { network: 'TRON', networkShort: 'TRX', assets: ['TRX', 'USDT', 'USDC'] },
      ],
    });
  });

  it('names every network once and uses only declared assets', () => {
    expect(COINS.map((c) => c.network)).toEqual([...NETWORKS]);
    expect(new Set(COINS.flatMap((c) => c.assets))).toEqual(new Set(ASSETS));
  });
});

describe('Network', () => {
  it.each([
    ['Ethereum', 'Ethereum'],
    ['ethereum', 'Ethereum'],
    ['ETH', 'Ethereum'],
    [' btc ', 'Bitcoin'],
    ['tron', 'TRON'],
    ['TRX', 'TRON'],
  ])('reads %j as %s', (input, network) => {
    expect(Network.parse(input)).toBe(network);
    expect(canonicalNetwork(input)).toBe(network);
  });

  it.each([['Solana'], ['ERC20'], ['']])('rejects %j naming the catalog networks', (input) => {
    const error = validationErrorOf(Network, input);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('must be a network of the coin catalog (Bitcoin, Ethereum, TRON)');
  });
});

describe('Asset', () => {
  it.each([
    ['usdt', 'USDT'],
    ['BTC', 'BTC'],
  ])('reads %j as %s', (input, asset) => {
    expect(Asset.parse(input)).toBe(asset);
  });

  it('rejects an asset outside the catalog', () => {
    expect(validationErrorOf(Asset, 'DOGE').message).toContain('must be an asset of the coin catalog');
  });
});

describe('network/asset pairs', () => {
  it.each([
    ['Bitcoin', 'BTC', true],
    ['Ethereum', 'USDC', true],
    ['eth', 'usdt', true],
    ['TRON', 'TRX', true],
    ['Bitcoin', 'USDC', false],
    ['Ethereum', 'TRX', false],
    ['TRON', 'ETH', false],
    ['Solana', 'USDC', false],
  ])('%s + %s valid: %s', (network, asset, valid) => {
    expect(isValidNetworkAsset(network, asset)).toBe(valid);
  });

  it('words an invalid pair with what the network does support', () => {
    expect(networkAssetProblem('Bitcoin', 'USDC')).toBe(
      'asset USDC is not available on network Bitcoin; Bitcoin supports BTC',
    );
    expect(networkAssetProblem('trx', 'eth')).toBe(
      'asset ETH is not available on network TRON; TRON supports TRX, USDT, USDC',
    );
  });

  it('assertNetworkAsset throws INVALID_NETWORK_ASSET at the given path', () => {
    let caught: unknown;
    try {
      assertNetworkAsset('Bitcoin', 'USDT', ['crypto', 'asset']);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WardenError);
    const error = caught as WardenError;
    expect(error.code).toBe('INVALID_NETWORK_ASSET');
    expect(error.status).toBe(400);
    expect(error.path).toEqual(['crypto', 'asset']);
    expect(error.message).toBe('asset USDT is not available on network Bitcoin; Bitcoin supports BTC.');
  });

  it('assertNetworkAsset accepts a valid pair', () => {
    expect(() => assertNetworkAsset('Ethereum', 'USDC')).not.toThrow();
  });

  it.each([
    ['Bitcoin', 'BTC'],
    ['Ethereum', 'ETH'],
    ['TRON', 'TRX'],
  ] as const)('the native asset of %s is %s', (network, asset) => {
    expect(nativeAssetOf(network)).toBe(asset);
  });
});
