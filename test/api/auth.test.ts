/**
 * Authentication of both areas: client credentials (body for POST/PATCH, query for GET/DELETE) and
 * Bearer tokens (missing, forged, expired). Every refusal is a 401 envelope with UNAUTHORIZED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anIndividualRequest } from '../support/factories.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness();
});
afterAll(() => h.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every operation of the screening and transaction area. */
const CREDENTIAL_ROUTES: readonly [Method, string][] = [
  ['POST', '/api/v1/verification/send'],
  ['GET', '/api/v1/verification/get'],
  ['POST', '/api/v1/verification/create-remitter'],
  ['POST', '/api/v1/verification/create-beneficiary'],
  ['GET', '/api/v1/resources/validation/document-types'],
  ['GET', '/api/v1/resources/validation/coins'],
  ['POST', '/api/v1/analysis-crypto/risk-wallet/send'],
  ['POST', '/api/v1/screening/entities/individuals'],
  ['POST', '/api/v1/screening/entities/organizations'],
  ['POST', '/api/v1/screening/entities/summary'],
  ['POST', '/api/v1/screening/blacklist'],
  ['GET', '/api/v1/screening/blacklist'],
  ['GET', '/api/v1/screening/blacklist/settings'],
  ['PATCH', '/api/v1/screening/blacklist/settings'],
  ['GET', '/api/v1/screening/blacklist/bl_1'],
  ['DELETE', '/api/v1/screening/blacklist/bl_1'],
  ['PATCH', '/api/v1/screening/blacklist/bl_1'],
  ['POST', '/api/v1/client-api/auth/token'],
];

/** Every operation of the flow area behind the Bearer token. */
const BEARER_ROUTES: readonly [Method, string][] = [
  ['POST', '/api/v1/client-api/flows'],
  ['GET', '/api/v1/client-api/flows/flow_1/instances'],
  ['GET', '/api/v1/client-api/flow-instances/fi_1'],
  ['GET', '/api/v1/client-api/flow-instances/fi_1/files/f_1'],
  ['GET', '/api/v1/client-api/identities/idv_1'],
  ['GET', '/api/v1/client-api/identities/idv_1/files'],
  ['GET', '/api/v1/client-api/identities/idv_1/files/f_1'],
  ['PUT', '/api/v1/client-api/identities/change-status/idv_1'],
  ['POST', '/api/v1/client-api/onboardings'],
  ['GET', '/api/v1/client-api/onboardings/onb_1'],
  ['GET', '/api/v1/client-api/onboardings/onb_1/files'],
  ['GET', '/api/v1/client-api/onboardings/onb_1/files/f_1'],
  ['GET', '/api/v1/client-api/onboardings/entity?documentNumber=1&issueCountryIso3=COL'],
  ['GET', '/api/v1/client-api/onboardings/entity/list'],
  ['PUT', '/api/v1/client-api/onboardings/change-status/onb_1'],
];

const hasBody = (method: Method) => method === 'POST' || method === 'PUT' || method === 'PATCH';

function withCredentials(method: Method, url: string, credentials: Record<string, string>) {
  if (hasBody(method)) return { method, url, payload: credentials };
  const separator = url.includes('?') ? '&' : '?';
  return { method, url: `${url}${separator}${new URLSearchParams(credentials).toString()}` };
}

const UNAUTHORIZED = {
  success: false,
  error: 'client_id or client_secret is missing or invalid.',
  error_code: 'UNAUTHORIZED',
  details: '',
};

