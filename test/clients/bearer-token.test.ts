import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TOKEN_ERRORS,
  openClientRegistry,
  readBearerToken,
  signBearerToken,
  type ClientRegistry,
} from '../../src/clients/index.js';
import { TokenResponse } from '../../src/model/auth-token.js';
import { WardenError } from '../../src/model/errors.js';
import { openDuckDbStore } from '../../src/store/index.js';
import { STORE_KINDS, tempDbPath, type OpenedStore } from '../support/temp-stores.js';

const NOW = 1_714_000_000_000;
const KEY = Buffer.alloc(32, 1);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function errorOf(verify: () => unknown): WardenError {
  try {
    verify();
  } catch (e) {
    if (e instanceof WardenError) return e;
    throw e;
  }
  throw new Error('expected the token to be refused');
}

describe('bearer token format', () => {
  const claims = { sub: 'cl_0123456789abcdef', iat: NOW / 1000, exp: NOW / 1000 + 3600, jti: 'j1' };

  it('is a JWT with the HS256 header that reads back to its claims', () => {
    const token = signBearerToken(KEY, claims);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(readBearerToken(`Bearer ${token}`, KEY, NOW)).toEqual(claims);
    expect(readBearerToken(`bearer  ${token}`, KEY, NOW).sub).toBe(claims.sub);
  });

  it('expires at exp and not a millisecond before', () => {
    const token = `Bearer ${signBearerToken(KEY, claims)}`;
    expect(readBearerToken(token, KEY, claims.exp * 1000 - 1).sub).toBe(claims.sub);
    const error = errorOf(() => readBearerToken(token, KEY, claims.exp * 1000));
    expect([error.code, error.message]).toEqual(['UNAUTHORIZED', TOKEN_ERRORS.expired]);
  });

  const good = signBearerToken(KEY, claims);
  const [head, body, sig] = good.split('.') as [string, string, string];
  const flipLast = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
  it.each([
    ['no header', undefined, TOKEN_ERRORS.missing],
    ['an empty header', '  ', TOKEN_ERRORS.missing],
    ['another scheme', `Basic ${good}`, TOKEN_ERRORS.malformed],
    ['a bare token', good, TOKEN_ERRORS.malformed],
    ['two parts', `Bearer ${head}.${body}`, TOKEN_ERRORS.malformed],
    ['garbage', 'Bearer not-a-token', TOKEN_ERRORS.malformed],
    ['alg none', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${body}.`, TOKEN_ERRORS.malformed],
    ['alg HS512', `Bearer ${b64({ alg: 'HS512', typ: 'JWT' })}.${body}.${sig}`, TOKEN_ERRORS.malformed],
    ['another key', `Bearer ${signBearerToken(Buffer.alloc(32, 2), claims)}`, TOKEN_ERRORS.badSignature],
    [
      'a changed subject',
      `Bearer ${head}.${b64({ ...claims, sub: 'cl_ffffffffffffffff' })}.${sig}`,
      TOKEN_ERRORS.badSignature,
    ],
    [
      'a longer lifetime',
      `Bearer ${head}.${b64({ ...claims, exp: claims.exp + 1e6 })}.${sig}`,
      TOKEN_ERRORS.badSignature,
    ],
    ['a changed signature', `Bearer ${head}.${body}.${flipLast(sig)}`, TOKEN_ERRORS.badSignature],
    ['a truncated signature', `Bearer ${head}.${body}.${sig.slice(0, 20)}`, TOKEN_ERRORS.badSignature],
  ])('refuses %s', (_case, header, sentence) => {
    const error = errorOf(() => readBearerToken(header, KEY, NOW));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe(sentence);
  });

  it('gives four distinct sentences for missing, malformed, bad signature and expired', () => {
    const sentences = [
      TOKEN_ERRORS.missing,
      TOKEN_ERRORS.malformed,
      TOKEN_ERRORS.badSignature,
      TOKEN_ERRORS.expired,
    ];
    expect(new Set(sentences).size).toBe(4);
  });
});

describe.each(STORE_KINDS)('tokens from a registry on the %s store', (_kind, open) => {
  let opened: OpenedStore;
  let registry: ClientRegistry;
  beforeEach(async () => {
    opened = await open();
    registry = await openClientRegistry(opened.store.records, { now: NOW });
  });
  afterEach(() => opened.dispose());

  it('issues a one-hour Bearer token that verifies to the client id', async () => {
    const { client_id, client_secret } = await registry.createClient({ name: 'Acme', now: NOW });
    const token = registry.issueToken(await registry.authenticate(client_id, client_secret), NOW);
    expect(TokenResponse.parse(token)).toEqual(token);
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(registry.verifyToken(`Bearer ${token.access_token}`, NOW + 3_599_000)).toBe(client_id);
    expect(errorOf(() => registry.verifyToken(`Bearer ${token.access_token}`, NOW + 3_600_000)).message).toBe(
      TOKEN_ERRORS.expired,
    );
    expect(registry.issueToken({ client_id }, NOW).access_token).not.toBe(token.access_token);
  });

  it('keeps tokens valid across a restart: the signing key is stored once', async () => {
    const { client_id } = await registry.createClient({ name: 'Acme', now: NOW });
    const { access_token } = registry.issueToken({ client_id }, NOW);
    const store = await opened.reopen();
    const restarted = await openClientRegistry(store.records, { now: NOW + 10 });
    expect(restarted.verifyToken(`Bearer ${access_token}`, NOW + 1000)).toBe(client_id);
    expect(await store.records.list('server')).toHaveLength(1);
  });

  it('refuses a correctly signed token of a client that does not exist', async () => {
    const { access_token } = registry.issueToken({ client_id: 'cl_ffffffffffffffff' }, NOW);
    expect(errorOf(() => registry.verifyToken(`Bearer ${access_token}`, NOW)).message).toBe(
      TOKEN_ERRORS.unknownClient,
    );
  });

  it('uses a key the host passes instead of the stored one, and refuses a short key', async () => {
    const hosted = await openClientRegistry(opened.store.records, {
      now: NOW,
      signingKey: KEY,
      tokenLifetimeSeconds: 60,
    });
    const { client_id } = await hosted.createClient({ name: 'Acme', now: NOW });
    const token = hosted.issueToken({ client_id }, NOW);
    expect(token.expires_in).toBe(60);
    expect(readBearerToken(`Bearer ${token.access_token}`, KEY, NOW).sub).toBe(client_id);
    expect(errorOf(() => registry.verifyToken(`Bearer ${token.access_token}`, NOW)).message).toBe(
      TOKEN_ERRORS.badSignature,
    );
    await expect(
      openClientRegistry(opened.store.records, { now: NOW, signingKey: Buffer.alloc(16) }),
    ).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});

describe('the stored signing key', () => {
  it('is the same for two registries opening a fresh store at once', async () => {
    const { path, remove } = tempDbPath('warden-key-');
    const store = await openDuckDbStore(path);
    try {
      const [a, b] = await Promise.all([
        openClientRegistry(store.records, { now: NOW }),
        openClientRegistry(store.records, { now: NOW }),
      ]);
      const { client_id } = await a.createClient({ name: 'Acme', now: NOW });
      // Each registry keeps its own clients in memory (ResidentRecords: one writer per collection),
      // so b does not know a's client; a token b signs verifies with a's key, so the key is shared.
      expect(a.verifyToken(`Bearer ${b.issueToken({ client_id }, NOW).access_token}`, NOW)).toBe(client_id);
      expect(
        errorOf(() => b.verifyToken(`Bearer ${a.issueToken({ client_id }, NOW).access_token}`, NOW)).message,
      ).toBe(TOKEN_ERRORS.unknownClient);
    } finally {
      await store.close();
      remove();
    }
  });
});
