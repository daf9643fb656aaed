/**
 * The review page over the real app, with fastify.inject() (issue #30): the session cookie, CSRF,
 * escaping of untrusted list data, form errors that keep what was typed, the roles, and the
 * separation of clients. The whole scenario in a browser is test/e2e/review-page.test.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aCreateOnboardingRequest,
  aDataIndividual,
  aFiatTransaction,
  aNaturalPerson,
  aPersonParticipant,
  aSubmitFiatRequest,
} from '../support/factories.js';
import type { BatchHit } from '../../src/model/batch-hit.js';
import { batchHitRecordOf } from '../../src/review/batch-hits.js';
import { anApiHarness, type ApiHarness, type TestClient } from './harness.js';
import { PageVisitor } from './page-session.js';

/** A listed name carrying markup, as a hostile or broken list file could. */
const HOSTILE = 'Zorvath <img src=x onerror=alert(1)> Quembly';
const CUSTOMER_NAME = 'Zorvath Img Src X Onerror Alert 1 Quembly';

let h: ApiHarness;
const passwords: Record<string, string> = {};

async function reviewer(client: TestClient, name: string, role: 'analyst' | 'approver') {
  passwords[name] = (
    await h.engine.review.reviewers.create({ clientId: client.client_id, name, role, now: h.now() })
  ).password;
}

async function visitor(client: TestClient, name: string): Promise<PageVisitor> {
  const v = new PageVisitor(h);
  const response = await v.logIn(client.client_id, name, passwords[name]!);
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/review/queue');
  return v;
}

async function submit(customer: string, externalId: string) {
  const response = await h.inject({
    method: 'POST',
    url: '/api/v1/verification/send',
    payload: aSubmitFiatRequest({
      ...h.a.credentials,
      transaction: aFiatTransaction({ external_transaction_id: externalId }),
      remitter: aPersonParticipant({
        external_id: customer,
        natural_person: aNaturalPerson({ full_name: CUSTOMER_NAME, birth_date: '1950-02-02' }),
      }),
    }),
  });
  expect(response.json<{ transaction: { state: string } }>().transaction.state).toBe('EVALUATION');
}

beforeAll(async () => {
  h = await anApiHarness();
  const dir = mkdtempSync(join(tmpdir(), 'warden-hostile-'));
  writeFileSync(
    join(dir, 'hostile.csv'),
    `id,name,type,birth_date\nZ-1,"${HOSTILE}",individual,1901-01-01\n`,
  );
  await h.engine.importList({ source: 'csv', path: join(dir, 'hostile.csv'), listName: 'hostile' });
  await reviewer(h.a, 'ana', 'analyst');
  await reviewer(h.a, 'pablo', 'approver');
  await reviewer(h.b, 'olga', 'approver');
  await submit('cust-p-1', 'tx-p-1');
});
afterAll(() => h.close());