describe('client credentials', () => {
  it.each(CREDENTIAL_ROUTES)('%s %s: 401 without credentials', async (method, url) => {
    const response = await h.inject(hasBody(method) ? { method, url, payload: {} } : { method, url });
    expect(response.statusCode).toBe(401);
    expect(envelopeOf(response)).toEqual(UNAUTHORIZED);
  });

  it.each(CREDENTIAL_ROUTES)("%s %s: 401 with a wrong secret, or another client's", async (method, url) => {
    const attempts: Record<string, string>[] = [
      { client_id: h.a.client_id, client_secret: 'not-the-secret' },
      { client_id: h.b.client_id, client_secret: h.a.credentials.client_secret },
      { client_id: 'cl_0000000000000000', client_secret: h.a.credentials.client_secret },
      { client_id: h.a.client_id },
    ];
    // A new window of the failed-authentication throttle for each route: its limit is not the point here.
    h.advance(60_000);
    for (const credentials of attempts) {
      const response = await h.inject(withCredentials(method, url, credentials));
      expect(response.statusCode).toBe(401);
      expect(envelopeOf(response)).toEqual(UNAUTHORIZED);
    }
  });

  it('throttles guessed secrets: 429 with Retry-After after 10 failures of one client from one address, not the secret checked', async () => {
    h.advance(60_000);
    const right = () => h.inject({ method: 'GET', url: `/api/v1/verification/get?${h.a.query}` });
    expect((await right()).statusCode).toBe(200);
    const url = `/api/v1/verification/get?client_id=${h.a.client_id}&client_secret=`;
    for (let i = 0; i < 10; i++) {
      expect((await h.inject({ method: 'GET', url: `${url}guess-${i}` })).statusCode).toBe(401);
    }
    const throttled = await h.inject({ method: 'GET', url: `${url}guess-10` });
    expect(throttled.statusCode).toBe(429);
    expect(envelopeOf(throttled).error_code).toBe('RATE_LIMITED');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Credentials already verified still pass (the real client is not locked out), another client
    // from the same address is not held back, and the window ends.
    expect((await h.inject({ method: 'GET', url: `/api/v1/verification/get?${h.b.query}` })).statusCode).toBe(
      200,
    );
    h.advance(60_000);
    expect((await h.inject({ method: 'GET', url: `${url}guess-11` })).statusCode).toBe(401);
  });

  it("reads a POST body's credentials only from the body, and a GET's only from the query", async () => {
    const inQuery = await h.inject({
      method: 'POST',
      url: `/api/v1/screening/entities/individuals?${h.a.query}`,
      payload: { full_name: 'Ana Gómez' },
    });
    expect(inQuery.statusCode).toBe(401);

    const inBody = await h.inject({
      method: 'GET',
      url: '/api/v1/verification/get',
      payload: h.a.credentials,
    });
    expect(inBody.statusCode).toBe(401);
  });

  it('does not hand the credentials to the engine (the screening request echo holds no secret)', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/screening/entities/individuals',
      payload: anIndividualRequest(h.a.credentials),
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain(h.a.credentials.client_secret);
  });
});

describe('the token operation', () => {
  it('issues a signed Bearer token that expires in an hour', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/client-api/auth/token',
      payload: h.a.credentials,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    expect(body.access_token.split('.')).toHaveLength(3);
  });
});

describe('Bearer tokens', () => {
  it.each(BEARER_ROUTES)('%s %s: 401 without an Authorization header', async (method, url) => {
    const response = await h.inject({ method, url, ...(hasBody(method) ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(401);
    expect(envelopeOf(response)).toMatchObject({ success: false, error_code: 'UNAUTHORIZED' });
  });

  it('refuses a forged token, another scheme, and client credentials in place of a token', async () => {
    const { authorization } = await h.bearer(h.a);
    const [header, payload, signature] = authorization.slice('Bearer '.length).split('.') as [
      string,
      string,
      string,
    ];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: h.b.client_id })).toString(
      'base64url',
    );
    for (const value of [
      `Bearer ${header}.${forgedPayload}.${signature}`,
      `Bearer ${header}.${payload}.${signature.slice(0, -2)}xx`,
      `Basic ${Buffer.from(`${h.a.client_id}:${h.a.credentials.client_secret}`).toString('base64')}`,
      'Bearer',
      'Bearer not-a-token',
    ]) {
      const response = await h.inject({
        method: 'GET',
        url: '/api/v1/client-api/onboardings/entity/list',
        headers: { authorization: value },
      });
      expect(response.statusCode).toBe(401);
      expect(envelopeOf(response).error_code).toBe('UNAUTHORIZED');
    }
    const flowWithCredentials = await h.inject({
      method: 'GET',
      url: `/api/v1/client-api/onboardings/entity/list?${h.a.query}`,
    });
    expect(flowWithCredentials.statusCode).toBe(401);
  });

  it('accepts a token until it expires, and refuses it after', async () => {
    const headers = await h.bearer(h.a);
    const url = '/api/v1/client-api/onboardings/entity/list';
    expect((await h.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    h.advance(3599_000);
    expect((await h.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    h.advance(2_000);
    const expired = await h.inject({ method: 'GET', url, headers });
    expect(expired.statusCode).toBe(401);
    expect(envelopeOf(expired).error_code).toBe('UNAUTHORIZED');
  });
});
