/**
 * Webhooks against a real node:http receiver on 127.0.0.1, with clients from the registry and the
 * outbox in a real DuckDB file that is closed and reopened between two dispatchers.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openClientRegistry } from '../../src/clients/index.js';
import type { Notification } from '../../src/model/transaction.js';
import type { WebhookDelivery } from '../../src/model/webhook.js';
import { openDuckDbStore, openMemoryStore, type Store } from '../../src/store/index.js';
import { WebhookDispatcher, notificationOf, verifyWebhookSignature } from '../../src/webhooks/index.js';
import { tempDbPath } from '../support/temp-stores.js';

type Answer = number | 'hang';
interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A receiver that answers each request with the next status of `answers` (the last one repeats). */
async function startReceiver(answers: readonly Answer[]) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)]!;
      if (answer !== 'hang') res.writeHead(answer, { 'content-type': 'text/plain' }).end('answered');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }));
  cleanups.push(close);
  return { url: `http://127.0.0.1:${port}/hooks/warden`, port, received, close };
}

const NOW = 1_714_000_000_000;
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function aClient(store: Store, webhookUrl: string) {
  const registry = await openClientRegistry(store.records, { now: NOW });
  const created = await registry.createClient({ name: 'Acme', webhookUrl, now: NOW });
  return { registry, ...created };
}

function aDispatcher(store: Store, secretOf: (id: string) => string | undefined, options: object = {}) {
  const notifications: Notification[] = [];
  const dispatcher = new WebhookDispatcher({
    records: store.records,
    secretOf,
    onAttempt: (item, attempt) => void notifications.push(notificationOf(item, attempt)),
    retry: { baseDelayMs: 10 },
    timeoutMs: 5000,
    ...options,
  });
  cleanups.push(() => dispatcher.stop(2000));
  return { dispatcher, notifications };
}

const aDelivery = (client_id: string, url: string, id = 'tr_1') => ({
  client_id,
  url,
  event: 'transaction.state_changed',
  payload: { id, external_transaction_id: `ext-${id}`, state: 'COMPLETED' },
  subject: { collection: 'transactions', id },
});

