import { describe, expect, it } from 'vitest';
import { InMemoryChainData } from '../../src/wallet/exposure/in-memory-chain-data.js';
import { decimalAmount, walletHoldingsOf } from '../../src/wallet/wallet-balance.js';
import { transfer } from './support/transfers.js';

describe('decimalAmount', () => {
  it.each([
    [0.1, 18, '0.1', '100000000000000000'],
    [1.5, 18, '1.5', '1500000000000000000'],
    [123.456789129, 6, '123.456789', '123456789'],
    [1e-9, 8, '0', '0'],
    [2.5e-7, 18, '0.00000025', '250000000000'],
    [21_000_000, 8, '21000000', '2100000000000000'],
    [1e21, 6, '1000000000000000000000', '1000000000000000000000000000'],
    [0, 8, '0', '0'],
    [-3, 8, '0', '0'],
    [Number.NaN, 8, '0', '0'],
  ])('%d at %i decimals → %s (%s)', (amount, decimals, text, raw) => {
    expect(decimalAmount(amount, decimals)).toEqual({ text, raw });
  });
});

describe('walletHoldingsOf', () => {
  const W = '0x' + 'a'.repeat(40);
  const X = '0x' + 'b'.repeat(40);

  it('nets what came in against what went out, per asset, valued at the last price seen', () => {
    const chain = InMemoryChainData.fromTransfers([
      transfer(X, W, 6000, { asset: 'ETH', amount: 2 }),
      transfer(W, X, 1750, { asset: 'ETH', amount: 0.5 }),
      transfer(X, W, 100, { asset: 'USDT', amount: 100 }),
      transfer(X, W, 5, { asset: 'DAI', amount: 5 }),
    ]);
    const eth = walletHoldingsOf(chain.transfersOf(W), 'Ethereum', 'ETH', W, W);
    expect(eth.balance).toEqual({
      address: W,
      native: '1.5',
      rawNative: '1500000000000000000',
      tokens: [{ asset: 'USDT', contract: null, amount: '100', rawAmount: '100000000' }],
    });
    expect(eth.assetAmount).toBe(1.5);
    expect(eth.usdAmount).toBe(5250);
    expect(walletHoldingsOf(chain.transfersOf(W), 'Ethereum', 'USDC', W, W)).toMatchObject({
      assetAmount: 0,
      usdAmount: 0,
    });
  });

  it('never shows a negative balance from a partial history, and zero without chain data', () => {
    const chain = InMemoryChainData.fromTransfers([transfer(W, X, 50, { asset: 'USDT', amount: 50 })]);
    expect(walletHoldingsOf(chain.transfersOf(W), 'Ethereum', 'USDT', W, W)).toMatchObject({
      assetAmount: 0,
      usdAmount: 0,
    });
    expect(walletHoldingsOf([], 'TRON', 'TRX', 'T…', 'T…').balance).toEqual({
      address: 'T…',
      native: '0',
      rawNative: '0',
      tokens: [],
    });
  });
});
