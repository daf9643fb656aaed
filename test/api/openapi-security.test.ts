/**
 * The document's word against the server's behaviour, for every documented operation: it is refused
 * (401) without credentials exactly when the document says it authenticates; the credentials or token
 * the document names get past authentication; the other kind of token does not; and every status
 * these requests produce is one the operation documents.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anApiHarness, type ApiHarness } from './harness.js';
import { operationsOf, type DocumentedOperation, type OpenApi } from './openapi-document.js';

let h: ApiHarness;
let operations: DocumentedOperation[];
let clientToken: { authorization: string };
let reviewerToken: { authorization: string };

beforeAll(async () => {
  h = await anApiHarness();
  operations = operationsOf((await h.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApi>());
  clientToken = await h.bearer(h.a);
  const { password } = await h.engine.review.reviewers.create({
    clientId: h.a.client_id,
    name: 'ines',
    role: 'approver',
    now: h.now(),
  });
  const login = await h.inject({
    method: 'POST',
    url: '/api/v1/review/auth/token',
    payload: { client_id: h.a.client_id, name: 'ines', password },
  });
  reviewerToken = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
});
afterAll(() => h.close());

const BODY_CREDENTIALS = /client_id and client_secret in the JSON body/;
const hasBody = (method: string) => ['post', 'put', 'patch'].includes(method);

/** A request to the operation, with path parameters of no record and an empty JSON body where it takes one. */
function requestTo({ method, path }: DocumentedOperation, extra: Partial<InjectOptions> = {}): InjectOptions {
  return {
    method: method.toUpperCase() as InjectOptions['method'],
    url: path.replace(/\{[^}]+\}/g, 'none'),
    ...(hasBody(method) ? { payload: {} } : {}),
    ...extra,
  };
}

/** The same request carrying what the document says this operation authenticates with. */
function authenticated(o: DocumentedOperation): InjectOptions {
  const scheme = Object.keys(o.op.security?.[0] ?? {})[0];
  if (scheme === 'clientIdQuery') return requestTo(o, { query: { ...h.a.credentials } });
  if (scheme === 'bearerAuth') return requestTo(o, { headers: clientToken });
  if (scheme === 'reviewerBearerAuth') return requestTo(o, { headers: reviewerToken });
  if (BODY_CREDENTIALS.test(o.op.description ?? '')) return requestTo(o, { payload: { ...h.a.credentials } });
  return requestTo(o);
}

describe('the documented security of each operation', () => {
  it('is what the server enforces', async () => {
    const mismatches: string[] = [];
    const undocumented: string[] = [];
    for (const o of operations) {
      const at = `${o.method.toUpperCase()} ${o.path}`;
      const documented = (o.op.security ?? []).length > 0 || BODY_CREDENTIALS.test(o.op.description ?? '');
      const anonymous = await h.inject(requestTo(o));
      const withCredentials = await h.inject(authenticated(o));
      if ((anonymous.statusCode === 401) !== documented)
        mismatches.push(`${at} anonymous ${anonymous.statusCode}`);
      if (withCredentials.statusCode === 401) mismatches.push(`${at} authenticated 401`);
      for (const status of [anonymous.statusCode, withCredentials.statusCode]) {
        if (o.op.responses[String(status)] === undefined) undocumented.push(`${at} ${status}`);
      }
    }
    expect(operations.length).toBeGreaterThan(40);
    expect(mismatches).toEqual([]);
    expect(undocumented).toEqual([]);
  });

  it('tells the two Bearer tokens apart: each works only where its scheme is named', async () => {
    const schemeOf = (o: DocumentedOperation) => Object.keys(o.op.security?.[0] ?? {})[0];
    const bearer = operations.filter((o) => ['bearerAuth', 'reviewerBearerAuth'].includes(schemeOf(o)!));
    const accepted: string[] = [];
    for (const o of bearer) {
      const other = schemeOf(o) === 'bearerAuth' ? reviewerToken : clientToken;
      const response = await h.inject(requestTo(o, { headers: other }));
      if (response.statusCode !== 401) accepted.push(`${o.op.operationId} ${response.statusCode}`);
    }
    expect(bearer.length).toBeGreaterThan(20);
    expect(accepted).toEqual([]);
  });
});