describe('webhooks over real HTTP', () => {
  // The first fetch of a process loads undici (~170 ms measured on a loaded CI box); doing it here keeps
  // that cost out of the 200 ms timeouts below, where it would turn a refused connection into a timeout.
  beforeAll(async () => {
    const warmUp = await startReceiver([204]);
    await fetch(warmUp.url, { method: 'POST', body: '{}' }).then((r) => r.body?.cancel());
    await warmUp.close();
  });

  it('retries a receiver that answers 500 twice; attempt 3 succeeds, all three recorded and signed', async () => {
    const receiver = await startReceiver([500, 500, 200]);
    const store = openMemoryStore();
    const { registry, client_id, webhook_secret } = await aClient(store, receiver.url);
    const { dispatcher, notifications } = aDispatcher(store, (id) => registry.webhookSecretOf(id));

    const queued = await dispatcher.enqueue(aDelivery(client_id, registry.getClient(client_id).webhook_url!));
    expect(await dispatcher.drain(10_000)).toBe(true);

    const item = (await dispatcher.outbox.get(client_id, queued.id))!;
    expect(item.status).toBe('DELIVERED');
    expect(item.attempts.map((a) => [a.attempt, a.status_code, a.successful])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(notifications.at(-1)).toEqual({
      webhook: receiver.url,
      sent_at: item.attempts[2]!.sent_at,
      successful: true,
      error: null,
    });
    expect(notifications.map((n) => n.error)).toEqual([
      'The receiver answered HTTP 500.',
      'The receiver answered HTTP 500.',
      null,
    ]);

    expect(receiver.received).toHaveLength(3);
    for (const { headers, body } of receiver.received) {
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-warden-delivery']).toBe(queued.id);
      expect(headers['x-warden-event']).toBe('transaction.state_changed');
      const [ts, sig] = [headers['x-warden-timestamp'] as string, headers['x-warden-signature'] as string];
      expect(verifyWebhookSignature(webhook_secret, ts, body, sig, { now: Date.now() })).toBe(true);
      expect(verifyWebhookSignature(webhook_secret, ts, body.replace('COMPLETED', 'REJECTED'), sig)).toBe(
        false,
      );
      expect(JSON.parse(body)).toMatchObject({ id: queued.id, data: { state: 'COMPLETED' } });
    }
  });

  it('records a receiver that hangs as a timeout and one that refuses as unreachable, without crashing', async () => {
    const hanging = await startReceiver(['hang']);
    const refusing = await startReceiver([200]);
    await refusing.close();
    const store = openMemoryStore();
    const { registry, client_id } = await aClient(store, hanging.url);
    const { dispatcher } = aDispatcher(store, (id) => registry.webhookSecretOf(id), {
      retry: { baseDelayMs: 10, maxAttempts: 2 },
      timeoutMs: 200,
    });

    const hung = await dispatcher.enqueue(aDelivery(client_id, hanging.url, 'tr_hang'));
    const refused = await dispatcher.enqueue(aDelivery(client_id, refusing.url, 'tr_refused'));
    expect(await dispatcher.drain(10_000)).toBe(true);

    const hungItem = (await dispatcher.outbox.get(client_id, hung.id))!;
    expect(hungItem.status).toBe('FAILED');
    expect(hungItem.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [null, 'The receiver did not answer within 200 ms.'],
      [null, 'The receiver did not answer within 200 ms.'],
    ]);
    expect(hungItem.attempts.every((a) => a.duration_ms >= 150)).toBe(true);
    expect(hanging.received).toHaveLength(2);

    const refusedItem = (await dispatcher.outbox.get(client_id, refused.id))!;
    expect(refusedItem.status).toBe('FAILED');
    expect(refusedItem.attempts.map((a) => a.error)).toEqual([
      'The receiver could not be reached (ECONNREFUSED).',
      'The receiver could not be reached (ECONNREFUSED).',
    ]);
  });

  it('resumes pending deliveries from a DuckDB file after close and reopen', async () => {
    const receiver = await startReceiver([503, 200]);
    const db = tempDbPath('warden-webhooks-');
    cleanups.push(db.remove);

    // First process: one attempt fails, the retry is a minute away; a second delivery is enqueued after stop.
    let store = await openDuckDbStore(db.path);
    const { registry, client_id, webhook_secret } = await aClient(store, receiver.url);
    const first = aDispatcher(store, (id) => registry.webhookSecretOf(id), {
      retry: { baseDelayMs: 60_000 },
    });
    const retried = await first.dispatcher.enqueue(aDelivery(client_id, receiver.url, 'tr_1'));
    await expect
      .poll(async () => (await first.dispatcher.outbox.get(client_id, retried.id))!.attempts.length)
      .toBe(1);
    expect(await first.dispatcher.stop(2000)).toBe(true);
    const untried = await first.dispatcher.enqueue(aDelivery(client_id, receiver.url, 'tr_2'));
    await store.close();

    // Second process: the same file, a fresh registry and dispatcher, a clock past the backoff.
    store = await openDuckDbStore(db.path);
    cleanups.push(() => store.close());
    const reopened = await openClientRegistry(store.records, { now: NOW });
    expect(reopened.webhookSecretOf(client_id)).toBe(webhook_secret);
    const pending = (await store.records.list<WebhookDelivery>('webhook_outbox')).map((r) => [
      r.id,
      r.data.status,
    ]);
    expect(pending).toEqual([
      [retried.id, 'PENDING'],
      [untried.id, 'PENDING'],
    ]);
    const second = aDispatcher(store, (id) => reopened.webhookSecretOf(id), {
      clock: () => Date.now() + 120_000,
    });
    expect(await second.dispatcher.start()).toBe(2);
    expect(await second.dispatcher.drain(10_000)).toBe(true);

    const done = (await second.dispatcher.outbox.get(client_id, retried.id))!;
    expect(done.status).toBe('DELIVERED');
    expect(done.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    expect(
      (await second.dispatcher.outbox.get(client_id, untried.id))!.attempts.map((a) => a.status_code),
    ).toEqual([200]);
    expect(receiver.received.map((r) => r.headers['x-warden-delivery'])).toEqual([
      retried.id,
      retried.id,
      untried.id,
    ]);
    for (const { headers, body } of receiver.received) {
      const [ts, sig] = [headers['x-warden-timestamp'] as string, headers['x-warden-signature'] as string];
      expect(verifyWebhookSignature(webhook_secret, ts, body, sig)).toBe(true);
    }
  });
});
