/** Blockchain Analysis request (z.input shape) and wallet risk record (z.infer shape); override any field. */
import type { z } from 'zod';
import type { WalletAlert, WalletAnalysisRequest, WalletRiskAnalysis } from '../../../src/model/wallet.js';
import { CREDENTIALS, WALLETS } from './participants.js';
import { REQUEST_AT } from './transactions.js';

export function aWalletAnalysisRequest(
  overrides: Partial<z.input<typeof WalletAnalysisRequest>> = {},
): z.input<typeof WalletAnalysisRequest> {
  return { ...CREDENTIALS, network: 'TRON', address: WALLETS.TRON, force_search: false, ...overrides };
}

export function aWalletAlert(overrides: Partial<WalletAlert> = {}): WalletAlert {
  return {
    alertLevel: 'SEVERE',
    category: 'Sanctions',
    service: 'Garantex',
    externalId: null,
    alertAmount: 18250.5,
    exposureType: 'direct',
    categoryId: 3,
    ...overrides,
  };
}

export function aWalletRiskAnalysis(overrides: Partial<WalletRiskAnalysis> = {}): WalletRiskAnalysis {
  return {
    id: 'wra_01HX3VE4H8J9',
    external_id: 'wallet-000789',
    externalId: 'wallet-000789',
    beneficiaryId: null,
    ownerId: null,
    alias: null,
    attemptIdentifier: null,
    userId: CREDENTIALS.client_id,
    asset: 'USDT',
    network: 'TRON',
    address: WALLETS.TRON,
    assetAmount: 1250.75,
    usdAmount: 1250.75,
    status: 'completed',
    risk_level: 'SEVERE',
    addressIdentification: {
      customAddresses: [],
      providerIdentifications: [
        {
          addressName: 'Garantex hot wallet',
          categoryName: 'Sanctions',
          description: 'OFAC SDN',
          categoryId: 3,
          provider: 'ofac-sdn',
        },
      ],
    },
    alerts: [aWalletAlert()],
    directExposure: { direct: { name: 'Garantex', category: 'Sanctions', categoryId: 3 } },
    sanctioned_categories: [{ category_id: 3, value: 18250.5, exposureType: 'direct' }],
    wallet_graph: [
      {
        status: 'ready',
        centerNode: { id: WALLETS.TRON, type: 'address' },
        incomingEdges: [
          {
            counterparty: { id: 'Garantex', type: 'entity' },
            asset: 'USDT',
            amount: 18250.5,
            usdAmount: 18250.5,
            txCount: 4,
            hops: 1,
            category: 'Sanctions',
            categoryId: 3,
          },
        ],
        outgoingEdges: [],
        timestamp: REQUEST_AT,
      },
    ],
    wallet_balance: [
      {
        address: WALLETS.TRON,
        native: '152.3',
        rawNative: '152300000',
        tokens: [
          {
            asset: 'USDT',
            contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
            amount: '1250.75',
            rawAmount: '1250750000',
          },
        ],
      },
    ],
    analyzed_at: REQUEST_AT + 420,
    createdAt: '2024-05-01T10:00:00.420Z',
    ...overrides,
  };
}
