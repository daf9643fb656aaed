import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookAttempt, WebhookDelivery } from '../../src/model/webhook.js';
import { openMemoryStore, type Store } from '../../src/store/index.js';
import {
  OUTBOX_COLLECTION,
  WebhookDispatcher,
  notificationOf,
  verifyWebhookSignature,
  type WebhookDispatcherOptions,
} from '../../src/webhooks/index.js';
import { scriptedFetch, steppedClock, type Step } from './scripted-fetch.js';

const T0 = 1_714_000_000_000;
const SECRET = 'whsec_test-secret';
const CLIENT = 'cl_0123456789abcdef';

const aRequest = (
  overrides: Partial<{ event: string; payload: unknown; subject: { collection: string; id: string } }> = {},
) => ({
  client_id: CLIENT,
  url: 'https://receiver.test/hooks?token=abc',
  event: 'transaction.state_changed',
  payload: { external_transaction_id: 'tx-1', state: 'COMPLETED' },
  subject: { collection: 'transactions', id: 'tr_1' },
  ...overrides,
});

const dispatchers: WebhookDispatcher[] = [];
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop(2000)));
});

function setUp(
  steps: readonly Step[],
  options: Partial<WebhookDispatcherOptions> = {},
  store: Store = openMemoryStore(),
) {
  const net = scriptedFetch(steps);
  const time = steppedClock(T0);
  const attempts: [WebhookDelivery, WebhookAttempt][] = [];
  const errors: string[] = [];
  let ids = 0;
  const dispatcher = new WebhookDispatcher({
    records: store.records,
    secretOf: (id) => (id === CLIENT ? SECRET : undefined),
    onAttempt: (item, attempt) => void attempts.push([item, attempt]),
    onError: (sentence) => void errors.push(sentence),
    fetch: net.fetch,
    clock: time.clock,
    sleep: time.sleep,
    random: () => 0.5,
    newId: () => `whd_${++ids}`,
    timeoutMs: 50,
    ...options,
  });
  dispatchers.push(dispatcher);
  return { dispatcher, store, net, time, attempts, errors };
}

