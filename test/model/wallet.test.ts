import { describe, expect, it } from 'vitest';
import { WalletAlert, WalletAnalysisRequest, WalletRiskAnalysis } from '../../src/model/wallet.js';
import { WALLETS, aWalletAlert, aWalletAnalysisRequest, aWalletRiskAnalysis } from '../support/factories.js';
import { withValueAt } from '../support/mutate.js';
import { requestErrorOf, validationErrorOf } from '../support/validation.js';

describe('WalletAnalysisRequest', () => {
  it('parses the spec body, with defaults for the optional fields', () => {
    expect(
      WalletAnalysisRequest.parse({ ...aWalletAnalysisRequest(), force_search: undefined, network: 'trx' }),
    ).toMatchObject({
      network: 'TRON',
      address: WALLETS.TRON,
      force_search: false,
      asset: null,
      external_id: null,
    });
  });

  it('accepts an asset of the network and an external_id', () => {
    const parsed = WalletAnalysisRequest.parse(
      aWalletAnalysisRequest({ asset: 'usdt', external_id: 'wallet-000789' }),
    );
    expect([parsed.asset, parsed.external_id]).toEqual(['USDT', 'wallet-000789']);
  });

  it.each([
    [['network'], 'Polygon', 'must be a network of the coin catalog'],
    [['address'], '', 'must not be empty'],
    [['force_search'], 'yes', 'expected boolean'],
    [['client_id'], 12, 'expected string'],
  ])('rejects %j = %j', (path, value, message) => {
    const error = validationErrorOf(
      WalletAnalysisRequest,
      withValueAt(aWalletAnalysisRequest(), path, value),
    );
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });

  it('refuses an asset the network does not carry with INVALID_NETWORK_ASSET', () => {
    const error = requestErrorOf(
      WalletAnalysisRequest,
      aWalletAnalysisRequest({ network: 'Bitcoin', asset: 'USDT' }),
    );
    expect(error.code).toBe('INVALID_NETWORK_ASSET');
    expect(error.path).toEqual(['asset']);
  });
});

describe('WalletRiskAnalysis', () => {
  it('parses a complete record with a sanctions exposure', () => {
    expect(WalletRiskAnalysis.parse(aWalletRiskAnalysis())).toEqual(aWalletRiskAnalysis());
  });

  it('parses a clean wallet: no alerts, no direct exposure', () => {
    const clean = aWalletRiskAnalysis({
      risk_level: 'NONE',
      alerts: [],
      directExposure: { direct: null },
      sanctioned_categories: [],
      addressIdentification: { customAddresses: [], providerIdentifications: [] },
    });
    expect(WalletRiskAnalysis.parse(clean)).toEqual(clean);
  });

  it('reads a blacklist alert', () => {
    const alert = aWalletAlert({
      alertLevel: 'HIGH',
      category: 'Blacklist',
      service: 'Blacklist',
      exposureType: 'Blacklist',
    });
    expect(WalletAlert.parse(alert).exposureType).toBe('Blacklist');
  });

  it.each([
    ['Severe', 'SEVERE'],
    ['Medium', 'MEDIUM'],
    ['SEVERE', 'SEVERE'],
  ])('reads the observed alertLevel %j as %s', (level, expected) => {
    expect(WalletAlert.parse(aWalletAlert({ alertLevel: level as never })).alertLevel).toBe(expected);
  });

  it.each([
    [['risk_level'], 'CRITICAL'],
    [['status'], 'COMPLETED'],
    [['createdAt'], '01/05/2024'],
    [['alerts', 0, 'alertLevel'], 'NONE'],
    [['alerts', 0, 'exposureType'], 'sideways'],
    [['sanctioned_categories', 0, 'exposureType'], 'Blacklist'],
    [['wallet_graph', 0, 'incomingEdges', 0, 'txCount'], 0],
    [['usdAmount'], -1],
    [['network'], 'Solana'],
  ])('rejects %j = %j', (path, value) => {
    const error = validationErrorOf(WalletRiskAnalysis, withValueAt(aWalletRiskAnalysis(), path, value));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
  });
});
