import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLIENTS_COLLECTION,
  INVALID_CREDENTIALS,
  openClientRegistry,
  type ClientRegistry,
} from '../../src/clients/index.js';
import { WardenError } from '../../src/model/errors.js';
import { STORE_KINDS, type OpenedStore } from '../support/temp-stores.js';

const NOW = 1_714_000_000_000;

async function rejection(promise: Promise<unknown>): Promise<WardenError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof WardenError)) throw new Error(`expected a WardenError, got ${String(error)}`);
  return error;
}

describe.each(STORE_KINDS)('client registry on the %s store', (_kind, open) => {
  let opened: OpenedStore;
  let registry: ClientRegistry;
  beforeEach(async () => {
    opened = await open();
    registry = await openClientRegistry(opened.store.records, { now: NOW });
  });
  afterEach(() => opened.dispose());

  it('creates a client with an id, a secret and a webhook secret, and authenticates it', async () => {
    const created = await registry.createClient({
      name: 'Acme Pay',
      webhookUrl: 'https://acme.test/hooks',
      now: NOW,
    });
    expect(created.client_id).toMatch(/^cl_[0-9a-f]{16}$/);
    expect(Buffer.from(created.client_secret, 'base64url')).toHaveLength(32);
    expect(created.webhook_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const client = await registry.authenticate(created.client_id, created.client_secret);
    expect(client).toEqual({
      client_id: created.client_id,
      name: 'Acme Pay',
      webhook_url: 'https://acme.test/hooks',
      settings: {
        compliance_threshold_usd: 10_000,
        blacklist: { enabled: true, match_action: 'EVALUATION' },
        pep_action: 'EVALUATION',
        high_risk_countries: null,
        review_four_eyes: ['RELEASE', 'REJECT', 'SUPPRESS'],
      },
      created_at: NOW,
      updated_at: NOW,
    });
    expect(registry.webhookSecretOf(created.client_id)).toBe(created.webhook_secret);
  });

  it('refuses a wrong secret, an unknown id and missing values with one and the same sentence', async () => {
    const { client_id, client_secret } = await registry.createClient({ name: 'Acme', now: NOW });
    const other = await registry.createClient({ name: 'Other', now: NOW });
    const nearMiss = client_secret.slice(0, -1) + (client_secret.endsWith('A') ? 'B' : 'A');
    const attempts: [unknown, unknown][] = [
      [client_id, nearMiss],
      [client_id, other.client_secret],
      ['cl_0000000000000000', client_secret],
      ['cl_unknown', 'whatever'],
      [client_id, undefined],
      [undefined, client_secret],
      ['', client_secret],
      [client_id, ''],
      [client_id, 42],
      [client_id, 'x'.repeat(10_000)],
    ];
    for (const [id, secret] of attempts) {
      const error = await rejection(registry.authenticate(id, secret));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toBe(INVALID_CREDENTIALS);
      expect(error.message).not.toContain(client_secret);
    }
  });

  it('never lets a wrong secret pass once the right one is cached', async () => {
    const { client_id, client_secret } = await registry.createClient({ name: 'Acme', now: NOW });
    for (let i = 0; i < 3; i++) await registry.authenticate(client_id, client_secret);
    const nearMiss = (client_secret.startsWith('A') ? 'B' : 'A') + client_secret.slice(1);
    expect((await rejection(registry.authenticate(client_id, nearMiss))).code).toBe('UNAUTHORIZED');
    expect((await registry.authenticate(client_id, client_secret)).client_id).toBe(client_id);
  });

  it('stores only a salted hash of the secret, also after a reopen', async () => {
    const a = await registry.createClient({ name: 'A', now: NOW });
    const b = await registry.createClient({ name: 'B', now: NOW });
    const scan = async () => JSON.stringify(await opened.store.records.list(CLIENTS_COLLECTION));
    for (const text of [await scan(), (await opened.reopen(), await scan())]) {
      expect(text).toContain(a.client_id);
      expect(text).not.toContain(a.client_secret);
      expect(text).not.toContain(b.client_secret);
      expect(text).toContain('"algorithm":"scrypt"');
    }
    const reopened = await openClientRegistry(opened.store.records, { now: NOW });
    expect((await reopened.authenticate(a.client_id, a.client_secret)).name).toBe('A');
    expect(reopened.webhookSecretOf(b.client_id)).toBe(b.webhook_secret);
  });

  it('salts each hash: two clients never share a stored hash', async () => {
    const fixed = () => new Uint8Array(32).fill(7);
    const a = await registry.createClient({ name: 'A', now: NOW });
    const b = await registry.createClient({ name: 'B', now: NOW });
    const hashes = (
      await opened.store.records.list<{ secret_hash: { hash: string; salt: string } }>(CLIENTS_COLLECTION)
    ).map((r) => r.data.secret_hash);
    expect(new Set(hashes.map((h) => h.hash)).size).toBe(2);
    expect(new Set(hashes.map((h) => h.salt)).size).toBe(2);
    expect(a.client_secret).not.toBe(b.client_secret);
    // Injected randomness (for reproducible fixtures) reaches ids and secrets.
    const c = await registry.createClient({
      name: 'C',
      now: NOW,
      randomBytes: (n) => fixed().subarray(0, n),
    });
    expect(c.client_id).toBe('cl_0707070707070707');
  });

  it('updates the webhook URL and merges settings, keeping what the patch leaves out', async () => {
    const { client_id, client_secret } = await registry.createClient({ name: 'Acme', now: NOW });
    const updated = await registry.updateClient(client_id, {
      webhookUrl: 'http://127.0.0.1:9000/hook',
      settings: { compliance_threshold_usd: 2500, blacklist: { enabled: false } },
      now: NOW + 1,
    });
    expect(updated.webhook_url).toBe('http://127.0.0.1:9000/hook');
    expect(updated.settings.compliance_threshold_usd).toBe(2500);
    expect(updated.settings.blacklist).toEqual({ enabled: false, match_action: 'EVALUATION' });
    expect(updated.updated_at).toBe(NOW + 1);
    expect(registry.getClient(client_id)).toEqual(updated);
    expect((await registry.authenticate(client_id, client_secret)).settings.compliance_threshold_usd).toBe(
      2500,
    );

    const cleared = await registry.updateClient(client_id, { webhookUrl: null, now: NOW + 2 });
    expect(cleared.webhook_url).toBeNull();
    expect(cleared.settings.blacklist.enabled).toBe(false);
  });

  it('keeps both of two concurrent updates', async () => {
    const { client_id } = await registry.createClient({ name: 'Acme', now: NOW });
    await Promise.all([
      registry.updateClient(client_id, { settings: { blacklist: { enabled: false } }, now: NOW }),
      registry.updateClient(client_id, { settings: { blacklist: { match_action: 'REJECTED' } }, now: NOW }),
    ]);
    expect(registry.getClient(client_id).settings.blacklist).toEqual({
      enabled: false,
      match_action: 'REJECTED',
    });
  });

  it.each([
    [{ name: '  ' }, ['name']],
    [{ name: 'Acme', webhookUrl: 'ftp://acme.test/hook' }, ['webhookUrl']],
    [{ name: 'Acme', webhookUrl: 'not a url' }, ['webhookUrl']],
    [{ name: 'Acme', settings: { compliance_threshold_usd: -1 } }, ['settings', 'compliance_threshold_usd']],
  ])('rejects a client created with %j', async (input, path) => {
    const error = await rejection(registry.createClient({ ...input, now: NOW }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
  });

  it('answers RESOURCE_NOT_FOUND for an unknown client and lists the others oldest first', async () => {
    const a = await registry.createClient({ name: 'A', now: NOW });
    const b = await registry.createClient({ name: 'B', now: NOW + 5 });
    expect(() => registry.getClient('cl_ffffffffffffffff')).toThrow(
      expect.objectContaining({ code: 'RESOURCE_NOT_FOUND' }),
    );
    expect((await rejection(registry.updateClient('cl_ffffffffffffffff', { now: NOW }))).code).toBe(
      'RESOURCE_NOT_FOUND',
    );
    expect(registry.listClients().map((c) => c.client_id)).toEqual([a.client_id, b.client_id]);
  });

  it('hands out clients no caller can change for the others', async () => {
    const { client_id, client_secret } = await registry.createClient({ name: 'Acme', now: NOW });
    const client = await registry.authenticate(client_id, client_secret);
    expect(() => {
      (client.settings as { compliance_threshold_usd: number }).compliance_threshold_usd = 1;
    }).toThrow(TypeError);
    expect(registry.getClient(client_id).settings.compliance_threshold_usd).toBe(10_000);
  });
});
