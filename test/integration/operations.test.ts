/**
 * The operator's side of a real server on 127.0.0.1 (port 0): probes, a Prometheus scrape whose
 * webhook counters move once a receiver got a transaction's notification, and request logs that
 * hold no secret of the requests that produced them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/api/index.js';
import { createEngine } from '../../src/engine/create-engine.js';
import { aSubmitFiatRequest } from '../support/factories.js';
import { houseList } from '../support/house-list.js';
import { readPrometheusText } from '../support/prometheus-text.js';
import { startReceiver, until } from '../support/webhook-receiver.js';

describe('operations on a real server', () => {
  const lines: string[] = [];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: RunningServer;
  let client: { client_id: string; client_secret: string; webhook_secret: string };

  beforeAll(async () => {
    receiver = await startReceiver();
    const engine = await createEngine({ lists: [houseList()] }, { webhookRetry: { baseDelayMs: 20 } });
    client = await engine.clients.createClient({ name: 'Ops', webhookUrl: receiver.url, now: Date.now() });
    server = await startServer({
      engine,
      port: 0,
      maxListAgeMs: 24 * 3600 * 1000,
      log: { stream: { write: (line) => void lines.push(line) } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const scrape = async () => readPrometheusText(await (await fetch(`${server.url}/metrics`)).text());

  it('answers the probes', async () => {
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', max_list_age_seconds: 86_400 });
  });

  it('counts a submitted transaction and the webhook delivery it caused', async () => {
    const response = await fetch(`${server.url}/api/v1/verification/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        aSubmitFiatRequest({ client_id: client.client_id, client_secret: client.client_secret }),
      ),
    });
    expect(response.status).toBe(201);
    await until(async () => (receiver.received.length > 0 ? true : undefined));
    const metrics = await until(async () => {
      const scraped = await scrape();
      return scraped.value('warden_webhook_deliveries_total', { outcome: 'delivered' }) === 1
        ? scraped
        : undefined;
    });
    expect(metrics.value('warden_webhook_attempts_total', { outcome: 'success' })).toBe(1);
    expect(metrics.value('warden_webhook_attempts_total', { outcome: 'failure' })).toBe(0);
    expect(metrics.value('warden_screenings_total', { kind: 'individual' })).toBe(2);
    expect(
      metrics.value('http_requests_total', {
        method: 'POST',
        route: '/api/v1/verification/send',
        status_code: '201',
      }),
    ).toBe(1);
  });

  it('logged one line per request, with its route, and none of the secrets', async () => {
    await fetch(`${server.url}/api/v1/verification/get?${new URLSearchParams(client)}`);
    const completed = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.route)).toEqual(
      expect.arrayContaining(['/livez', '/readyz', '/api/v1/verification/send', '/metrics']),
    );
    expect(completed.find((line) => line.path === '/api/v1/verification/get')).toMatchObject({
      client_id: client.client_id,
      status: 200,
    });
    const all = lines.join('\n');
    expect(all).not.toContain(client.client_secret);
    expect(all).not.toContain(client.webhook_secret);
  });
});

describe('readiness of a real server with no list', () => {
  it('answers 503 until a list is imported', async () => {
    const engine = await createEngine();
    const server = await startServer({ engine, port: 0 });
    try {
      const before = await fetch(`${server.url}/readyz`);
      expect(before.status).toBe(503);
      expect(await before.json()).toMatchObject({ reasons: [{ code: 'NO_LIST_LOADED' }] });
      await engine.importList({ source: 'csv', path: houseList().path, listName: 'house' });
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
