/**
 * The review API over the real app (issue #30): a transaction stopped in EVALUATION by a MEDIUM
 * sanctions match (the house list's entity, with another birth date) is decided by an analyst,
 * approved by an approver, and the customer's next transaction passes; others' do not.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewItem } from '../../src/model/review-item.js';
import { QueueList } from '../../src/model/review-queue.js';
import { ReviewDecision } from '../../src/model/review-decision.js';
import { SuppressionList } from '../../src/model/suppression.js';
import { TransactionList, TransactionReport } from '../../src/model/transaction.js';
import type { StoredTransaction } from '../../src/transactions/index.js';
import { OUTBOX_COLLECTION } from '../../src/webhooks/webhook-outbox.js';
import {
  aCreateOnboardingRequest,
  aDataIndividual,
  aFiatTransaction,
  aNaturalPerson,
  aPersonParticipant,
  aSubmitFiatRequest,
} from '../support/factories.js';
import { HOUSE_ENTITY_NAME, HOUSE_LIST } from '../support/house-list.js';
import { anApiHarness, envelopeOf, type ApiHarness, type TestClient } from './harness.js';

let h: ApiHarness;
let analyst: { authorization: string };
let approver: { authorization: string };
let otherClientApprover: { authorization: string };

/** A payment from `customer`, named like the listed entity but born another year: MEDIUM → EVALUATION. */
function submitFrom(customer: string, externalTransactionId: string, client: TestClient = h.a) {
  return h.inject({
    method: 'POST',
    url: '/api/v1/verification/send',
    payload: aSubmitFiatRequest({
      ...client.credentials,
      transaction: aFiatTransaction({ external_transaction_id: externalTransactionId }),
      remitter: aPersonParticipant({
        external_id: customer,
        natural_person: aNaturalPerson({ full_name: HOUSE_ENTITY_NAME, birth_date: '1950-02-02' }),
      }),
    }),
  });
}

async function stateOf(externalId: string) {
  const response = await h.inject({
    method: 'GET',
    url: `/api/v1/verification/get?${h.a.query}&external_transaction_id=${externalId}`,
  });
  return TransactionList.parse(response.json()).items[0]!.transaction.state;
}

beforeAll(async () => {
  h = await anApiHarness();
  await h.engine.clients.updateClient(h.a.client_id, {
    webhookUrl: 'http://127.0.0.1:9/hooks',
    now: h.now(),
  });
  analyst = await h.reviewerToken(h.a, 'ana', 'analyst');
  approver = await h.reviewerToken(h.a, 'pablo', 'approver');
  otherClientApprover = await h.reviewerToken(h.b, 'olga', 'approver');
});
afterAll(() => h.close());