describe('webhook dispatcher', () => {
  it('retries a receiver that fails twice and records three attempts, the third successful', async () => {
    const { dispatcher, net, attempts } = setUp([500, 503, 200]);
    const queued = await dispatcher.enqueue(aRequest());
    expect(await dispatcher.drain(5000)).toBe(true);

    const item = (await dispatcher.outbox.get(CLIENT, queued.id))!;
    expect(item.status).toBe('DELIVERED');
    expect(item.attempts.map((a) => [a.attempt, a.status_code, a.successful, a.error])).toEqual([
      [1, 500, false, 'The receiver answered HTTP 500.'],
      [2, 503, false, 'The receiver answered HTTP 503.'],
      [3, 200, true, null],
    ]);
    // Backoff with jitter at its midpoint: 1 s, then 2 s.
    expect(item.attempts.map((a) => a.sent_at - T0)).toEqual([0, 1000, 3000]);
    expect(item.next_attempt_at).toBeNull();
    expect(attempts.map(([i, a]) => notificationOf(i, a))).toEqual([
      { webhook: queued.url, sent_at: T0, successful: false, error: 'The receiver answered HTTP 500.' },
      {
        webhook: queued.url,
        sent_at: T0 + 1000,
        successful: false,
        error: 'The receiver answered HTTP 503.',
      },
      { webhook: queued.url, sent_at: T0 + 3000, successful: true, error: null },
    ]);
    expect(new Set(net.seen.map((r) => r.headers['x-warden-delivery']))).toEqual(new Set([queued.id]));
  });

  it('signs every POST so the receiver can verify it, and the signature fails on an altered body', async () => {
    const { dispatcher, net } = setUp([200]);
    const queued = await dispatcher.enqueue(aRequest());
    await dispatcher.drain(5000);
    const [request] = net.seen;
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-warden-event': 'transaction.state_changed',
      'x-warden-delivery': queued.id,
      'x-warden-timestamp': String(T0),
    });
    expect(JSON.parse(request!.body)).toEqual({
      id: queued.id,
      event: 'transaction.state_changed',
      created_at: T0,
      data: { external_transaction_id: 'tx-1', state: 'COMPLETED' },
    });
    const { 'x-warden-timestamp': ts, 'x-warden-signature': sig } = request!.headers;
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(SECRET, ts, request!.body, sig)).toBe(true);
    expect(verifyWebhookSignature(SECRET, ts, request!.body.replace('COMPLETED', 'REJECTED'), sig)).toBe(
      false,
    );
  });

  it('records a hanging receiver as a timeout and a refused connection as unreachable, then gives up', async () => {
    const { dispatcher } = setUp(['hang', 'refuse', 'hang'], { retry: { maxAttempts: 3 } });
    const queued = await dispatcher.enqueue(aRequest());
    await dispatcher.drain(5000);
    const item = (await dispatcher.outbox.get(CLIENT, queued.id))!;
    expect(item.status).toBe('FAILED');
    expect(item.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [null, 'The receiver did not answer within 50 ms.'],
      [null, 'The receiver could not be reached (ECONNREFUSED).'],
      [null, 'The receiver did not answer within 50 ms.'],
    ]);
    // The URL (whose query holds a token) is in the record where the spec puts it, never in a sentence.
    expect(item.attempts.some((a) => a.error?.includes('token=abc'))).toBe(false);
  });

  it('writes the delivery durably before the first attempt', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const store = openMemoryStore();
    const { dispatcher } = setUp(
      [200],
      {
        fetch: (async () => {
          await gate;
          return new Response(null, { status: 204 });
        }) as typeof fetch,
      },
      store,
    );
    const queued = await dispatcher.enqueue(aRequest());
    const stored = (await store.records.get<WebhookDelivery>(OUTBOX_COLLECTION, CLIENT, queued.id))!.data;
    expect([stored.status, stored.attempts.length]).toEqual(['PENDING', 0]);
    release();
    await dispatcher.drain(5000);
    expect((await dispatcher.outbox.get(CLIENT, queued.id))!.status).toBe('DELIVERED');
  });

  it('delivers the events of one subject in order, even when the first needs a retry', async () => {
    const { dispatcher, net } = setUp([500, 200, 200, 200]);
    await dispatcher.enqueue(aRequest({ payload: { state: 'PROGRESS' } }));
    await dispatcher.enqueue(aRequest({ payload: { state: 'COMPLETED' } }));
    await dispatcher.drain(5000);
    expect(net.seen.map((r) => (JSON.parse(r.body) as { data: { state: string } }).data.state)).toEqual([
      'PROGRESS',
      'PROGRESS',
      'COMPLETED',
    ]);
  });

  it('abandons a delivery whose client has no webhook secret, without sending it unsigned', async () => {
    const { dispatcher, net } = setUp([200]);
    const queued = await dispatcher.enqueue({ ...aRequest(), client_id: 'cl_ffffffffffffffff' });
    await dispatcher.drain(5000);
    const item = (await dispatcher.outbox.get('cl_ffffffffffffffff', queued.id))!;
    expect(item.status).toBe('FAILED');
    expect(item.attempts).toHaveLength(1);
    expect(net.seen).toHaveLength(0);
  });

  it('keeps delivering when onAttempt throws, and reports it without the secret', async () => {
    const { dispatcher, errors } = setUp([500, 200], {
      onAttempt: () => {
        throw new Error(`boom ${SECRET}`);
      },
    });
    const queued = await dispatcher.enqueue(aRequest());
    await dispatcher.drain(5000);
    expect((await dispatcher.outbox.get(CLIENT, queued.id))!.status).toBe('DELIVERED');
    expect(errors).toEqual([
      `The onAttempt callback failed for webhook delivery ${queued.id}.`,
      `The onAttempt callback failed for webhook delivery ${queued.id}.`,
    ]);
  });

  it('leaves waiting deliveries PENDING on stop, for a new dispatcher to resume', async () => {
    const store = openMemoryStore();
    // The default sleep and a real clock, a minute of backoff: only stop() can end the wait early.
    const first = setUp([500], { sleep: undefined, clock: Date.now, retry: { baseDelayMs: 60_000 } }, store);
    const queued = await first.dispatcher.enqueue(aRequest());
    await expect
      .poll(async () => (await first.dispatcher.outbox.get(CLIENT, queued.id))!.attempts.length)
      .toBe(1);
    expect(await first.dispatcher.stop(1000)).toBe(true);
    expect((await first.dispatcher.outbox.get(CLIENT, queued.id))!.status).toBe('PENDING');
    await first.dispatcher.enqueue(aRequest({ subject: { collection: 'transactions', id: 'tr_2' } }));

    const second = setUp([200], { clock: () => Date.now() + 120_000 }, store);
    expect(await second.dispatcher.start()).toBe(2);
    await second.dispatcher.drain(5000);
    const resumed = (await second.dispatcher.outbox.get(CLIENT, queued.id))!;
    expect(resumed.status).toBe('DELIVERED');
    expect(resumed.attempts.map((a) => [a.attempt, a.successful])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await second.dispatcher.outbox.pending()).toEqual([]);
  });

  it.each([
    ['an ftp URL', { url: 'ftp://receiver.test' }, 'url'],
    ['an event that would inject a header', { event: 'bad event\r\nx-injected: 1' }, 'event'],
    ['a payload JSON cannot carry', { payload: { amount: 10n } }, 'payload'],
  ])('refuses to enqueue %s', async (_case, change, field) => {
    const { dispatcher, store } = setUp([200]);
    await expect(dispatcher.enqueue({ ...aRequest(), ...change })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      path: [field],
    });
    expect(await store.records.list(OUTBOX_COLLECTION)).toEqual([]);
  });
});
