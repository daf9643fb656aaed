/**
 * GET /livez and GET /readyz over inject: liveness always, readiness 503 with no list or (with a
 * maximum age) a list older than it, with a body saying why; neither asks for credentials nor
 * counts against a rate limit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/index.js';
import { Readiness } from '../../src/model/readiness.js';
import { houseListPath } from '../support/house-list.js';
import { START, anApiHarness, type ApiHarness } from './harness.js';

const HOUR = 3600 * 1000;
const opened: ApiHarness[] = [];
const harness = async (...args: Parameters<typeof anApiHarness>) => {
  const h = await anApiHarness(...args);
  opened.push(h);
  return h;
};
afterEach(async () => {
  for (const h of opened.splice(0)) await h.close();
});

const readyz = async (h: ApiHarness) => {
  const response = await h.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: Readiness.parse(response.json()) };
};

describe('GET /livez', () => {
  it('answers 200 whether or not a list is loaded', async () => {
    const h = await harness({}, { withoutLists: true });
    const response = await h.inject({ method: 'GET', url: '/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers 503 NO_LIST_LOADED while no list is loaded', async () => {
    const h = await harness({}, { withoutLists: true });
    const { status, body } = await readyz(h);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'not_ready', lists: [], max_list_age_seconds: null });
    expect(body.reasons).toEqual([
      { code: 'NO_LIST_LOADED', list: null, message: expect.stringContaining('warden lists import') },
    ]);
  });

  it('answers 200 once a list is imported, with its version and age', async () => {
    const h = await harness({}, { withoutLists: true });
    await h.engine.importList({ source: 'csv', path: houseListPath(), listName: 'house' });
    h.advance(90_000);
    const { status, body } = await readyz(h);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      reasons: [],
      max_list_age_seconds: null,
      lists: [{ list: 'house', version: 'house@1', updated_at: START, age_seconds: 90 }],
    });
  });

  it('lets lists be of any age without a maximum', async () => {
    const h = await harness();
    h.advance(400 * 24 * HOUR);
    expect((await readyz(h)).status).toBe(200);
  });

  it('answers 503 LIST_TOO_OLD once a list is older than the maximum age, and 200 after an update', async () => {
    const h = await harness({ maxListAgeMs: 36 * HOUR });
    h.advance(36 * HOUR);
    expect((await readyz(h)).status).toBe(200);

    h.advance(1000);
    const { status, body } = await readyz(h);
    expect(status).toBe(503);
    expect(body.max_list_age_seconds).toBe(36 * 3600);
    expect(body.reasons).toEqual([
      { code: 'LIST_TOO_OLD', list: 'house', message: expect.stringContaining('maximum age of 36 hours') },
    ]);

    // Screening still answers: readiness steers traffic, it does not refuse requests.
    const screening = await h.inject({
      method: 'POST',
      url: '/api/v1/screening/entities/individuals',
      payload: { ...h.a.credentials, full_name: 'Ana Pérez' },
    });
    expect(screening.statusCode).toBe(201);
  });

  it('needs no credentials and no rate-limit budget', async () => {
    const h = await harness();
    // More than the spec's 200 a minute of its limited operation.
    for (let i = 0; i < 250; i++) {
      const response = await h.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('maxListAgeMs', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await anApiHarness();
  });
  afterAll(() => h.close());

  it.each([0, -1, Number.NaN])('refuses %s', (maxListAgeMs) => {
    expect(() => buildApp(h.engine, { maxListAgeMs })).toThrow(/positive number of milliseconds/);
  });
});
