/**
 * GET /metrics over inject: valid Prometheus text, counters that move with screenings and
 * transactions, routes labelled by pattern, one registry per app, and off when asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { buildApp } from '../../src/api/index.js';
import type { ScreeningResult } from '../../src/model/screening-result.js';
import {
  aSubmitFiatRequest,
  aSummaryRequest,
  aWalletAnalysisRequest,
  anIndividualRequest,
} from '../support/factories.js';
import { HOUSE_ENTITY_NAME } from '../support/house-list.js';
import { readPrometheusText, type Scrape } from '../support/prometheus-text.js';
import { anApiHarness, type ApiHarness } from './harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness();
});
afterAll(() => h.close());

async function scrape(app: { inject: ApiHarness['inject'] } = h): Promise<Scrape> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return readPrometheusText(response.body);
}

/** How much each of `series` moved while `act` ran. */
async function moved(
  series: readonly [string, Record<string, string>][],
  act: () => Promise<unknown>,
): Promise<number[]> {
  const before = await scrape();
  await act();
  const after = await scrape();
  return series.map(([name, labels]) => after.value(name, labels) - before.value(name, labels));
}

const post = (url: string, payload: object) =>
  h.inject({ method: 'POST', url, payload: { ...payload, ...h.a.credentials } });

describe('GET /metrics', () => {
  it('serves Prometheus text: process, HTTP and warden metrics, without credentials', async () => {
    await h.inject({ method: 'GET', url: '/livez' });
    const metrics = await scrape();
    expect(metrics.types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(metrics.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(metrics.types.get('http_requests_total')).toBe('counter');
    expect(metrics.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(metrics.value('warden_list_info', { list: 'house', version: 'house@1', source: 'csv' })).toBe(1);
    expect(metrics.value('warden_list_entities', { list: 'house' })).toBe(1);
    // Present at 0 before the first event, so rate() works from the first scrape.
    expect(metrics.value('warden_webhook_deliveries_total', { outcome: 'failed' })).toBe(0);
  });

  it('counts a screening, its matches by strength, and the request by route and status', async () => {
    const route = '/api/v1/screening/entities/individuals';
    const before = await scrape();
    const response = await post(route, anIndividualRequest({ full_name: HOUSE_ENTITY_NAME }));
    expect(response.statusCode).toBe(201);
    const strengths = response.json<ScreeningResult>().response.map((m) => m.strength);
    expect(strengths).toHaveLength(1);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(delta('warden_screenings_total', { kind: 'individual' })).toBe(1);
    expect(delta('warden_matches_total', { strength: strengths[0]! })).toBe(1);
    const series = { method: 'POST', route, status_code: '201' };
    expect(delta('http_requests_total', series)).toBe(1);
    expect(delta('http_request_duration_seconds_count', series)).toBe(1);
  });

  it('counts a submitted transaction by state, and the screening of both its parties', async () => {
    const before = await scrape();
    const response = await post('/api/v1/verification/send', aSubmitFiatRequest());
    expect(response.statusCode).toBe(201);
    const state = response.json<{ transaction: { state: string } }>().transaction.state;
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(delta('warden_transactions_total', { state })).toBe(1);
    expect(delta('warden_screenings_total', { kind: 'individual' })).toBe(2);
  });

  it('counts each entity of a summary, and wallet analyses', async () => {
    const deltas = await moved(
      [
        ['warden_screenings_total', { kind: 'individual' }],
        ['warden_screenings_total', { kind: 'organization' }],
        ['warden_screenings_total', { kind: 'wallet' }],
      ],
      async () => {
        expect((await post('/api/v1/screening/entities/summary', aSummaryRequest())).statusCode).toBe(201);
        const wallet = await post('/api/v1/analysis-crypto/risk-wallet/send', aWalletAnalysisRequest());
        expect(wallet.statusCode).toBeLessThan(300);
      },
    );
    expect(deltas).toEqual([1, 1, 1]);
  });

  it('labels requests by route pattern, never by URL, and unmatched ones as such', async () => {
    await h.inject({ method: 'GET', url: `/api/v1/screening/blacklist/bl_secret_id?${h.a.query}` });
    await h.inject({ method: 'GET', url: '/no/such/path' });
    const metrics = await scrape();
    const routes = new Set(metrics.samples.map((s) => s.labels.route).filter((r) => r !== undefined));
    expect(routes).toContain('/api/v1/screening/blacklist/:id');
    expect(
      metrics.value('http_requests_total', { route: 'unmatched', method: 'GET', status_code: '404' }),
    ).toBe(1);
    const body = metrics.samples.map((s) => JSON.stringify(s)).join('\n');
    for (const leak of ['bl_secret_id', '/no/such/path', h.a.credentials.client_secret]) {
      expect(body).not.toContain(leak);
    }
  });

  it('reports list ages from the clock', async () => {
    h.advance(3_600_000);
    expect((await scrape()).value('warden_list_age_seconds', { list: 'house' })).toBeGreaterThanOrEqual(3600);
  });
});

describe('one registry per app', () => {
  it('keeps two apps on one engine apart, and a closed app stops counting', async () => {
    const registry = new Registry();
    const other = buildApp(h.engine, { metrics: { registry, processMetrics: false } });
    await other.ready();
    const route = '/api/v1/screening/entities/individuals';
    const request = { ...anIndividualRequest(), ...h.a.credentials };
    const ownBefore = (await scrape()).value('http_requests_total', { route, status_code: '201' });
    await other.inject({ method: 'POST', url: route, payload: request });

    const theirs = await scrape(other);
    expect(theirs.value('http_requests_total', { route, status_code: '201' })).toBe(1);
    expect(theirs.value('warden_screenings_total', { kind: 'individual' })).toBe(1);
    expect([...theirs.types.keys()].some((name) => name.startsWith('process_'))).toBe(false);
    // The engine's events reach every app serving it; requests only the app that answered them.
    expect((await scrape()).value('http_requests_total', { route, status_code: '201' })).toBe(ownBefore);

    await other.close();
    expect(await registry.getSingleMetric('warden_screenings_total')).toBeUndefined();
  });

  it('serves and counts nothing with metrics: false', async () => {
    const app = buildApp(h.engine, { metrics: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the reader of the tests', () => {
  it('refuses text that is not the exposition format', () => {
    expect(() => readPrometheusText('# TYPE a counter\na{x="1"} one\n')).toThrow(/not a sample value/);
    expect(() => readPrometheusText('# TYPE a counter\na{x=1} 1\n')).toThrow(/bad labels/);
    expect(() => readPrometheusText('b 1\n')).toThrow(/no declared family/);
  });
});
