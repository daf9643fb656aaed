/** Screening over HTTP: wallet analysis, individuals, organizations, summary; and the catalogs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoinCatalogResponse } from '../../src/model/coins.js';
import { DocumentTypeCatalogResponse } from '../../src/model/document-types.js';
import { ScreeningResult } from '../../src/model/screening-result.js';
import { SummaryScreeningResponse } from '../../src/model/screening.js';
import { WalletRiskAnalysis } from '../../src/model/wallet.js';
import {
  WALLETS,
  aSummaryRequest,
  aWalletAnalysisRequest,
  anIndividualRequest,
  anOrganizationRequest,
} from '../support/factories.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness();
});
afterAll(() => h.close());

const post = (url: string, payload: object) => h.inject({ method: 'POST', url, payload });

describe('POST /api/v1/analysis-crypto/risk-wallet/send', () => {
  it('answers 200 with the wallet risk analysis record', async () => {
    const response = await post(
      '/api/v1/analysis-crypto/risk-wallet/send',
      aWalletAnalysisRequest(h.a.credentials),
    );
    expect(response.statusCode).toBe(200);
    const record = WalletRiskAnalysis.parse(response.json());
    expect(record).toMatchObject({ network: 'TRON', address: WALLETS.TRON, userId: h.a.client_id });
  });

  it('answers 400 INVALID_ADDRESS for an address with a bad checksum', async () => {
    const response = await post(
      '/api/v1/analysis-crypto/risk-wallet/send',
      aWalletAnalysisRequest({
        ...h.a.credentials,
        network: 'Ethereum',
        address: '0x52908400098527886E0F7030069857D2E4169Ee7',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error_code).toBe('INVALID_ADDRESS');
  });

  it('answers 400 naming an unknown network', async () => {
    const response = await post(
      '/api/v1/analysis-crypto/risk-wallet/send',
      aWalletAnalysisRequest({ ...h.a.credentials, network: 'Dogecoin' }),
    );
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error).toMatch(/^network: must be a network of the coin catalog/);
  });
});

describe('entity screening', () => {
  it('POST individuals answers 201 with the individual screening result', async () => {
    const response = await post(
      '/api/v1/screening/entities/individuals',
      anIndividualRequest(h.a.credentials),
    );
    expect(response.statusCode).toBe(201);
    const result = ScreeningResult.parse(response.json());
    expect(result.request.names).toEqual([expect.objectContaining({ value: 'Nicolás Maduro Moros' })]);
  });

  it('POST individuals answers 400 naming a bad country code', async () => {
    const response = await post(
      '/api/v1/screening/entities/individuals',
      anIndividualRequest({ ...h.a.credentials, citizenship: 'VENEZUELA' }),
    );
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error).toMatch(/^citizenship: /);
  });

  it('POST organizations answers 201 with the same result shape', async () => {
    const response = await post(
      '/api/v1/screening/entities/organizations',
      anOrganizationRequest(h.a.credentials),
    );
    expect(response.statusCode).toBe(201);
    ScreeningResult.parse(response.json());
  });

  it('POST organizations answers 400 when the country is missing', async () => {
    const { country: _country, ...request } = anOrganizationRequest(h.a.credentials);
    const response = await post('/api/v1/screening/entities/organizations', request);
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error).toMatch(/^country: /);
  });

  it('POST summary answers 201 with one result per entity, in request order', async () => {
    const response = await post('/api/v1/screening/entities/summary', aSummaryRequest(h.a.credentials));
    expect(response.statusCode).toBe(201);
    const summary = SummaryScreeningResponse.parse(response.json());
    expect(summary.results.map((r) => [r.index, r.external_id, r.type])).toEqual([
      [0, 'cust-000123', 'INDIVIDUAL'],
      [1, 'corp-000045', 'ORGANIZATION'],
    ]);
  });

  it('POST summary answers 400 over 100 entities', async () => {
    const entity = { type: 'ORGANIZATION', name: 'Andes Logistics S.A.S.', country: 'COL' } as const;
    const response = await post('/api/v1/screening/entities/summary', {
      ...h.a.credentials,
      entities: Array.from({ length: 101 }, () => entity),
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error).toBe('entities: must list at most 100 entities');
  });
});

describe('catalogs', () => {
  it('GET document-types answers 200 with the person and company catalogs', async () => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/v1/resources/validation/document-types?${h.a.query}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const catalog = DocumentTypeCatalogResponse.parse(response.json());
    expect(catalog.person.find((c) => c.code === 'COL')?.locTypes.length).toBeGreaterThan(0);
  });

  it('GET coins answers 200 with the coin catalog', async () => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/v1/resources/validation/coins?${h.a.query}`,
    });
    expect(response.statusCode).toBe(200);
    expect(CoinCatalogResponse.parse(response.json())).toEqual({
      success: true,
      coins: [
        { network: 'Bitcoin', networkShort: 'BTC', assets: ['BTC'] },
        { network: 'Ethereum', networkShort: 'ETH', assets: ['ETH', 'USDT', 'USDC'] },
        { network: 'TRON', networkShort: 'TRX', assets: ['TRX', 'USDT', 'USDC'] },
      ],
    });
  });
});
