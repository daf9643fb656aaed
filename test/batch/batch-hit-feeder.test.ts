/** A run feeding the client's review queue: one batch hit per customer, new matches only (issue #30). */
import { describe, expect, it } from 'vitest';
import { BatchHitFeeder } from '../../src/batch/batch-hit-feeder.js';
import { emptyStats } from '../../src/batch/batch-stats.js';
import { planReview } from '../../src/batch/review-plan.js';
import { openClientRegistry } from '../../src/clients/index.js';
import type { BatchHit } from '../../src/model/batch-hit.js';
import { BATCH_HITS_COLLECTION, type FoundRow } from '../../src/review/index.js';
import { openMemoryStore } from '../../src/store/memory.js';
import type { Store } from '../../src/store/index.js';
import { aFoundMatch } from '../support/factories.js';

const NOW = Date.parse('2026-05-01T10:00:00Z');
const RUN = { out: '/runs/night.jsonl', portfolio: 'portfolio.csv' };

const rowOf = (customer: string, ...entities: string[]): FoundRow => ({
  external_id: customer,
  name: `Customer ${customer}`,
  matches: entities.map((entity_id) => aFoundMatch({ customer_external_id: customer, entity_id })),
});

async function aFeeder(store: Store, clientId: string, now = NOW) {
  const stats = emptyStats();
  const plan = await planReview({ clientId, feedQueue: true, now: () => now }, store.records, []);
  return { stats, feeder: new BatchHitFeeder(plan, RUN, stats) };
}

async function hitsOf(store: Store, clientId: string): Promise<BatchHit[]> {
  return (await store.records.list<BatchHit>(BATCH_HITS_COLLECTION, clientId)).map((r) => r.data);
}

describe('BatchHitFeeder', () => {
  it('writes one open batch hit per customer, keyed by its external_id, and counts what it queued', async () => {
    const store = openMemoryStore();
    const { client_id } = await (
      await openClientRegistry(store.records, { now: NOW })
    ).createClient({
      name: 'Acme',
      now: NOW,
    });
    const { feeder, stats } = await aFeeder(store, client_id);
    // c-1 on two rows of the portfolio: one hit with the matches of both.
    feeder.add([rowOf('c-1', 'W-1'), rowOf('c-2', 'W-1', 'W-2')]);
    feeder.add([rowOf('c-1', 'W-3')]);
    expect(feeder.pending).toBe(2);
    await feeder.flush();
    expect(feeder.pending).toBe(0);

    const hits = await hitsOf(store, client_id);
    expect(hits.map((h) => [h.customer_external_id, h.status, h.matches.map((m) => m.entity_id)])).toEqual([
      ['c-1', 'OPEN', ['W-1', 'W-3']],
      ['c-2', 'OPEN', ['W-1', 'W-2']],
    ]);
    expect(hits[0]).toMatchObject({ run: { ...RUN, at: NOW }, opened_at: NOW });
    expect(store.records.entryByKey(BATCH_HITS_COLLECTION, client_id, 'c-2')).toMatchObject({
      id: hits[1]!.id,
      tag: 'OPEN',
    });
    expect(stats).toMatchObject({ queuedItems: 2, queuedMatches: 4 });

    // The next night: the same matches add nothing; a new one extends c-2's hit.
    const next = await aFeeder(store, client_id, NOW + 86_400_000);
    next.feeder.add([rowOf('c-1', 'W-1', 'W-3'), rowOf('c-2', 'W-1', 'W-4')]);
    await next.feeder.flush();
    const after = await hitsOf(store, client_id);
    expect(after.find((h) => h.customer_external_id === 'c-2')).toMatchObject({
      id: hits[1]!.id,
      opened_at: NOW,
      updated_at: NOW + 86_400_000,
    });
    expect(after.find((h) => h.customer_external_id === 'c-2')!.matches.map((m) => m.entity_id)).toEqual([
      'W-1',
      'W-2',
      'W-4',
    ]);
    expect(next.stats).toMatchObject({ queuedItems: 1, queuedMatches: 1 });
    // Another client's queue is untouched.
    expect(await hitsOf(store, 'someone-else')).toEqual([]);
  });

  it('refuses a client the store does not have', async () => {
    const store = openMemoryStore();
    await expect(planReview({ clientId: 'nobody' }, store.records, [])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('No client has the id "nobody"'),
    });
    await expect(planReview({ clientId: 'nobody' }, undefined, [])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
