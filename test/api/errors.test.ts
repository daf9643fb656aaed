/** The one translator: every failure answers the spec's envelope with the status of its code. */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/index.js';
import { WardenError } from '../../src/model/errors.js';
import { parseRequest } from '../../src/model/parse-request.js';
import { IndividualScreeningRequest } from '../../src/model/screening.js';
import { anIndividualRequest, aSubmitFiatRequest, aWalletAnalysisRequest } from '../support/factories.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness();
});
afterAll(() => h.close());

const json = { 'content-type': 'application/json' };

describe('unknown routes and methods', () => {
  it('answers 404 ROUTE_NOT_FOUND for a path no operation serves', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/v1/verification/nothing?client_id=x' });
    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response)).toEqual({
      success: false,
      error: 'No operation is served at /api/v1/verification/nothing.',
      error_code: 'ROUTE_NOT_FOUND',
      details: 'See /openapi.json for the operations of this server.',
    });
  });

  it.each([
    ['POST', '/api/v1/verification/get', 'GET, HEAD'],
    ['GET', '/api/v1/verification/send', 'POST'],
    ['PUT', '/api/v1/screening/blacklist/bl_123', 'DELETE, GET, HEAD, PATCH'],
    ['POST', '/api/v1/client-api/onboardings/change-status/onb_1', 'PUT'],
  ])('answers 405 METHOD_NOT_ALLOWED to %s %s, with Allow: %s', async (method, url, allow) => {
    const response = await h.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(envelopeOf(response)).toMatchObject({ success: false, error_code: 'METHOD_NOT_ALLOWED' });
    expect(envelopeOf(response).error).toContain(`${method} is not allowed on ${url}`);
  });

  it('serves a path with a trailing slash as the same operation', async () => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/v1/resources/validation/coins/?${h.a.query}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 to a URL that is not correctly percent-encoded', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/v1/client-api/onboardings/%zz' });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      error: 'The request URL is not correctly percent-encoded.',
    });
  });

  it('routes DELETE …/blacklist/settings to DELETE …/blacklist/:id (a 401 without credentials, not a 405)', async () => {
    const response = await h.inject({ method: 'DELETE', url: '/api/v1/screening/blacklist/settings' });
    expect(response.statusCode).toBe(401);
  });
});

describe('unreadable bodies', () => {
  it('answers 400 INVALID_JSON to malformed JSON, before looking at credentials', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/screening/entities/individuals',
      headers: json,
      payload: '{"client_id": "cl_1", "full_name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({
      error_code: 'INVALID_JSON',
      error: 'The request body is not valid JSON.',
    });
  });

  it('answers 400 INVALID_JSON to an empty body sent as JSON', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/verification/send',
      headers: json,
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).error_code).toBe('INVALID_JSON');
  });

  it.each([
    ['{"__proto__": {"admin": true}}', '__proto__'],
    ['{"a": {"constructor": {"prototype": {"admin": true}}}}', 'constructor'],
  ])(
    'answers 400 naming the key of a prototype-poisoning body %s (valid JSON, refused)',
    async (payload, key) => {
      const response = await h.inject({
        method: 'POST',
        url: '/api/v1/verification/send',
        headers: json,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response)).toMatchObject({ error_code: 'VALIDATION_ERROR' });
      expect(envelopeOf(response).error).toContain(`"${key}" key`);
    },
  );

  it('answers 415 to a compressed body instead of reading it as text', async () => {
    const body = JSON.stringify({ ...aSubmitFiatRequest(), ...h.a.credentials });
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/verification/send',
      headers: { ...json, 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    expect(response.statusCode).toBe(415);
    expect(envelopeOf(response)).toMatchObject({ error_code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(envelopeOf(response).error).toContain('Content-Encoding "gzip"');
  });

  it('answers 413 PAYLOAD_TOO_LARGE to a body over 1 MiB, and accepts one just under', async () => {
    const over = JSON.stringify({ ...anIndividualRequest(), note: 'x'.repeat(1024 * 1024) });
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/screening/entities/individuals',
      headers: json,
      payload: over,
    });
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response)).toMatchObject({
      error_code: 'PAYLOAD_TOO_LARGE',
      error: 'The request body is larger than the 1048576 bytes this operation accepts.',
    });

    const request = { ...anIndividualRequest(h.a.credentials), note: '' };
    const padding = 1024 * 1024 - Buffer.byteLength(JSON.stringify(request));
    const under = JSON.stringify({ ...request, note: 'x'.repeat(padding) });
    expect(Buffer.byteLength(under)).toBe(1024 * 1024);
    const accepted = await h.inject({
      method: 'POST',
      url: '/api/v1/screening/entities/individuals',
      headers: json,
      payload: under,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE to a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await h.inject({
        method: 'POST',
        url: '/api/v1/verification/send',
        headers: { 'content-type': type },
        payload: 'client_id=a&client_secret=b',
      });
      expect(response.statusCode).toBe(415);
      expect(envelopeOf(response)).toMatchObject({
        error_code: 'UNSUPPORTED_MEDIA_TYPE',
        error: `Content-Type "${type}" is not supported; send application/json.`,
      });
    }
  });
});

