/**
 * The HTTP API end to end: the real server on 127.0.0.1 (port 0) over a real DuckDB file with the
 * real UN consolidated list, driven with plain fetch; a node:http webhook receiver that must get a
 * signed payload after a submit; and a restart on the same file that keeps transactions, blacklist
 * records, onboardings, the token signing key and the lists.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SPEC_RATE_LIMITS, startServer, type RunningServer } from '../../src/api/index.js';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/types.js';
import { BlacklistRecord } from '../../src/model/blacklist.js';
import { Flow } from '../../src/model/flow.js';
import { OnboardingRecord } from '../../src/model/onboarding.js';
import { ScreeningResult } from '../../src/model/screening-result.js';
import { TransactionList, TransactionReport } from '../../src/model/transaction.js';
import { WEBHOOK_HEADERS, verifyWebhookSignature } from '../../src/webhooks/index.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';
import {
  aCreateOnboardingRequest,
  aFiatTransaction,
  aNaturalPerson,
  aPersonParticipant,
  aSubmitFiatRequest,
} from '../support/factories.js';
import { tempDbPath } from '../support/temp-stores.js';
import { startReceiver, until } from '../support/webhook-receiver.js';

const UN_LIST = sharedPath('un', 'consolidated_2026-02-27.xml');
// Listed in the UN file as FIRST_NAME ERIC, SECOND_NAME BADEGE (reference CDi.001).
const LISTED_PERSON = 'Eric Badege';

describeWithDatasets('the HTTP API on a real server, DuckDB file and UN list', () => {
  const db = tempDbPath('warden-api-');
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let engine: Engine;
  let server: RunningServer;
  let client: { client_id: string; client_secret: string; webhook_secret: string };
  let credentialsQuery = '';
  const json = { 'content-type': 'application/json' };
  const state: { blacklistId?: string; onboardingId?: string; token?: string; listVersion?: string } = {};

  const start = async () => {
    engine = await createEngine({ db: db.path }, { webhookRetry: { baseDelayMs: 20 } });
    server = await startServer({
      engine,
      port: 0,
      // The spec's table, plus a tight limit on one operation so a 429 is reached over real HTTP.
      rateLimits: {
        ...SPEC_RATE_LIMITS,
        'GET /api/v1/resources/validation/coins': { windows: [{ limit: 3, seconds: 60 }] },
      },
    });
  };
  const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    receiver = await startReceiver();
    await start();
    const imported = await engine.importList({ source: 'un', path: UN_LIST });
    expect(imported.entities).toBeGreaterThan(500);
    state.listVersion = imported.version;
    client = await engine.clients.createClient({
      name: 'Remesas Andinas',
      webhookUrl: receiver.url,
      now: Date.now(),
    });
    credentialsQuery = new URLSearchParams({
      client_id: client.client_id,
      client_secret: client.client_secret,
    }).toString();
  });

  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    db.remove();
  });

  it('reports the UN list version on /healthz', async () => {
    const response = await call('/healthz');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; lists: { id: string; source: string }[] };
    expect(body.status).toBe('ok');
    expect(body.lists).toEqual([expect.objectContaining({ id: state.listVersion, source: 'un' })]);
  });

  it('screens a UN-listed individual as a coincidence', async () => {
    const { client_id, client_secret } = client;
    const response = await post('/api/v1/screening/entities/individuals', {
      client_id,
      client_secret,
      full_name: LISTED_PERSON,
    });
    expect(response.status).toBe(201);
    const result = ScreeningResult.parse(await response.json());
    expect(result.coincidences).toBe(true);
    expect(result.response[0]?.name.toUpperCase()).toContain('BADEGE');
  });

  it('submits a transaction and delivers a signed webhook to the receiver', async () => {
    const { client_id, client_secret } = client;
    const request = aSubmitFiatRequest({
      client_id,
      client_secret,
      transaction: aFiatTransaction({ external_transaction_id: 'tx-int-1' }),
      remitter: aPersonParticipant({
        natural_person: aNaturalPerson({ full_name: LISTED_PERSON, nationality: null, birth_date: null }),
      }),
    });
    const response = await post('/api/v1/verification/send', request);
    expect(response.status).toBe(201);
    const report = TransactionReport.parse(await response.json());
    expect(report.transaction.state).not.toBe('COMPLETED');

    const delivery = await until(async () => receiver.received.find((r) => r.body.includes('"tx-int-1"')));
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers[WEBHOOK_HEADERS.event]).toBe('transaction.state_changed');
    const timestamp = delivery.headers[WEBHOOK_HEADERS.timestamp] as string;
    const signature = delivery.headers[WEBHOOK_HEADERS.signature] as string;
    expect(
      verifyWebhookSignature(client.webhook_secret, timestamp, delivery.body, signature, { now: Date.now() }),
    ).toBe(true);
    expect(verifyWebhookSignature('whsec_wrong', timestamp, delivery.body, signature)).toBe(false);
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'transaction.state_changed',
      data: {
        external_transaction_id: 'tx-int-1',
        previous_state: 'PROGRESS',
        state: report.transaction.state,
      },
    });

    // The attempt is recorded in the transaction's notification object.
    const notified = await until(async () => {
      const listed = await call(
        `/api/v1/verification/get?${credentialsQuery}&external_transaction_id=tx-int-1`,
      );
      const item = TransactionList.parse(await listed.json()).items[0];
      return item?.transaction.notification?.successful ? item : undefined;
    });
    expect(notified.transaction.notification).toMatchObject({
      webhook: receiver.url,
      successful: true,
      error: null,
    });
  });

  it('creates a blacklist record and an onboarding (Bearer token)', async () => {
    const { client_id, client_secret } = client;
    const blacklisted = await post('/api/v1/screening/blacklist', {
      client_id,
      client_secret,
      type: 'INDIVIDUAL',
      value: 'Pedro Pablo Restrepo',
      reason: 'Chargeback fraud',
    });
    expect(blacklisted.status).toBe(201);
    state.blacklistId = BlacklistRecord.parse(await blacklisted.json()).id;

    const token = await post('/api/v1/client-api/auth/token', { client_id, client_secret });
    expect(token.status).toBe(200);
    state.token = ((await token.json()) as { access_token: string }).access_token;
    const bearer = { authorization: `Bearer ${state.token}` };
    const flow = await post('/api/v1/client-api/flows', { name: 'Personal accounts' }, bearer);
    expect(flow.status).toBe(201);
    const flowId = Flow.parse(await flow.json())._id;
    const onboarding = await post(
      '/api/v1/client-api/onboardings',
      aCreateOnboardingRequest({ flow: flowId }),
      bearer,
    );
    expect(onboarding.status).toBe(201);
    state.onboardingId = OnboardingRecord.parse(await onboarding.json())._id;
  });

  it('answers errors with the envelope over real HTTP: 401, 404, 405, 400, 429', async () => {
    const unauthorized = await call('/api/v1/verification/get?client_id=x&client_secret=y');
    expect([unauthorized.status, ((await unauthorized.json()) as { error_code: string }).error_code]).toEqual(
      [401, 'UNAUTHORIZED'],
    );
    const unknown = await call('/api/v2/verification/get');
    expect(unknown.status).toBe(404);
    const wrongMethod = await call('/api/v1/verification/send');
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'POST']);
    const malformed = await call('/api/v1/verification/send', {
      method: 'POST',
      headers: json,
      body: '{"client_id":',
    });
    expect([malformed.status, ((await malformed.json()) as { error_code: string }).error_code]).toEqual([
      400,
      'INVALID_JSON',
    ]);

    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await call(`/api/v1/resources/validation/coins?${credentialsQuery}`);
      statuses.push(last.status);
      await last.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('keeps transactions, blacklist, onboardings, tokens and lists across a restart on the same file', async () => {
    await server.close();
    await start();

    const transaction = await call(
      `/api/v1/verification/get?${credentialsQuery}&external_transaction_id=tx-int-1`,
    );
    expect(transaction.status).toBe(200);
    expect(TransactionList.parse(await transaction.json()).items[0]?.external_transaction_id).toBe(
      'tx-int-1',
    );

    const record = await call(`/api/v1/screening/blacklist/${state.blacklistId}?${credentialsQuery}`);
    expect(record.status).toBe(200);
    expect(BlacklistRecord.parse(await record.json()).reason).toBe('Chargeback fraud');

    // The token was signed before the restart; the signing key lives in the DuckDB file.
    const onboarding = await call(`/api/v1/client-api/onboardings/${state.onboardingId}`, {
      headers: { authorization: `Bearer ${state.token}` },
    });
    expect(onboarding.status).toBe(200);
    expect(OnboardingRecord.parse(await onboarding.json())._id).toBe(state.onboardingId);

    const health = (await (await call('/healthz')).json()) as { lists: { id: string }[] };
    expect(health.lists.map((l) => l.id)).toEqual([state.listVersion]);
  });
});
