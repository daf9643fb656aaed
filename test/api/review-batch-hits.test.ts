/**
 * Batch hits over the review API (issue #30): a batch run for client A, on the store the server
 * serves from, feeds A's queue; an analyst decides a hit FALSE_POSITIVE with suppression, an approver
 * approves, and the next run reports that match as suppressed and queues nothing new. A TRUE_MATCH
 * confirms a hit, which the next run leaves closed.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatch, type ScreenedRow } from '../../src/batch/index.js';
import { DecisionList, ReviewDecision } from '../../src/model/review-decision.js';
import { QueueList } from '../../src/model/review-queue.js';
import { SuppressionList } from '../../src/model/suppression.js';
import { byId, readJsonl, tempFolder, writePortfolio } from '../batch/support/batch-fixtures.js';
import { HOUSE_ENTITY_NAME } from '../support/house-list.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

let h: ApiHarness;
let dir: string;
let portfolio: string;
let analyst: { authorization: string };
let approver: { authorization: string };
let otherClientAnalyst: { authorization: string };

/** A nightly run of A's portfolio against the server's own store (one process, one DuckDB writer). */
function nightlyRun(name: string) {
  return runBatch({
    portfolio,
    out: join(dir, name),
    store: h.engine.store,
    workers: 0,
    progress: 'off',
    report: false,
    review: { clientId: h.a.client_id, feedQueue: true, now: h.now },
  });
}