describe('the review page', () => {
  it('sends a visitor without a session to the login form, which has the three inputs', async () => {
    const v = new PageVisitor(h);
    for (const url of ['/review', '/review/queue', '/review/transactions/tx-p-1', '/review/suppressions']) {
      const response = await v.get(url);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^\/review\/(login|queue)$/);
    }
    const login = await v.get('/review/login');
    expect(login.statusCode).toBe(200);
    for (const input of ['client_id', 'name', 'password']) expect(login.body).toContain(`name="${input}"`);
    expect(login.headers['content-security-policy']).toContain("default-src 'none'");
    expect(login.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps the session in an HttpOnly, SameSite=Strict cookie scoped to /review', async () => {
    const v = new PageVisitor(h);
    await v.get('/review/login');
    const response = await v.post('/review/login', {
      client_id: h.a.client_id,
      name: 'ana',
      password: passwords.ana!,
    });
    const session = response.cookies.find((c) => c.name === 'warden_review')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/review' });
    expect(response.headers.location).not.toContain(passwords.ana);
    const out = await v.post('/review/logout', {});
    expect(out.headers.location).toBe('/review/login');
    expect((await v.get('/review/queue')).statusCode).toBe(303);
  });

  it('refuses a wrong password without echoing it, and a form without its CSRF token', async () => {
    const v = new PageVisitor(h);
    await v.get('/review/login');
    const wrong = await v.post('/review/login', {
      client_id: h.a.client_id,
      name: 'ana',
      password: 'guess-123456',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('class="problem"');
    expect(wrong.body).not.toContain('guess-123456');
    expect(wrong.cookies.find((c) => c.name === 'warden_review')).toBeUndefined();

    const forged = await v.post('/review/login', {
      _csrf: 'forged',
      client_id: h.a.client_id,
      name: 'ana',
      password: passwords.ana!,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.cookies.find((c) => c.name === 'warden_review')).toBeUndefined();
  });

  it('shows untrusted list data as text, never as markup', async () => {
    const v = await visitor(h.a, 'ana');
    const queue = await v.get('/review/queue');
    expect(queue.body).toContain('tx-p-1');
    const item = await v.get('/review/transactions/tx-p-1');
    expect(item.statusCode).toBe(200);
    expect(item.body).toContain('Zorvath &lt;img src=x onerror=alert(1)&gt; Quembly');
    expect(item.body).not.toContain('<img');
  });

  it('shows the item again with the problem and what was typed when a decision is refused', async () => {
    const v = await visitor(h.a, 'ana');
    await v.get('/review/transactions/tx-p-1');
    const refused = await v.post('/review/transactions/tx-p-1/decisions', {
      outcome: 'TRUE_MATCH',
      state: 'REJECTED',
      reason: 'Same <b>person</b>.',
      suppress: 'on',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('only a FALSE_POSITIVE can be suppressed');
    expect(refused.body).toContain('Same &lt;b&gt;person&lt;/b&gt;.</textarea>');
  });

  it('lets only another approver approve, and moves the item out of the queue', async () => {
    const ana = await visitor(h.a, 'ana');
    await ana.get('/review/transactions/tx-p-1');
    const decided = await ana.post('/review/transactions/tx-p-1/decisions', {
      outcome: 'FALSE_POSITIVE',
      state: 'COMPLETED',
      reason: 'Different birth year.',
      suppress: 'on',
    });
    expect(decided.statusCode).toBe(303);
    const item = await ana.get(decided.headers.location as string);
    expect(item.body).toContain('waits for an approver');
    expect(item.body).not.toContain('Approve and apply');
    const decisionId = h.engine.review.desk.listDecisions(h.a.client_id, { page: 1, limit: 10 }).items[0]!.id;
    const byAnalyst = await ana.post(`/review/decisions/${decisionId}/approve`, {});
    expect(byAnalyst.statusCode).toBe(403);

    const pablo = await visitor(h.a, 'pablo');
    const pending = await pablo.get('/review/transactions/tx-p-1');
    expect(pending.body).toContain('Approve and apply');
    const approved = await pablo.post(`/review/decisions/${decisionId}/approve`, {});
    expect(approved.statusCode).toBe(303);
    const closed = await pablo.get(approved.headers.location as string);
    expect(closed.body).toContain('Decision approved and applied.');
    expect(closed.body).toContain('state-COMPLETED');
    expect(closed.body).not.toContain('Record decision');
    expect((await pablo.get('/review/queue')).body).not.toContain('tx-p-1');

    const suppressions = await pablo.get('/review/suppressions');
    expect(suppressions.body).toContain('cust-p-1');
    expect(suppressions.body).toContain('>Revoke</button>');
    expect((await ana.get('/review/suppressions')).body).not.toContain('>Revoke</button>');
  });

  it('decides an onboarding from its page, with the onboarding states to choose from', async () => {
    const flow = await h.engine.onboarding.createFlow(h.a.client_id, { name: 'Personal' });
    const created = await h.engine.onboarding.createOnboarding(
      h.a.client_id,
      aCreateOnboardingRequest({
        flow: flow._id,
        data: { type: 'INDIVIDUAL', data_individual: aDataIndividual({ is_pep: true }) },
      }),
    );
    const ana = await visitor(h.a, 'ana');
    expect((await ana.get('/review/queue?kind=ONBOARDING')).body).toContain(
      `/review/onboardings/${created._id}`,
    );
    const page = await ana.get(`/review/onboardings/${created._id}`);
    expect(page.body).toContain('value="APPROVED"');
    expect(page.body).not.toContain('name="suppress"');
    const decided = await ana.post(`/review/onboardings/${created._id}/decisions`, {
      outcome: 'FALSE_POSITIVE',
      state: 'APPROVED',
      reason: 'PEP checked: source of funds on file.',
    });
    expect(decided.statusCode).toBe(303);
    const pablo = await visitor(h.a, 'pablo');
    const pending = await pablo.get(`/review/onboardings/${created._id}`);
    const decisionId = /\/review\/decisions\/([^/]+)\/approve/.exec(pending.body)![1]!;
    await pablo.post(`/review/decisions/${decisionId}/approve`, {});
    expect((await h.engine.onboarding.getOnboarding(h.a.client_id, created._id)).status).toBe('APPROVED');
  });

  it('decides a batch hit from its page: no state to choose, suppression offered', async () => {
    const hit: BatchHit = {
      id: 'bh_page_1',
      customer_external_id: 'row-9',
      name: CUSTOMER_NAME,
      status: 'OPEN',
      run: { out: 'nightly.jsonl', portfolio: 'customers.csv', at: h.now() },
      opened_at: h.now(),
      updated_at: h.now(),
      matches: [
        {
          participant: 'PORTFOLIO_ROW',
          customer_external_id: 'row-9',
          query_name: CUSTOMER_NAME,
          relation: 'natural_person',
          list: 'hostile',
          entity_id: 'Z-1',
          listed_name: HOSTILE,
          strength: 'STRONG',
          score: 0.91,
          categories: ['Sanctions'],
          programs: [],
          list_version: null,
          secondary_fields: [],
          explanation: null,
          suppressed_by: null,
          content_hash: 'h',
          queued_at: h.now(),
        },
      ],
      decided: [],
    };
    await h.engine.store.records.put(batchHitRecordOf(h.a.client_id, hit));
    const ana = await visitor(h.a, 'ana');
    expect((await ana.get('/review/queue?kind=BATCH_HIT')).body).toContain('/review/batch-hits/bh_page_1');
    const page = await ana.get('/review/batch-hits/bh_page_1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('nightly.jsonl');
    expect(page.body).not.toContain('name="state"');
    expect(page.body).toContain('name="suppress"');
    const decided = await ana.post('/review/batch-hits/bh_page_1/decisions', {
      outcome: 'FALSE_POSITIVE',
      reason: 'Another person: row-9 was born in 1990.',
      suppress: 'on',
    });
    expect(decided.statusCode).toBe(303);
    expect((await ana.get(decided.headers.location as string)).body).toContain('waits for an approver');
  });

  it("shows another client's reviewer none of this client's items", async () => {
    const olga = await visitor(h.b, 'olga');
    expect((await olga.get('/review/queue')).body).toContain('Nothing is waiting for review');
    const item = await olga.get('/review/transactions/tx-p-1');
    expect(item.statusCode).toBe(404);
    expect(item.body).not.toContain('Quembly');
  });

  it('filters the queue, and says so when a filter is invalid', async () => {
    await submit('cust-p-2', 'tx-p-2');
    const v = await visitor(h.a, 'ana');
    expect((await v.get('/review/queue?list=hostile&strength=')).body).toContain('tx-p-2');
    expect((await v.get('/review/queue?list=house')).body).not.toContain('tx-p-2');
    const bad = await v.get('/review/queue?min_age=forever');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('class="problem"');
  });

  it('ends the session of a disabled reviewer at once', async () => {
    await reviewer(h.a, 'temp', 'analyst');
    const v = await visitor(h.a, 'temp');
    await h.engine.review.reviewers.disable(h.a.client_id, 'temp', h.now());
    expect((await v.get('/review/queue')).statusCode).toBe(303);
  });
});
