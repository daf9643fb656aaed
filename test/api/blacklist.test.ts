/** The blacklist over HTTP: create, list, read, update, delete, settings; route precedence; isolation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlacklistList, BlacklistRecord, BlacklistSettings } from '../../src/model/blacklist.js';
import { WALLETS } from '../support/factories.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness();
});
afterAll(() => h.close());

const BASE = '/api/v1/screening/blacklist';
let walletId = '';
let nameId = '';

describe('blacklist records', () => {
  it('POST answers 201 with the new record', async () => {
    const wallet = await h.inject({
      method: 'POST',
      url: BASE,
      payload: {
        ...h.a.credentials,
        type: 'WALLET',
        value: WALLETS.TRON,
        network: 'TRX',
        reason: 'Chargeback fraud',
      },
    });
    expect(wallet.statusCode).toBe(201);
    const record = BlacklistRecord.parse(wallet.json());
    expect(record).toMatchObject({ type: 'WALLET', value: WALLETS.TRON, network: 'TRON', asset: null });
    walletId = record.id;

    const name = await h.inject({
      method: 'POST',
      url: BASE,
      payload: { ...h.a.credentials, type: 'INDIVIDUAL', value: 'Pedro Pablo Restrepo' },
    });
    expect(name.statusCode).toBe(201);
    nameId = BlacklistRecord.parse(name.json()).id;
  });

  it('POST answers 400 naming the field a WALLET record needs', async () => {
    const response = await h.inject({
      method: 'POST',
      url: BASE,
      payload: { ...h.a.credentials, type: 'WALLET', value: WALLETS.TRON },
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error).toBe('network: is required when type is WALLET');
  });

  it('GET lists the records page by page', async () => {
    const response = await h.inject({ method: 'GET', url: `${BASE}?${h.a.query}&limit=1` });
    expect(response.statusCode).toBe(200);
    expect(BlacklistList.parse(response.json())).toMatchObject({ totalItems: 2, page: 1, totalPages: 2 });
  });

  it('GET /:id reads one record; an unknown id is 404', async () => {
    const found = await h.inject({ method: 'GET', url: `${BASE}/${walletId}?${h.a.query}` });
    expect(found.statusCode).toBe(200);
    expect(BlacklistRecord.parse(found.json()).id).toBe(walletId);

    const missing = await h.inject({ method: 'GET', url: `${BASE}/bl_missing?${h.a.query}` });
    expect(missing.statusCode).toBe(404);
    expect(envelopeOf(missing).error_code).toBe('RESOURCE_NOT_FOUND');
  });

  it('PATCH /:id changes the given fields; an empty patch is 400', async () => {
    const updated = await h.inject({
      method: 'PATCH',
      url: `${BASE}/${nameId}`,
      payload: { ...h.a.credentials, reason: 'Court order 2026-117' },
    });
    expect(updated.statusCode).toBe(200);
    expect(BlacklistRecord.parse(updated.json())).toMatchObject({
      id: nameId,
      reason: 'Court order 2026-117',
    });

    const empty = await h.inject({ method: 'PATCH', url: `${BASE}/${nameId}`, payload: h.a.credentials });
    expect(empty.statusCode).toBe(400);
    expect(envelopeOf(empty).error).toMatch(/must change at least one of value, network, asset, reason/);
  });

  it("never shows, changes or deletes another client's record", async () => {
    const read = await h.inject({ method: 'GET', url: `${BASE}/${walletId}?${h.b.query}` });
    const patch = await h.inject({
      method: 'PATCH',
      url: `${BASE}/${walletId}`,
      payload: { ...h.b.credentials, reason: 'x' },
    });
    const remove = await h.inject({ method: 'DELETE', url: `${BASE}/${walletId}?${h.b.query}` });
    expect([read.statusCode, patch.statusCode, remove.statusCode]).toEqual([404, 404, 404]);
    const listed = await h.inject({ method: 'GET', url: `${BASE}?${h.b.query}` });
    expect(BlacklistList.parse(listed.json()).totalItems).toBe(0);
  });

  it('DELETE /:id removes the record; a second delete is 404', async () => {
    const removed = await h.inject({ method: 'DELETE', url: `${BASE}/${walletId}?${h.a.query}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, id: walletId });
    const again = await h.inject({ method: 'DELETE', url: `${BASE}/${walletId}?${h.a.query}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('blacklist settings', () => {
  it('PATCH /settings is the settings operation, not a record named "settings"', async () => {
    const response = await h.inject({
      method: 'PATCH',
      url: `${BASE}/settings`,
      payload: { ...h.a.credentials, match_action: 'REJECTED' },
    });
    expect(response.statusCode).toBe(200);
    expect(BlacklistSettings.parse(response.json())).toEqual({ enabled: true, match_action: 'REJECTED' });

    const read = await h.inject({ method: 'GET', url: `${BASE}/settings?${h.a.query}` });
    expect(read.json()).toEqual({ enabled: true, match_action: 'REJECTED' });
    const other = await h.inject({ method: 'GET', url: `${BASE}/settings?${h.b.query}` });
    expect(other.json()).toEqual({ enabled: true, match_action: 'EVALUATION' });
  });

  it('PATCH /settings answers 400 naming a bad action', async () => {
    const response = await h.inject({
      method: 'PATCH',
      url: `${BASE}/settings`,
      payload: { ...h.a.credentials, match_action: 'BLOCK' },
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error).toMatch(/^match_action: /);
  });
});
