import { describe, expect, it } from 'vitest';
import * as wallet from '../../src/wallet/index.js';

describe('src/wallet/index.ts', () => {
  it('exposes the pieces analyzeWallet is assembled from', () => {
    for (const name of [
      'validateAddress',
      'resolveWalletNetwork',
      'categorizeLabel',
      'blacklistCategory',
      'worstAlertLevel',
      'computeExposure',
      'InMemoryChainData',
      'generateSyntheticGraph',
      'parseAddressList',
      'labelledAddressToEntity',
      'buildAddressBook',
      'BlacklistService',
      'analyzeWallet',
      'WalletResultCache',
      'loadTransfersCsv',
    ]) {
      expect(typeof (wallet as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('composes: validate, attribute, expose', () => {
    const { canonical } = wallet.validateAddress('Ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    const sanctioned = '0x' + '1'.repeat(40);
    const chain = wallet.InMemoryChainData.fromTransfers([
      { from: canonical, to: sanctioned, asset: 'USDT', amount: 5, usd: 5, timestamp: 1 },
    ]);
    const result = wallet.computeExposure(chain, canonical, (a) =>
      a === sanctioned ? wallet.ADDRESS_CATEGORY.sanctioned : null,
    );
    expect(result.worstAlertLevel).toBe('SEVERE');
    expect(result.counterparties[0]?.category.categoryId).toBe(1);
  });
});
