/**
 * The adapter's memory of accepted credentials and verified Bearer tokens: it answers faster, never
 * differently — a wrong, replaced or removed secret and an expired, forged or orphaned token are
 * refused exactly as the client registry refuses them.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VerifiedCredentials } from '../../src/api/verified-credentials.js';
import { VerifiedTokens } from '../../src/api/verified-tokens.js';
import {
  CLIENTS_COLLECTION,
  INVALID_CREDENTIALS,
  TOKEN_ERRORS,
  hashSecret,
  openClientRegistry,
  type ClientRegistry,
} from '../../src/clients/index.js';
import { WardenError } from '../../src/model/errors.js';
import { openMemoryStore, type ResidentRecords } from '../../src/store/index.js';
import type { Store } from '../../src/store/store.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

const NOW = 1_714_000_000_000;

async function refusal(work: () => unknown): Promise<WardenError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof WardenError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * The registry's own copy of its clients. The registry is the only writer of its collection (a write
 * straight to the store is not seen until a reopen), and it has no rotation or removal operation yet,
 * so the tests change a client record where such an operation would: in the registry's records.
 */
function clientRecordsOf(registry: ClientRegistry): ResidentRecords {
  return (registry as unknown as { readonly records: ResidentRecords }).records;
}

/** Gives the client a new secret by writing its stored record, as a rotation would. */
async function replaceSecret(registry: ClientRegistry, clientId: string, secret: string): Promise<void> {
  const records = clientRecordsOf(registry);
  const record = records.get<Record<string, unknown>>(CLIENTS_COLLECTION, clientId, clientId)!;
  const secret_hash = await hashSecret(secret, (n) => randomBytes(n));
  await records.put({ ...record, data: { ...record.data, secret_hash } });
}

/** Removes the client record, as a removal would. */
async function removeClient(registry: ClientRegistry, clientId: string): Promise<void> {
  expect(await clientRecordsOf(registry).delete(CLIENTS_COLLECTION, clientId, clientId)).toBe(true);
}

