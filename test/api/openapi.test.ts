/** The generated OpenAPI document, the /docs page, /healthz, and serving one area per app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/index.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let h: ApiHarness;
let doc: OpenApi;
beforeAll(async () => {
  h = await anApiHarness();
  const response = await h.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApi>();
});
afterAll(() => h.close());

const operation = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (found === undefined) throw new Error(`${method} ${path} is not documented`);
  return found;
};

describe('GET /openapi.json', () => {
  it('documents every operation of both areas, and nothing of its own machinery', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(doc.openapi).toMatch(/^3\./);
    // 34 of the spec's areas and Warden's additions, 10 of the review API (issue #30).
    expect(operations).toHaveLength(44);
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/v1/verification/send',
        'GET /api/v1/verification/get',
        'PATCH /api/v1/screening/blacklist/settings',
        'DELETE /api/v1/screening/blacklist/{id}',
        'GET /api/v1/client-api/onboardings/entity/list',
        'PUT /api/v1/client-api/onboardings/change-status/{id}',
        'GET /healthz',
        'POST /api/v1/review/transactions/{id}/decisions',
        'POST /api/v1/review/batch-hits/{id}/decisions',
        'POST /api/v1/review/decisions/{id}/approve',
      ]),
    );
    expect(operations.some((o) => o.includes('/openapi.json') || o.includes('/docs'))).toBe(false);
  });

  it('gives every string and array a client sends a maximum (maxLength, maxItems, maxProperties)', () => {
    const unbounded: string[] = [];
    const walk = (schema: Record<string, unknown> | undefined, at: string): void => {
      if (schema === undefined) return;
      const types = [schema.type].flat();
      const bounded = schema.enum !== undefined || schema.const !== undefined;
      if (types.includes('string') && schema.maxLength === undefined && !bounded) unbounded.push(at);
      if (types.includes('array') && schema.maxItems === undefined) unbounded.push(at);
      if (typeof schema.additionalProperties === 'object' && schema.maxProperties === undefined)
        unbounded.push(at);
      const children = (key: string) => (schema[key] ?? {}) as Record<string, Record<string, unknown>>;
      for (const [name, child] of Object.entries(children('properties'))) walk(child, `${at}.${name}`);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const [i, child] of Object.entries(children(key))) walk(child, `${at}|${i}`);
      if (typeof schema.items === 'object') walk(schema.items as Record<string, unknown>, `${at}[]`);
      if (typeof schema.additionalProperties === 'object')
        walk(schema.additionalProperties as Record<string, unknown>, `${at}{}`);
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const at = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? [])
          walk((p as { schema?: Record<string, unknown> }).schema, `${at} ${p.name}`);
        for (const content of Object.values(op.requestBody?.content ?? {}))
          walk(content.schema as Record<string, unknown>, `${at} body`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('describes request and response bodies from the zod schemas, spec spellings included', () => {
    const send = operation('post', '/api/v1/verification/send');
    const body = send.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties!)).toEqual(
      expect.arrayContaining(['client_id', 'client_secret', 'transaction', 'remitter', 'beneficiary']),
    );
    const report = send.responses['201']!.content!['application/json']!.schema;
    const transaction = report.properties!.transaction as { properties: Record<string, unknown> };
    expect(Object.keys(transaction.properties)).toContain('receving_amount');
    expect(send.responses['400']!.content!['application/json']!.schema.properties).toHaveProperty(
      'error_code',
    );
  });

  it('turns query schemas into parameters', () => {
    const list = operation('get', '/api/v1/verification/get');
    const names = list.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'client_id',
        'client_secret',
        'external_transaction_id',
        'page',
        'limit',
        'status',
        'start_timestamp',
        'end_timestamp',
      ]),
    );
    expect(list.responses).toHaveProperty('429');
    const search = operation('get', '/api/v1/client-api/onboardings/entity/list');
    expect(search.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'flow',
        'documentNumber',
        'issueCountryIso3',
        'status',
        'search',
        'fullname',
        'firstName',
        'lastName',
        'personalNumber',
        'metadata',
        'skip',
        'limit',
      ]),
    );
  });

  it('marks the flow operations, and only them, as Bearer-authenticated', () => {
    expect(operation('get', '/api/v1/client-api/onboardings/{id}').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('post', '/api/v1/client-api/auth/token').security).toBeUndefined();
    expect(operation('post', '/api/v1/screening/entities/individuals').security).toBeUndefined();
  });
});

describe('GET /docs', () => {
  it('serves one self-contained HTML page that reads /openapi.json', async () => {
    const response = await h.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain("new URL('openapi.json', location.href)");
    // No CDN: nothing is loaded from another origin.
    expect(response.body).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(response.body).not.toMatch(/https?:\/\//);
  });
});

describe('GET /healthz', () => {
  it('answers ok with the active list versions, without credentials', async () => {
    const response = await h.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', lists: [{ id: 'house@1', entities: 1 }] });
  });
});

describe('areas', () => {
  it('serves only the flow area when asked, the rest answering 404', async () => {
    const app = buildApp(h.engine, { areas: ['flow'] });
    try {
      const screening = await app.inject({ method: 'GET', url: `/api/v1/verification/get?${h.a.query}` });
      expect(screening.statusCode).toBe(404);
      expect(envelopeOf(screening).error_code).toBe('ROUTE_NOT_FOUND');
      const token = await app.inject({
        method: 'POST',
        url: '/api/v1/client-api/auth/token',
        payload: h.a.credentials,
      });
      expect(token.statusCode).toBe(200);
      const paths = Object.keys(
        (await app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApi>().paths,
      );
      // The review API (issue #30) is served in either area.
      const served = (p: string) =>
        p.startsWith('/api/v1/client-api/') || p.startsWith('/api/v1/review/') || p === '/healthz';
      expect(paths.every(served)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('serves only the screening area when asked', async () => {
    const app = buildApp(h.engine, { areas: ['screening'] });
    try {
      const token = await app.inject({
        method: 'POST',
        url: '/api/v1/client-api/auth/token',
        payload: h.a.credentials,
      });
      expect(token.statusCode).toBe(404);
      const coins = await app.inject({
        method: 'GET',
        url: `/api/v1/resources/validation/coins?${h.a.query}`,
      });
      expect(coins.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
