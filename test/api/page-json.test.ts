/**
 * The list/status answer reuses the JSON of records already sent (PageJson): the bytes are those of
 * JSON.stringify, and a record that changed is never answered from memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageJson } from '../../src/api/page-json.js';
import { aFiatTransaction, aSubmitFiatRequest } from '../support/factories.js';
import { anApiHarness, type ApiHarness } from './harness.js';

const report = (id: string, state = 'COMPLETED') => ({
  external_transaction_id: id,
  request_at: 1_777_000_000_123,
  analyzed_at: null,
  transaction: {
    id: `tx_${id}`,
    state,
    sending_amount: 1500.5,
    reasons_rejection_operator: `Confirmed "SDN" match \\ \n\t\u0001 — Pérez 😀 \ud800`,
    notification: null,
  },
});

describe('PageJson', () => {
  it('writes the very bytes of JSON.stringify, items remembered or not', () => {
    const pages = new PageJson();
    const items = [report('a'), report('b', 'REJECTED'), report('c')];
    for (const page of [
      { items, totalItems: 3, page: 1, totalPages: 1 },
      { items: [items[1]], totalItems: 1, page: 1, totalPages: 1 },
      { items: [], totalItems: 0, page: 2, totalPages: 0 },
      { items: [null, undefined, 7, 'text', [1, 2]], extra: { nested: true }, gone: undefined },
      { items: 'not an array', totalItems: 0 },
      {},
    ]) {
      expect(pages.stringify(page)).toBe(JSON.stringify(page));
      expect(pages.stringify(page)).toBe(JSON.stringify(page));
    }
    expect(pages.size).toBe(4); // the three reports and the array [1, 2]
  });

  it('serialises a new object afresh, however alike the old one', () => {
    const pages = new PageJson();
    const before = report('a', 'COMPLIANCE');
    const after = { ...before, transaction: { ...before.transaction, state: 'COMPLETED' } };
    expect(pages.stringify({ items: [before] })).toContain('"COMPLIANCE"');
    expect(pages.stringify({ items: [after] })).toBe(JSON.stringify({ items: [after] }));
  });

  it('keeps at most maxItems items, dropping the oldest', () => {
    const pages = new PageJson(2);
    pages.stringify({ items: [report('a'), report('b'), report('c')] });
    expect(pages.size).toBe(2);
  });
});

describe('GET /api/v1/verification/get', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await anApiHarness();
  });
  afterAll(() => h.close());

  const status = (id: string) =>
    h.inject({ method: 'GET', url: `/api/v1/verification/get?${h.a.query}&external_transaction_id=${id}` });

  it('answers the new state of a transaction that changed after it was answered', async () => {
    // Over the 10,000 USD compliance threshold: the engine leaves it in COMPLIANCE for an operator.
    const submitted = await h.inject({
      method: 'POST',
      url: '/api/v1/verification/send',
      payload: aSubmitFiatRequest({
        ...h.a.credentials,
        transaction: aFiatTransaction({ external_transaction_id: 'tx-pj-1', sending_amount: 50_000 }),
      }),
    });
    expect(submitted.json().transaction.state).toBe('COMPLIANCE');
    for (let i = 0; i < 2; i++)
      expect((await status('tx-pj-1')).json().items[0].transaction.state).toBe('COMPLIANCE');

    await h.engine.forClient(h.a.client_id).reviewTransaction('tx-pj-1', { state: 'COMPLETED' });
    const answered = await status('tx-pj-1');
    expect(answered.json().items[0].transaction.state).toBe('COMPLETED');
    expect(answered.body).toBe(
      JSON.stringify(
        await h.engine.forClient(h.a.client_id).getTransactions({ external_transaction_id: 'tx-pj-1' }),
      ),
    );
  });

  it('answers a page with the bytes JSON.stringify gives the engine’s page', async () => {
    const page = await h.inject({ method: 'GET', url: `/api/v1/verification/get?${h.a.query}&limit=5` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(
      JSON.stringify(await h.engine.forClient(h.a.client_id).getTransactions({ limit: 5 })),
    );
  });
});