describe('validation', () => {
  it('answers 400 VALIDATION_ERROR naming the field, in the sentence the library throws', async () => {
    const body = anIndividualRequest({ ...h.a.credentials, date_of_birth: '1962-13-45' });
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/screening/entities/individuals',
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    const expected = (() => {
      try {
        parseRequest(IndividualScreeningRequest, body);
      } catch (error) {
        return (error as WardenError).toEnvelope();
      }
      throw new Error('the body should be invalid');
    })();
    expect(envelopeOf(response)).toEqual(expected);
    expect(envelopeOf(response).error).toMatch(/^date_of_birth: /);
  });

  it('keeps the specific code of a tagged check (INVALID_NETWORK_ASSET)', async () => {
    const body = aWalletAnalysisRequest({ ...h.a.credentials, network: 'Bitcoin', asset: 'USDT' });
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/analysis-crypto/risk-wallet/send',
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({ error_code: 'INVALID_NETWORK_ASSET' });
    expect(envelopeOf(response).error).toMatch(/^asset: /);
  });

  it('names a query field: a repeated or out-of-range page size', async () => {
    for (const query of ['limit=500', 'limit=10&limit=20', 'page=0']) {
      const response = await h.inject({
        method: 'GET',
        url: `/api/v1/verification/get?${h.a.query}&${query}`,
      });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).error_code).toBe('VALIDATION_ERROR');
      expect(envelopeOf(response).error).toMatch(/^(limit|page): /);
    }
  });

  it('answers 400, quoting a little, to a type field that holds an array nested thousands deep or a huge string', async () => {
    // Written as text: the JSON of an array 5,000 deep is 10 KB, but stringifying it overflows the stack.
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const huge = JSON.stringify('X'.repeat(200_000));
    for (const transactionType of [deep, huge]) {
      const body = { ...aSubmitFiatRequest(), ...h.a.credentials };
      const text = JSON.stringify({ ...body, transaction: { ...body.transaction, transaction_type: '@' } });
      const response = await h.inject({
        method: 'POST',
        url: '/api/v1/verification/send',
        headers: json,
        payload: text.replace('"@"', transactionType),
      });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).error_code).toBe('VALIDATION_ERROR');
      expect(response.body.length).toBeLessThan(2_000);
    }
  });

  it('names every missing field of an empty body', async () => {
    const headers = await h.bearer(h.a);
    const response = await h.inject({ method: 'POST', url: '/api/v1/client-api/flows', headers });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({ error_code: 'VALIDATION_ERROR' });
    expect(envelopeOf(response).error).toMatch(/^name: /);
  });
});

describe('unexpected errors', () => {
  it('answers 500 INTERNAL_ERROR with a generic sentence, never the message or the stack', async () => {
    const app = buildApp(h.engine);
    app.get('/boom', async () => {
      throw new Error('duckdb: connection to /var/secret/warden.duckdb failed at line 42');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(envelopeOf(response)).toEqual({
      success: false,
      error: 'The server could not complete the request because of an unexpected error.',
      error_code: 'INTERNAL_ERROR',
      details: '',
    });
    expect(response.body).not.toMatch(/duckdb|secret|line 42|at /);
  });

  it('keeps a WardenError of the core as it is, status from its code', async () => {
    const app = buildApp(h.engine);
    app.get('/conflict', async () => {
      throw new WardenError(
        'DUPLICATE_TRANSACTION',
        'external_transaction_id "tx-1" was already submitted.',
        {
          details: 'Use GET /api/v1/verification/get to read it.',
        },
      );
    });
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    await app.close();
    expect(response.statusCode).toBe(409);
    expect(envelopeOf(response)).toEqual({
      success: false,
      error: 'external_transaction_id "tx-1" was already submitted.',
      error_code: 'DUPLICATE_TRANSACTION',
      details: 'Use GET /api/v1/verification/get to read it.',
    });
  });
});