async function batchHits(headers = analyst, query = '') {
  const response = await h.inject({
    method: 'GET',
    url: `/api/v1/review/queue?kind=BATCH_HIT${query}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return QueueList.parse(response.json()).items;
}

const decide = (id: string, payload: object, headers = analyst) =>
  h.inject({ method: 'POST', url: `/api/v1/review/batch-hits/${id}/decisions`, headers, payload });

const approve = (id: string) =>
  h.inject({ method: 'POST', url: `/api/v1/review/decisions/${id}/approve`, headers: approver });

beforeAll(async () => {
  h = await anApiHarness();
  dir = tempFolder('warden-review-batch-');
  portfolio = writePortfolio(
    dir,
    'portfolio.csv',
    [`p-1,${HOUSE_ENTITY_NAME}`, `p-2,${HOUSE_ENTITY_NAME}`, 'p-3,Maribel Ostrander'],
    'external_id,full_name',
  );
  analyst = await h.reviewerToken(h.a, 'ana', 'analyst');
  approver = await h.reviewerToken(h.a, 'pablo', 'approver');
  otherClientAnalyst = await h.reviewerToken(h.b, 'olga', 'analyst');
});
afterAll(() => h.close());

describe('batch hits in the review API', () => {
  it('queues a run’s matches; an approved suppressed false positive is suppressed in the next run', async () => {
    const first = await nightlyRun('night-1.jsonl');
    expect(first.review).toMatchObject({ queued_items: 2, queued_matches: 2, suppressed_matches: 0 });

    const items = await batchHits();
    expect(items.map((i) => [i.kind, i.state, i.matches[0]?.customer_external_id])).toEqual([
      ['BATCH_HIT', 'OPEN', 'p-1'],
      ['BATCH_HIT', 'OPEN', 'p-2'],
    ]);
    expect(items[0]!.matches[0]).toMatchObject({
      participant: 'PORTFOLIO_ROW',
      query_name: HOUSE_ENTITY_NAME,
      listed_name: HOUSE_ENTITY_NAME,
      list: 'house',
      entity_id: 'H-1',
      list_version: 'house@1',
      strength: 'EXACT',
      suppressed_by: null,
    });
    expect(items[0]!.matches[0]).not.toHaveProperty('content_hash');
    expect(items[0]!.reason).toContain('night-1.jsonl');
    // The queue's filters apply to batch hits; the other kinds leave them out.
    expect(await batchHits(analyst, '&list=house&strength=EXACT')).toHaveLength(2);
    expect(await batchHits(analyst, '&list=ofac-sdn')).toHaveLength(0);
    const transactions = await h.inject({
      method: 'GET',
      url: '/api/v1/review/queue?kind=TRANSACTION',
      headers: analyst,
    });
    expect(QueueList.parse(transactions.json()).items.some((i) => i.kind === 'BATCH_HIT')).toBe(false);
    // Another client's reviewers see none of them.
    expect(await batchHits(otherClientAnalyst)).toEqual([]);

    h.advance(60_000);
    const decided = await decide(items[0]!.subject, {
      outcome: 'FALSE_POSITIVE',
      reason: 'Born 1950; the listed man in 1901.',
      suppress: true,
    });
    expect(decided.statusCode).toBe(201);
    const decision = ReviewDecision.parse(decided.json());
    expect(decision).toMatchObject({
      kind: 'BATCH_HIT',
      subject: items[0]!.subject,
      state: 'CLEARED',
      status: 'PENDING_APPROVAL',
      needs_approval: ['RELEASE', 'SUPPRESS'],
    });
    expect((await batchHits())[0]!.pending_decision?.id).toBe(decision.id);

    h.advance(60_000);
    const approved = await approve(decision.id);
    expect(approved.statusCode).toBe(200);
    expect(ReviewDecision.parse(approved.json())).toMatchObject({
      status: 'APPLIED',
      approved_by: 'pablo',
      suppressions: [expect.any(String)],
    });
    expect((await batchHits()).map((i) => i.matches[0]?.customer_external_id)).toEqual(['p-2']);
    const suppressions = SuppressionList.parse(
      (await h.inject({ method: 'GET', url: '/api/v1/review/suppressions', headers: analyst })).json(),
    );
    expect(suppressions.items[0]).toMatchObject({
      customer_external_id: 'p-1',
      list: 'house',
      entity_id: 'H-1',
      decision_id: decision.id,
      status: 'ACTIVE',
    });

    h.advance(600_000); // within the reviewers' one-hour tokens
    const second = await nightlyRun('night-2.jsonl');
    expect(second.review).toMatchObject({ suppressed_matches: 1, queued_items: 0, queued_matches: 0 });
    const rows = byId(readJsonl(join(dir, 'night-2.jsonl')));
    expect(rows.get('p-1')).toMatchObject({
      risk_level: 'NONE',
      matches: [],
      suppressed_matches: [{ entity_id: 'H-1', suppressed_by: decision.id }],
    });
    // Same name, another customer: still a match, and still the one open item.
    expect((rows.get('p-2') as ScreenedRow).matches.map((m) => m.entity_id)).toEqual(['H-1']);
    expect(await batchHits()).toHaveLength(1);
  });

  it('confirms a true match; the next run leaves the closed pair alone', async () => {
    const [item] = await batchHits();
    const suppressedTrueMatch = await decide(item!.subject, {
      outcome: 'TRUE_MATCH',
      reason: 'Same person.',
      suppress: true,
    });
    expect(envelopeOf(suppressedTrueMatch).error_code).toBe('VALIDATION_ERROR');
    const decided = await decide(item!.subject, { outcome: 'TRUE_MATCH', reason: 'Same person.' });
    const decision = ReviewDecision.parse(decided.json());
    expect(decision).toMatchObject({ state: 'CONFIRMED', needs_approval: ['REJECT'], suppress: false });
    expect((await approve(decision.id)).statusCode).toBe(200);
    expect(await batchHits()).toEqual([]);

    h.advance(600_000); // within the reviewers' one-hour tokens
    const third = await nightlyRun('night-3.jsonl');
    expect(third.review).toMatchObject({ queued_items: 0, suppressed_matches: 1 });
    expect(await batchHits()).toEqual([]);
    const listed = DecisionList.parse(
      (
        await h.inject({ method: 'GET', url: '/api/v1/review/decisions?kind=BATCH_HIT', headers: analyst })
      ).json(),
    );
    expect(listed.items.map((d) => [d.state, d.status])).toEqual([
      ['CONFIRMED', 'APPLIED'],
      ['CLEARED', 'APPLIED'],
    ]);
  });

  it('answers a closed, unknown or foreign batch hit and a bad body with the error envelope', async () => {
    const closed = (
      await h.inject({ method: 'GET', url: '/api/v1/review/decisions?kind=BATCH_HIT', headers: analyst })
    ).json<{ items: { subject: string }[] }>().items[0]!.subject;
    const body = { outcome: 'FALSE_POSITIVE', reason: 'Again.' };
    expect(envelopeOf(await decide(closed, body))).toMatchObject({ error_code: 'INVALID_STATE_TRANSITION' });
    expect((await decide('bh_nope', body)).statusCode).toBe(404);
    expect((await decide(closed, body, otherClientAnalyst)).statusCode).toBe(404);
    const noReason = await decide(closed, { outcome: 'FALSE_POSITIVE' });
    expect(noReason.statusCode).toBe(400);
    expect(envelopeOf(noReason).error_code).toBe('VALIDATION_ERROR');
  });
});
