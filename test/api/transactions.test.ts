/** Transaction screening over HTTP: submit, list and status, registrations, isolation, rate limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_RATE_LIMITS } from '../../src/api/index.js';
import { RegisteredEntity } from '../../src/model/registration.js';
import { TransactionList, TransactionReport } from '../../src/model/transaction.js';
import {
  aCryptoTransaction,
  aFiatTransaction,
  aRegistrationRequest,
  aSubmitCryptoRequest,
  aSubmitFiatRequest,
} from '../support/factories.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness();
});
afterAll(() => h.close());

const submit = (payload: object) => h.inject({ method: 'POST', url: '/api/v1/verification/send', payload });
const list = (query: string) => h.inject({ method: 'GET', url: `/api/v1/verification/get?${query}` });

describe('POST /api/v1/verification/send', () => {
  it('answers 201 with the transaction report, decided in the request', async () => {
    const response = await submit(
      aSubmitFiatRequest({
        ...h.a.credentials,
        transaction: aFiatTransaction({ external_transaction_id: 'tx-a-1' }),
      }),
    );
    expect(response.statusCode).toBe(201);
    const report = TransactionReport.parse(response.json());
    expect(report.external_transaction_id).toBe('tx-a-1');
    expect(report.transaction).toMatchObject({
      transaction_type: 'FIAT',
      sending_currency: 'USD',
      receving_amount: 6123450,
    });
  });

  it('screens a crypto transaction', async () => {
    const response = await submit(
      aSubmitCryptoRequest({
        ...h.a.credentials,
        transaction: aCryptoTransaction({ external_transaction_id: 'tx-a-2' }),
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(TransactionReport.parse(response.json()).transaction).toMatchObject({
      transaction_type: 'CRYPTO',
      crypto_network: 'TRON',
      crypto_asset: 'USDT',
    });
  });

  it.each([
    [-5, 'must be a positive number, at least 1e-18'],
    // A denormal is positive to JavaScript, but no amount of any asset.
    [5e-324, 'must be a positive number, at least 1e-18'],
    [1e300, 'must be at most 1000000000000000'],
  ])('answers 400 naming the field of a bad amount (%d)', async (amount, message) => {
    const response = await submit(
      aSubmitFiatRequest({ ...h.a.credentials, transaction: aFiatTransaction({ sending_amount: amount }) }),
    );
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      error: `transaction.sending_amount: ${message}`,
    });
  });

  it('answers 400 INVALID_NETWORK_ASSET for an asset the network does not carry', async () => {
    const response = await submit(
      aSubmitCryptoRequest({
        ...h.a.credentials,
        transaction: aCryptoTransaction({ network: 'Bitcoin', asset: 'USDT' }),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error_code).toBe('INVALID_NETWORK_ASSET');
  });
});

describe('GET /api/v1/verification/get', () => {
  it('lists the latest transactions of the client, page by page', async () => {
    const response = await list(`${h.a.query}&limit=1&page=2`);
    expect(response.statusCode).toBe(200);
    const page = TransactionList.parse(response.json());
    expect(page).toMatchObject({ totalItems: 2, page: 2, totalPages: 2 });
    expect(page.items).toHaveLength(1);
  });

  it('selects one transaction by external_transaction_id', async () => {
    const response = await list(`${h.a.query}&external_transaction_id=tx-a-1`);
    expect(response.statusCode).toBe(200);
    expect(TransactionList.parse(response.json()).items.map((i) => i.external_transaction_id)).toEqual([
      'tx-a-1',
    ]);
  });

  it('filters by status and by a time window given in seconds', async () => {
    const seconds = Math.floor(h.now() / 1000);
    const inWindow = await list(`${h.a.query}&start_timestamp=${seconds - 60}&end_timestamp=${seconds + 60}`);
    expect(TransactionList.parse(inWindow.json()).totalItems).toBe(2);
    const before = await list(`${h.a.query}&end_timestamp=${seconds - 60}`);
    expect(TransactionList.parse(before.json()).totalItems).toBe(0);
    const cancelled = await list(`${h.a.query}&status=CANCELLED`);
    expect(TransactionList.parse(cancelled.json()).totalItems).toBe(0);
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown external_transaction_id', async () => {
    const response = await list(`${h.a.query}&external_transaction_id=tx-unknown`);
    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response).error_code).toBe('RESOURCE_NOT_FOUND');
  });

  it('answers 400 naming a bad filter', async () => {
    const response = await list(`${h.a.query}&status=DONE`);
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error).toMatch(/^status: /);
  });

  it("never shows one client's transactions to another", async () => {
    const other = await list(`${h.b.query}&external_transaction_id=tx-a-1`);
    expect(other.statusCode).toBe(404);
    const all = await list(h.b.query);
    expect(TransactionList.parse(all.json()).totalItems).toBe(0);
  });
});

describe('registration of remitters and beneficiaries', () => {
  it.each(['create-remitter', 'create-beneficiary'])(
    'POST %s answers 201 with the registered entity',
    async (op) => {
      const response = await h.inject({
        method: 'POST',
        url: `/api/v1/verification/${op}`,
        payload: aRegistrationRequest({ ...h.a.credentials, external_id: `${op}-1` }),
      });
      expect(response.statusCode).toBe(201);
      const entity = RegisteredEntity.parse(response.json());
      expect(entity).toMatchObject({ external_id: `${op}-1`, entity_type: 'PERSON', customer_documents: [] });
    },
  );

  it('answers 400 when the object entity_type requires is missing', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/verification/create-remitter',
      payload: { ...h.a.credentials, external_id: 'r-2', entity_type: 'COMPANY' },
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error).toMatch(/^legal_person: /);
  });
});

describe('rate limit of the status and list operation', () => {
  it('answers 429 with Retry-After after 200 requests in a minute, and again in the next minute', async () => {
    const limited = await anApiHarness();
    try {
      // 10:00:30 → 30 s left in the minute window.
      for (let i = 1; i <= 200; i++) {
        const response = await limited.inject({
          method: 'GET',
          url: `/api/v1/verification/get?${limited.a.query}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-ratelimit-limit']).toBe('200');
        expect(response.headers['x-ratelimit-remaining']).toBe(String(200 - i));
      }
      const refused = await limited.inject({
        method: 'GET',
        url: `/api/v1/verification/get?${limited.a.query}`,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(envelopeOf(refused)).toMatchObject({
        success: false,
        error_code: 'RATE_LIMITED',
        error: 'Too many requests: this operation allows 200 per minute; retry after 30 seconds.',
        details: 'Limits per client: 200 per minute, 2000 per hour, 20000 per day.',
      });

      // Another client, and other operations of the same client, are not affected.
      const other = await limited.inject({
        method: 'GET',
        url: `/api/v1/verification/get?${limited.b.query}`,
      });
      expect(other.statusCode).toBe(200);
      const coins = await limited.inject({
        method: 'GET',
        url: `/api/v1/resources/validation/coins?${limited.a.query}`,
      });
      expect(coins.statusCode).toBe(200);
      expect(coins.headers['x-ratelimit-limit']).toBeUndefined();

      limited.advance(30_000);
      const again = await limited.inject({
        method: 'GET',
        url: `/api/v1/verification/get?${limited.a.query}`,
      });
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-ratelimit-remaining']).toBe('199');
    } finally {
      await limited.close();
    }
  });

  it('counts a HEAD as the GET it mirrors: HEADs neither pass the limit nor escape it', async () => {
    const limited = await anApiHarness();
    try {
      const url = `/api/v1/verification/get?${limited.a.query}`;
      for (let i = 1; i <= 150; i++) {
        const head = await limited.inject({ method: 'HEAD', url });
        expect(head.statusCode).toBe(200);
      }
      const get = await limited.inject({ method: 'GET', url });
      expect(get.headers['x-ratelimit-remaining']).toBe('49');
      for (let i = 0; i < 49; i++) await limited.inject({ method: 'GET', url });
      expect((await limited.inject({ method: 'HEAD', url })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits any other operation the table names', async () => {
    const limited = await anApiHarness({
      rateLimits: {
        ...SPEC_RATE_LIMITS,
        'POST /api/v1/screening/entities/organizations': { windows: [{ limit: 2, seconds: 3600 }] },
      },
    });
    try {
      const screen = () =>
        limited.inject({
          method: 'POST',
          url: '/api/v1/screening/entities/organizations',
          payload: { ...limited.a.credentials, name: 'Andes Logistics S.A.S.', country: 'COL' },
        });
      expect((await screen()).statusCode).toBe(201);
      expect((await screen()).statusCode).toBe(201);
      const refused = await screen();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(3600 - 30));
    } finally {
      await limited.close();
    }
  });
});
