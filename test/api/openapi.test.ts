/** The generated OpenAPI document, /healthz, and serving one area per app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/api/index.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';
import { operationsOf, resolve, type OpenApi, type Operation, type Schema } from './openapi-document.js';

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
const jsonSchema = (content: Operation['responses'][string]['content']): Schema =>
  resolve(doc, content?.['application/json']?.schema);

describe('GET /openapi.json', () => {
  it('documents every operation of both areas, and nothing of its own machinery', () => {
    const operations = operationsOf(doc).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(doc.openapi).toMatch(/^3\.1\./);
    // 34 of the spec's areas and Warden's additions, 12 of the review API (issue #30), 3 probes
    // and metrics (issue #31).
    expect(operations).toHaveLength(49);
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/v1/verification/send',
        'GET /api/v1/verification/get',
        'PATCH /api/v1/screening/blacklist/settings',
        'DELETE /api/v1/screening/blacklist/{id}',
        'GET /api/v1/client-api/onboardings/entity/list',
        'PUT /api/v1/client-api/onboardings/change-status/{id}',
        'GET /healthz',
        'GET /livez',
        'GET /readyz',
        'GET /metrics',
        'POST /api/v1/review/transactions/{id}/decisions',
        'POST /api/v1/review/batch-hits/{id}/decisions',
        'POST /api/v1/review/decisions/{id}/approve',
      ]),
    );
    expect(operations.some((o) => o.includes('/openapi.json') || o.includes('/docs'))).toBe(false);
  });

  it('gives every string and array a client sends a maximum (maxLength, maxItems, maxProperties)', () => {
    const unbounded: string[] = [];
    const seen = new Set<Schema>();
    const walk = (raw: Schema | undefined, at: string): void => {
      const schema = resolve(doc, raw);
      if (seen.has(schema)) return;
      seen.add(schema);
      const types = [schema.type].flat();
      const bounded = schema.enum !== undefined || schema.const !== undefined;
      if (types.includes('string') && schema.maxLength === undefined && !bounded) unbounded.push(at);
      if (types.includes('array') && schema.maxItems === undefined) unbounded.push(at);
      if (typeof schema.additionalProperties === 'object' && schema.maxProperties === undefined)
        unbounded.push(at);
      const children = (key: string) => (schema[key] ?? {}) as Record<string, Schema>;
      for (const [name, child] of Object.entries(children('properties'))) walk(child, `${at}.${name}`);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const [i, child] of Object.entries(children(key))) walk(child, `${at}|${i}`);
      if (typeof schema.items === 'object') walk(schema.items as Schema, `${at}[]`);
      if (typeof schema.additionalProperties === 'object')
        walk(schema.additionalProperties as Schema, `${at}{}`);
    };
    for (const { method, path, op } of operationsOf(doc)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) walk(p.schema, `${at} ${p.name}`);
      for (const content of Object.values(op.requestBody?.content ?? {})) walk(content.schema, `${at} body`);
    }
    expect(unbounded).toEqual([]);
  });

  it('describes request and response bodies from the zod schemas, spec spellings included', () => {
    const send = operation('post', '/api/v1/verification/send');
    const body = jsonSchema(send.requestBody!.content);
    expect(Object.keys(body.properties!)).toEqual(
      expect.arrayContaining(['client_id', 'client_secret', 'transaction', 'remitter', 'beneficiary']),
    );
    const report = jsonSchema(send.responses['201']!.content);
    const transaction = resolve(doc, report.properties!.transaction);
    expect(Object.keys(transaction.properties!)).toContain('receving_amount');
    expect(jsonSchema(send.responses['400']!.content).properties).toHaveProperty('error_code');
  });

  it('names the main requests and resources as components, referenced from the operations', () => {
    const ref = (content: Operation['responses'][string]['content']) =>
      content?.['application/json']?.schema?.$ref;
    expect(ref(operation('post', '/api/v1/verification/send').requestBody!.content)).toBe(
      '#/components/schemas/SubmitTransactionRequest',
    );
    expect(ref(operation('post', '/api/v1/verification/send').responses['201']!.content)).toBe(
      '#/components/schemas/TransactionReport',
    );
    expect(ref(operation('post', '/api/v1/screening/entities/individuals').responses['201']!.content)).toBe(
      '#/components/schemas/ScreeningResult',
    );
    expect(ref(operation('get', '/api/v1/client-api/onboardings/{id}').responses['404']!.content)).toBe(
      '#/components/schemas/ErrorEnvelope',
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Participant',
        'NaturalPerson',
        'CountryCode',
        'BlacklistRecord',
        'OnboardingRecord',
        'ReviewDecision',
        'WalletRiskAnalysis',
      ]),
    );
    // Read and written alike, so one name; read with defaults (optional) and written in full, so two.
    expect(doc.components.schemas).not.toHaveProperty('CountryCodeInput');
    expect(doc.components.schemas).toHaveProperty('NaturalPersonInput');
  });

  it('refers only to components it has, and has none it does not refer to', () => {
    const refs = new Set<string>();
    JSON.stringify(doc, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') refs.add(value);
      return value;
    });
    const components = Object.keys(doc.components.schemas).map((name) => `#/components/schemas/${name}`);
    expect([...refs].filter((ref) => !components.includes(ref))).toEqual([]);
    expect(components.filter((ref) => !refs.has(ref))).toEqual([]);
  });

  it('gives every example one its schema accepts', () => {
    const illustrated = Object.entries(doc.components.schemas).filter(([, s]) => s.examples !== undefined);
    expect(illustrated.map(([name]) => name)).toEqual(
      expect.arrayContaining(['SubmitTransactionRequest', 'TransactionReport', 'IndividualScreeningRequest']),
    );
    for (const [name, schema] of illustrated) {
      const zodSchema = z.globalRegistry._idmap.get(name.replace(/Input$/, ''));
      expect(zodSchema, name).toBeDefined();
      for (const example of schema.examples as unknown[]) {
        const parsed = z.safeParse(zodSchema!, example);
        expect(parsed.error?.issues ?? [], name).toEqual([]);
      }
    }
  });

  it('gives every operation a unique camelCase operationId, from its summary', () => {
    const ids = operationsOf(doc).map(({ op }) => op.operationId);
    expect(ids.every((id) => id !== undefined && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Client code is generated from these: a renamed summary must be a deliberate change.
    expect({
      submit: operation('post', '/api/v1/verification/send').operationId,
      list: operation('get', '/api/v1/verification/get').operationId,
      individuals: operation('post', '/api/v1/screening/entities/individuals').operationId,
      blacklistRecord: operation('get', '/api/v1/screening/blacklist/{id}').operationId,
      settings: operation('get', '/api/v1/screening/blacklist/settings').operationId,
      token: operation('post', '/api/v1/client-api/auth/token').operationId,
      onboarding: operation('get', '/api/v1/client-api/onboardings/{id}').operationId,
      decide: operation('post', '/api/v1/review/transactions/{id}/decisions').operationId,
    }).toEqual({
      submit: 'submitTransaction',
      list: 'listTransactions',
      individuals: 'individualsAnalysis',
      blacklistRecord: 'getBlacklistRecordById',
      settings: 'getBlacklistSettingsAccount',
      token: 'authenticationToken',
      onboarding: 'onboardingGetDetails',
      decide: 'decideTransaction',
    });
  });

  it('turns query schemas into parameters, the query credentials into security', () => {
    const list = operation('get', '/api/v1/verification/get');
    const names = list.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'external_transaction_id',
        'page',
        'limit',
        'status',
        'start_timestamp',
        'end_timestamp',
      ]),
    );
    expect(names).not.toContain('client_secret');
    expect(list.security).toEqual([{ clientIdQuery: [], clientSecretQuery: [] }]);
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

  it('describes each way of authenticating: query keys, body fields, client and reviewer tokens', () => {
    expect(Object.keys(doc.components.securitySchemes)).toEqual([
      'clientIdQuery',
      'clientSecretQuery',
      'bearerAuth',
      'reviewerBearerAuth',
    ]);
    expect(operation('get', '/api/v1/client-api/onboardings/{id}').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('get', '/api/v1/review/queue').security).toEqual([{ reviewerBearerAuth: [] }]);
    for (const bodyAuthenticated of [
      operation('post', '/api/v1/client-api/auth/token'),
      operation('post', '/api/v1/screening/entities/individuals'),
    ]) {
      expect(bodyAuthenticated.security).toEqual([]);
      expect(bodyAuthenticated.description).toMatch(/client_id and client_secret in the JSON body/);
    }
    expect(operation('get', '/healthz').security).toEqual([]);
  });

  it('documents the errors the shared machinery answers, besides each route’s own', () => {
    const submit = operation('post', '/api/v1/verification/send');
    expect(Object.keys(submit.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '409', '413', '415', '429', '500', '503']),
    );
    expect(submit.responses['429']!.headers).toHaveProperty('Retry-After');
    expect(Object.keys(operation('get', '/api/v1/client-api/flow-instances/{id}').responses)).toEqual([
      '200',
      '400',
      '401',
      '404',
      '500',
    ]);
    expect(Object.keys(operation('get', '/healthz').responses)).toEqual(['200', '500']);
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
        p.startsWith('/api/v1/client-api/') ||
        p.startsWith('/api/v1/review/') ||
        ['/healthz', '/livez', '/readyz', '/metrics'].includes(p);
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

describe('routes added later', () => {
  it('are documented like the others: an id, security, the shared errors, even with no schema', async () => {
    const app = buildApp(h.engine);
    try {
      void app.register(async (scope) => {
        scope.get('/probe', async () => 'up');
        scope.get('/probe/:id', { schema: { summary: 'Individuals Analysis' } }, async () => 'up');
      });
      const added = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApi>().paths;
      expect(added['/probe']?.get).toMatchObject({
        operationId: 'getProbe',
        security: [],
        responses: { '200': { description: 'OK' }, '500': {} },
      });
      // A summary another operation already has: the id comes from the method and path instead.
      expect(added['/probe/{id}']?.get?.operationId).toBe('getProbeById');
    } finally {
      await app.close();
    }
  });
});
