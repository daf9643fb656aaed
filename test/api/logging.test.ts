/** Request logs: one structured line per request, and no secret in any line. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anIndividualRequest } from '../support/factories.js';
import { anApiHarness, type ApiHarness } from './harness.js';

const lines: string[] = [];
let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness({ log: { stream: { write: (line) => void lines.push(line) } } });
});
afterAll(() => h.close());

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request logs', () => {
  it('writes method, path, route, status, ms and client_id, never a secret or a token', async () => {
    const { authorization } = await h.bearer(h.a);
    const token = authorization.slice('Bearer '.length);
    await h.inject({ method: 'GET', url: `/api/v1/verification/get?${h.a.query}&limit=5` });
    await h.inject({
      method: 'POST',
      url: '/api/v1/screening/entities/individuals',
      payload: anIndividualRequest(h.a.credentials),
    });
    await h.inject({
      method: 'GET',
      url: `/api/v1/verification/get?client_id=${h.a.client_id}&client_secret=wrong-secret-123`,
    });
    await h.inject({
      method: 'GET',
      url: '/api/v1/client-api/onboardings/entity/list',
      headers: { authorization },
    });

    const completed = parsed().filter((line) => line.msg === 'request completed');
    expect(completed.map((l) => [l.method, l.path, l.status, l.client_id])).toEqual([
      ['POST', '/api/v1/client-api/auth/token', 200, h.a.client_id],
      ['GET', '/api/v1/verification/get', 200, h.a.client_id],
      ['POST', '/api/v1/screening/entities/individuals', 201, h.a.client_id],
      ['GET', '/api/v1/verification/get', 401, null],
      ['GET', '/api/v1/client-api/onboardings/entity/list', 200, h.a.client_id],
    ]);
    expect(completed[1]!.route).toBe('/api/v1/verification/get');
    for (const line of completed) {
      expect(line.ms).toEqual(expect.any(Number));
      // The line of every request: pino's fields, the request id, then ours, in this order.
      expect(Object.keys(line)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'method',
        'path',
        'route',
        'status',
        'ms',
        'client_id',
        'msg',
      ]);
      expect(line).toMatchObject({ level: 30, reqId: expect.stringMatching(/^req-/) });
    }

    const all = lines.join('\n');
    for (const secret of [h.a.credentials.client_secret, 'wrong-secret-123', token, 'client_secret']) {
      expect(all).not.toContain(secret);
    }
  });

  it('writes the route pattern, never the ids of the URL, and null when no route matched', async () => {
    lines.length = 0;
    await h.inject({ method: 'GET', url: `/api/v1/screening/blacklist/bl_123?${h.a.query}` });
    await h.inject({ method: 'GET', url: '/no/such/path' });
    const completed = parsed().filter((line) => line.msg === 'request completed');
    expect(completed.map((l) => [l.path, l.route, l.status])).toEqual([
      ['/api/v1/screening/blacklist/bl_123', '/api/v1/screening/blacklist/:id', 404],
      ['/no/such/path', null, 404],
    ]);
  });

  it('keeps passwords, cookies, Authorization headers and webhook secrets out of every line', async () => {
    lines.length = 0;
    const { password } = await h.engine.review.reviewers.create({
      clientId: h.a.client_id,
      name: 'ana',
      role: 'analyst',
      now: h.now(),
    });
    const login = await h.inject({
      method: 'POST',
      url: '/api/v1/review/auth/token',
      headers: { cookie: 'warden_review=session-cookie-456' },
      payload: { client_id: h.a.client_id, name: 'ana', password },
    });
    expect(login.statusCode).toBe(200);
    const reviewerToken = login.json<{ access_token: string }>().access_token;
    await h.inject({
      method: 'GET',
      url: '/api/v1/review/queue',
      headers: { authorization: `Bearer ${reviewerToken}`, cookie: 'warden_review=session-cookie-456' },
    });
    await h.inject({
      method: 'POST',
      url: '/api/v1/review/auth/token',
      payload: { client_id: h.a.client_id, name: 'ana', password: 'wrong-password-789' },
    });
    // Everything a logger may be handed about a request goes through the redaction of its keys.
    h.app.log.info(
      {
        headers: { authorization: 'Bearer raw-header-1', cookie: 'c=raw-cookie-2' },
        body: { client_secret: 'raw-secret-3', password: 'raw-password-4', webhook_secret: 'raw-hook-5' },
      },
      'a line about a request',
    );

    expect(parsed().filter((line) => line.msg === 'request completed')).toHaveLength(3);
    const all = lines.join('\n');
    for (const secret of [
      password,
      reviewerToken,
      'wrong-password-789',
      'session-cookie-456',
      'raw-header-1',
      'raw-cookie-2',
      'raw-secret-3',
      'raw-password-4',
      'raw-hook-5',
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it('logs a 500 with its error for the operator, while the client sees a generic sentence', async () => {
    lines.length = 0;
    const { buildApp } = await import('../../src/api/index.js');
    const app = buildApp(h.engine, { log: { stream: { write: (line) => void lines.push(line) } } });
    app.get('/boom', async () => {
      throw new Error('disk quota exceeded');
    });
    const response = await app.inject({ method: 'GET', url: '/boom?client_secret=leak-me' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('disk quota');
    const failed = parsed().find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ err: { message: 'disk quota exceeded' } });
    expect(lines.join('\n')).not.toContain('leak-me');
  });
});