describe('the review API', () => {
  it('decides a false positive with four eyes, and suppresses the customer’s next alert', async () => {
    const first = await submitFrom('cust-1', 'tx-r-1');
    expect(TransactionReport.parse(first.json()).transaction.state).toBe('EVALUATION');

    const queue = QueueList.parse(
      (await h.inject({ method: 'GET', url: '/api/v1/review/queue', headers: analyst })).json(),
    );
    const item = queue.items.find((i) => i.subject === 'tx-r-1')!;
    expect(item.matches[0]).toMatchObject({
      customer_external_id: 'cust-1',
      query_name: HOUSE_ENTITY_NAME,
      listed_name: HOUSE_ENTITY_NAME,
      strength: 'MEDIUM',
      list: 'house',
      list_version: 'house@1',
      suppressed_by: null,
    });
    expect(item.matches[0]!.secondary_fields.map((f) => f.result)).toContain('NOT_MATCHED');
    expect(item.rules.map((r) => r.rule_id)).toContain('sanctions.remitter.possible');

    const decided = await h.inject({
      method: 'POST',
      url: '/api/v1/review/transactions/tx-r-1/decisions',
      headers: analyst,
      payload: {
        outcome: 'FALSE_POSITIVE',
        state: 'COMPLETED',
        reason: 'Born 1950, not 1901.',
        suppress: true,
      },
    });
    expect(decided.statusCode).toBe(201);
    const decision = ReviewDecision.parse(decided.json());
    expect(decision).toMatchObject({
      status: 'PENDING_APPROVAL',
      needs_approval: ['RELEASE', 'SUPPRESS'],
      decided_by: 'ana',
      approved_by: null,
    });
    expect(await stateOf('tx-r-1')).toBe('EVALUATION');

    const twice = await h.inject({
      method: 'POST',
      url: '/api/v1/review/transactions/tx-r-1/decisions',
      headers: approver,
      payload: { outcome: 'TRUE_MATCH', state: 'REJECTED', reason: 'Listed.' },
    });
    expect(envelopeOf(twice)).toMatchObject({ error_code: 'CONFLICT' });

    const byAnalyst = await h.inject({
      method: 'POST',
      url: `/api/v1/review/decisions/${decision.id}/approve`,
      headers: analyst,
    });
    expect(byAnalyst.statusCode).toBe(403);
    expect(envelopeOf(byAnalyst).error_code).toBe('FORBIDDEN');

    const approved = await h.inject({
      method: 'POST',
      url: `/api/v1/review/decisions/${decision.id}/approve`,
      headers: approver,
    });
    expect(approved.statusCode).toBe(200);
    expect(ReviewDecision.parse(approved.json())).toMatchObject({
      status: 'APPLIED',
      approved_by: 'pablo',
      suppressions: [expect.any(String)],
    });

    const stored = (await h.engine.store.records.getByKey<StoredTransaction>(
      'transactions',
      h.a.client_id,
      'tx-r-1',
    ))!.data;
    expect(stored.report.transaction).toMatchObject({
      state: 'COMPLETED',
      reasons_rejection_operator: 'Born 1950, not 1901.',
    });
    expect(stored.history.at(-1)).toMatchObject({
      from: 'EVALUATION',
      to: 'COMPLETED',
      by: 'OPERATOR',
      decided_by: 'ana',
      approved_by: 'pablo',
    });
    const read = await h.inject({
      method: 'GET',
      url: '/api/v1/review/transactions/tx-r-1',
      headers: analyst,
    });
    const closed = ReviewItem.parse(read.json());
    expect(closed).toMatchObject({ open: false, state: 'COMPLETED', pending_decision: null });
    expect(closed.timeline.map((e) => [e.event, e.by, e.state])).toEqual([
      ['CREATED', 'warden', 'PROGRESS'],
      ['STATE_CHANGED', 'warden', 'EVALUATION'],
      ['DECIDED', 'ana', 'COMPLETED'],
      ['APPROVED', 'pablo', 'COMPLETED'],
      ['STATE_CHANGED', 'ana, approved by pablo', 'COMPLETED'],
    ]);
    expect(closed.timeline[1]!.text).toBe(closed.reason);
    const otherClients = await h.inject({
      method: 'GET',
      url: '/api/v1/review/transactions/tx-r-1',
      headers: otherClientApprover,
    });
    expect(otherClients.statusCode).toBe(404);

    const webhook = h.engine.store.records.entry(
      OUTBOX_COLLECTION,
      h.a.client_id,
      `whd_${stored.report.transaction.id}_2`,
    );
    expect(webhook).toBeDefined();

    // The same customer's next payment: the alert is skipped, the match kept and marked.
    expect(TransactionReport.parse((await submitFrom('cust-1', 'tx-r-2')).json()).transaction.state).toBe(
      'COMPLETED',
    );
    const next = (await h.engine.store.records.getByKey<StoredTransaction>(
      'transactions',
      h.a.client_id,
      'tx-r-2',
    ))!.data;
    expect(next.audit!.remitter.subjects[0]!.matches[0]!.suppressed_by).toBe(decision.id);
    // Another customer of the same name still stops.
    expect(TransactionReport.parse((await submitFrom('cust-2', 'tx-r-3')).json()).transaction.state).toBe(
      'EVALUATION',
    );

    const suppressions = SuppressionList.parse(
      (await h.inject({ method: 'GET', url: '/api/v1/review/suppressions', headers: analyst })).json(),
    );
    expect(suppressions.items[0]).toMatchObject({
      customer_external_id: 'cust-1',
      list: 'house',
      entity_id: 'H-1',
      decided_by: 'ana',
      approved_by: 'pablo',
      status: 'ACTIVE',
    });
  });

  it('refuses an approver approving their own decision, and lets another approver reject it', async () => {
    await submitFrom('cust-3', 'tx-r-4');
    const decided = ReviewDecision.parse(
      (
        await h.inject({
          method: 'POST',
          url: '/api/v1/review/transactions/tx-r-4/decisions',
          headers: approver,
          payload: { outcome: 'TRUE_MATCH', state: 'REJECTED', reason: 'Same person.' },
        })
      ).json(),
    );
    const own = await h.inject({
      method: 'POST',
      url: `/api/v1/review/decisions/${decided.id}/approve`,
      headers: approver,
    });
    expect(own.statusCode).toBe(403);
    const second = await h.reviewerToken(h.a, 'rosa', 'approver');
    const rejected = await h.inject({
      method: 'POST',
      url: `/api/v1/review/decisions/${decided.id}/reject`,
      headers: second,
      payload: { reason: 'Check the passport first.' },
    });
    expect(ReviewDecision.parse(rejected.json())).toMatchObject({ status: 'REJECTED', rejected_by: 'rosa' });
    expect(await stateOf('tx-r-4')).toBe('EVALUATION');
  });

  it('applies a decision that needs no second person at once', async () => {
    await submitFrom('cust-4', 'tx-r-5');
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/review/transactions/tx-r-5/decisions',
      headers: analyst,
      payload: { outcome: 'TRUE_MATCH', state: 'CANCELLED', reason: 'Customer withdrew.' },
    });
    expect(ReviewDecision.parse(response.json())).toMatchObject({ status: 'APPLIED', needs_approval: [] });
    expect(await stateOf('tx-r-5')).toBe('CANCELLED');
  });

  it("shows another client's reviewers nothing", async () => {
    const queue = QueueList.parse(
      (await h.inject({ method: 'GET', url: '/api/v1/review/queue', headers: otherClientApprover })).json(),
    );
    expect(queue.items).toEqual([]);
    const decide = await h.inject({
      method: 'POST',
      url: '/api/v1/review/transactions/tx-r-3/decisions',
      headers: otherClientApprover,
      payload: { outcome: 'FALSE_POSITIVE', state: 'CANCELLED', reason: 'x' },
    });
    expect(decide.statusCode).toBe(404);
  });

  it('keeps client tokens and reviewer tokens apart', async () => {
    const clientToken = await h.bearer(h.a);
    const onReview = await h.inject({ method: 'GET', url: '/api/v1/review/queue', headers: clientToken });
    expect(onReview.statusCode).toBe(401);
    const onClient = await h.inject({
      method: 'GET',
      url: '/api/v1/client-api/onboardings/x',
      headers: analyst,
    });
    expect(onClient.statusCode).toBe(401);
  });

  it('refuses a wrong password with 401 and throttles a guesser with 429', async () => {
    const login = () =>
      h.inject({
        method: 'POST',
        url: '/api/v1/review/auth/token',
        payload: { client_id: h.a.client_id, name: 'ana', password: 'guess' },
      });
    expect((await login()).statusCode).toBe(401);
    for (let i = 0; i < 10; i++) await login();
    const throttled = await login();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    h.advance(60_000);
  });

  it('stops the tokens of a disabled reviewer', async () => {
    const temp = await h.reviewerToken(h.a, 'temp', 'analyst');
    await h.engine.review.reviewers.disable(h.a.client_id, 'temp', h.now());
    const response = await h.inject({ method: 'GET', url: '/api/v1/review/queue', headers: temp });
    expect(response.statusCode).toBe(401);
  });

  it('decides an onboarding in PENDING_REVIEW through its status change, naming both reviewers', async () => {
    const flow = await h.engine.onboarding.createFlow(h.a.client_id, { name: 'Personal' });
    const created = await h.engine.onboarding.createOnboarding(
      h.a.client_id,
      aCreateOnboardingRequest({
        flow: flow._id,
        data: { type: 'INDIVIDUAL', data_individual: aDataIndividual({ is_pep: true }) },
      }),
    );
    expect(created.status).toBe('PENDING_REVIEW');
    const queue = QueueList.parse(
      (
        await h.inject({ method: 'GET', url: '/api/v1/review/queue?kind=ONBOARDING', headers: analyst })
      ).json(),
    );
    expect(queue.items.map((i) => i.subject)).toEqual([created._id]);
    const decision = ReviewDecision.parse(
      (
        await h.inject({
          method: 'POST',
          url: `/api/v1/review/onboardings/${created._id}/decisions`,
          headers: analyst,
          payload: {
            outcome: 'FALSE_POSITIVE',
            state: 'APPROVED',
            reason: 'PEP checked: source of funds on file.',
          },
        })
      ).json(),
    );
    expect(decision.status).toBe('PENDING_APPROVAL');
    await h.inject({
      method: 'POST',
      url: `/api/v1/review/decisions/${decision.id}/approve`,
      headers: approver,
    });
    const record = await h.engine.onboarding.getOnboarding(h.a.client_id, created._id);
    expect(record.status).toBe('APPROVED');
    expect(record.status_history.at(-1)).toMatchObject({ to: 'APPROVED', by: 'ana (approved by pablo)' });
  });

  it('lists decisions by status', async () => {
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/review/decisions?status=REJECTED',
      headers: analyst,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ items: { status: string }[] }>().items.map((d) => d.status)).toEqual(['REJECTED']);
  });

  it('re-opens a suppression when the listed entity changes in a list update, and lets an approver revoke', async () => {
    const updated = join(mkdtempSync(join(tmpdir(), 'warden-review-')), 'house.csv');
    writeFileSync(updated, `id,name,type,birth_date\nH-1,${HOUSE_ENTITY_NAME},individual,1902-01-01\n`);
    await h.engine.importList({ source: 'csv', path: updated, listName: HOUSE_LIST });
    expect(TransactionReport.parse((await submitFrom('cust-1', 'tx-r-9')).json()).transaction.state).toBe(
      'EVALUATION',
    );
    const listed = SuppressionList.parse(
      (await h.inject({ method: 'GET', url: '/api/v1/review/suppressions', headers: analyst })).json(),
    );
    const [suppression] = listed.items;
    expect(suppression).toMatchObject({ status: 'REOPENED', list_version: 'house@1' });

    const url = `/api/v1/review/suppressions/${suppression!.id}`;
    expect((await h.inject({ method: 'DELETE', url, headers: analyst })).statusCode).toBe(403);
    const revoked = await h.inject({ method: 'DELETE', url, headers: approver });
    expect(revoked.json()).toMatchObject({ status: 'REVOKED', revoked_by: 'pablo' });
  });

  it('filters the queue by how long items have waited', async () => {
    await submitFrom('cust-age', 'tx-r-age');
    let reader = await h.reviewerToken(h.a, 'ada', 'analyst');
    const subjects = async (query: string) =>
      QueueList.parse(
        (await h.inject({ method: 'GET', url: `/api/v1/review/queue?${query}`, headers: reader })).json(),
      ).items.map((i) => i.subject);
    expect(await subjects('limit=100')).toContain('tx-r-age');
    expect(await subjects('min_age=1h&limit=100')).not.toContain('tx-r-age');
    h.advance(3_600_000);
    reader = await h.reviewerToken(h.a, 'ada2', 'analyst');
    expect(await subjects('min_age=1h&limit=100')).toContain('tx-r-age');
    const bad = await h.inject({ method: 'GET', url: '/api/v1/review/queue?min_age=2h', headers: reader });
    expect(envelopeOf(bad).error_code).toBe('VALIDATION_ERROR');
  });
});