describe('VerifiedCredentials', () => {
  let store: Store;
  let clients: ClientRegistry;
  let memory: VerifiedCredentials;
  beforeEach(async () => {
    store = openMemoryStore();
    clients = await openClientRegistry(store.records, { now: NOW });
    memory = new VerifiedCredentials(clients);
  });
  afterEach(() => store.close());

  it('recalls credentials only after the registry accepted them, and only those', async () => {
    const a = await clients.createClient({ name: 'A', now: NOW });
    const b = await clients.createClient({ name: 'B', now: NOW });
    expect(memory.recall(a.client_id, a.client_secret)).toBeUndefined();
    expect(await memory.authenticate(a.client_id, a.client_secret)).toBe(a.client_id);

    expect(memory.recall(a.client_id, a.client_secret)).toBe(a.client_id);
    expect(memory.recall(a.client_id, `${a.client_secret.slice(0, -1)}x`)).toBeUndefined();
    expect(memory.recall(a.client_id, b.client_secret)).toBeUndefined();
    expect(memory.recall(b.client_id, a.client_secret)).toBeUndefined();
    expect(memory.recall(a.client_id, undefined)).toBeUndefined();
    expect(memory.recall([a.client_id], a.client_secret)).toBeUndefined();
  });

  it('never remembers a refusal', async () => {
    const a = await clients.createClient({ name: 'A', now: NOW });
    const error = await refusal(() => memory.authenticate(a.client_id, 'not-the-secret'));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
    expect(memory.size).toBe(0);
    expect(memory.recall(a.client_id, 'not-the-secret')).toBeUndefined();
  });

  it('forgets a secret once the client has a new one: the old one is refused, the new one accepted', async () => {
    const a = await clients.createClient({ name: 'A', now: NOW });
    await memory.authenticate(a.client_id, a.client_secret);
    await replaceSecret(clients, a.client_id, 'the-new-secret');

    expect(memory.recall(a.client_id, a.client_secret)).toBeUndefined();
    await expect(memory.authenticate(a.client_id, a.client_secret)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await memory.authenticate(a.client_id, 'the-new-secret')).toBe(a.client_id);
    expect(memory.recall(a.client_id, 'the-new-secret')).toBe(a.client_id);
  });

  it('forgets a client that was removed, and goes back to the registry after any change', async () => {
    const a = await clients.createClient({ name: 'A', now: NOW });
    await memory.authenticate(a.client_id, a.client_secret);
    await clients.updateClient(a.client_id, { name: 'A renamed', now: NOW + 1 });
    expect(memory.recall(a.client_id, a.client_secret)).toBeUndefined();
    expect(await memory.authenticate(a.client_id, a.client_secret)).toBe(a.client_id);

    await removeClient(clients, a.client_id);
    expect(memory.recall(a.client_id, a.client_secret)).toBeUndefined();
    await expect(memory.authenticate(a.client_id, a.client_secret)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('keeps at most maxEntries clients, dropping the oldest', async () => {
    const small = new VerifiedCredentials(clients, 2);
    const created = [];
    for (const name of ['A', 'B', 'C']) {
      const client = await clients.createClient({ name, now: NOW });
      created.push(client);
      await small.authenticate(client.client_id, client.client_secret);
    }
    expect(small.size).toBe(2);
    expect(small.recall(created[0]!.client_id, created[0]!.client_secret)).toBeUndefined();
    expect(small.recall(created[2]!.client_id, created[2]!.client_secret)).toBe(created[2]!.client_id);
  });
});

describe('VerifiedTokens', () => {
  let store: Store;
  let clients: ClientRegistry;
  let tokens: VerifiedTokens;
  beforeEach(async () => {
    store = openMemoryStore();
    clients = await openClientRegistry(store.records, { now: NOW, tokenLifetimeSeconds: 60 });
    tokens = new VerifiedTokens(clients);
  });
  afterEach(() => store.close());

  it('remembers a verified token until the instant the registry calls it expired', async () => {
    const a = await clients.createClient({ name: 'A', now: NOW });
    const header = `Bearer ${clients.issueToken(a, NOW).access_token}`;
    expect(tokens.verify(header, NOW)).toBe(a.client_id);
    expect(tokens.size).toBe(1);
    // iat is NOW in whole seconds; the token is expired from iat + 60 s on.
    const expiry = (Math.floor(NOW / 1000) + 60) * 1000;
    expect(tokens.verify(header, expiry - 1)).toBe(a.client_id);

    const error = await refusal(() => tokens.verify(header, expiry));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: TOKEN_ERRORS.expired });
    expect(tokens.size).toBe(0);
  });

  it('refuses a remembered token once its client is gone', async () => {
    const a = await clients.createClient({ name: 'A', now: NOW });
    const header = `Bearer ${clients.issueToken(a, NOW).access_token}`;
    tokens.verify(header, NOW);
    await removeClient(clients, a.client_id);
    const error = await refusal(() => tokens.verify(header, NOW));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: TOKEN_ERRORS.unknownClient });
  });

  it('never remembers a missing, malformed or forged token', async () => {
    const a = await clients.createClient({ name: 'A', now: NOW });
    const [head, body, signature] = clients.issueToken(a, NOW).access_token.split('.') as [
      string,
      string,
      string,
    ];
    const forged = `Bearer ${head}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const header of [undefined, 'Bearer', 'Basic abc', forged]) {
      await expect(refusal(() => tokens.verify(header, NOW))).resolves.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    expect(tokens.size).toBe(0);
  });
});

describe('over HTTP', () => {
  let h: ApiHarness;
  beforeEach(async () => {
    h = await anApiHarness();
  });
  afterEach(() => h.close());

  const status = (query: string) => h.inject({ method: 'GET', url: `/api/v1/verification/get?${query}` });

  it('refuses the old secret of a client whose secret was replaced, though it was accepted before', async () => {
    expect((await status(h.a.query)).statusCode).toBe(200);
    expect((await status(h.a.query)).statusCode).toBe(200);
    await replaceSecret(h.engine.clients, h.a.client_id, 'the-new-secret');

    const refused = await status(h.a.query);
    expect(refused.statusCode).toBe(401);
    expect(envelopeOf(refused).error).toBe(INVALID_CREDENTIALS);
    const renewed = new URLSearchParams({ client_id: h.a.client_id, client_secret: 'the-new-secret' });
    expect((await status(renewed.toString())).statusCode).toBe(200);
  });

  it('refuses a Bearer token that was accepted before, once it has expired', async () => {
    const bearer = await h.bearer(h.a);
    const flows = () =>
      h.inject({ method: 'GET', url: '/api/v1/client-api/flows/flow_1/instances', headers: bearer });
    expect((await flows()).statusCode).not.toBe(401);
    h.advance(3600 * 1000);
    const expired = await flows();
    expect(expired.statusCode).toBe(401);
    expect(envelopeOf(expired).error).toBe(TOKEN_ERRORS.expired);
  });
});
