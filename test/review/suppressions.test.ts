import { describe, expect, it } from 'vitest';
import type { Suppression } from '../../src/model/suppression.js';
import { openSuppressions, type ListedEntityState } from '../../src/review/index.js';
import { openMemoryStore } from '../../src/store/memory.js';

const NOW = Date.parse('2026-05-01T10:00:00Z');
const CLIENT = 'cl_a';

function aSuppression(overrides: Partial<Suppression> = {}): Suppression {
  return {
    id: 'sup_1',
    customer_external_id: 'cust-1',
    list: 'house',
    entity_id: 'H-1',
    entity_name: 'Quillon Vexbridge Ormathwaite',
    content_hash: 'hash-1',
    list_version: 'house@1',
    decision_id: 'rvd_1',
    decided_by: 'ana',
    approved_by: 'pablo',
    created_at: NOW,
    status: 'ACTIVE',
    status_changed_at: null,
    revoked_by: null,
    ...overrides,
  };
}

async function aBook(listed: Map<string, ListedEntityState>) {
  const store = openMemoryStore();
  const book = await openSuppressions(
    store.records,
    (list, id) => listed.get(`${list}/${id}`),
    () => NOW,
  );
  const record = book.recordOf(CLIENT, aSuppression());
  await store.records.putAll([record], { handOver: true });
  book.adopt([record]);
  return { store, book };
}

const page = { page: 1, limit: 10 };

describe('suppressions', () => {
  it('finds the decision for the same customer and entity only', async () => {
    const listed = new Map([['house/H-1', { name: 'Q', contentHash: 'hash-1', listVersion: 'house@2' }]]);
    const { book } = await aBook(listed);
    expect(book.find(CLIENT, 'cust-1', 'house', 'H-1')).toBe('rvd_1');
    expect(book.find(CLIENT, 'cust-2', 'house', 'H-1')).toBeNull();
    expect(book.find(CLIENT, 'cust-1', 'house', 'H-2')).toBeNull();
    expect(book.find('cl_b', 'cust-1', 'house', 'H-1')).toBeNull();
  });

  it.each([
    [
      'changed in a list update',
      new Map([['house/H-1', { name: 'Q', contentHash: 'hash-2', listVersion: 'house@2' }]]),
    ],
    ['removed from its list', new Map<string, ListedEntityState>()],
  ])('re-opens a suppression whose entity %s, and writes it', async (_, listed) => {
    const { book, store } = await aBook(listed);
    expect(book.find(CLIENT, 'cust-1', 'house', 'H-1')).toBeNull();
    const listedNow = await book.list(CLIENT, page);
    expect(listedNow.items[0]).toMatchObject({ status: 'REOPENED', status_changed_at: NOW });
    expect((await store.records.get<Suppression>('review_suppressions', CLIENT, 'sup_1'))!.data.status).toBe(
      'REOPENED',
    );
  });

  it('revokes once; a revoked suppression no longer applies', async () => {
    const listed = new Map([['house/H-1', { name: 'Q', contentHash: 'hash-1', listVersion: 'house@1' }]]);
    const { book } = await aBook(listed);
    expect(await book.revoke(CLIENT, 'sup_1', 'pablo')).toMatchObject({
      status: 'REVOKED',
      revoked_by: 'pablo',
    });
    expect(book.find(CLIENT, 'cust-1', 'house', 'H-1')).toBeNull();
    await expect(book.revoke(CLIENT, 'sup_1', 'pablo')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(book.revoke('cl_b', 'sup_1', 'pablo')).rejects.toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
  });

  it('is read back from the store at open', async () => {
    const listed = new Map([['house/H-1', { name: 'Q', contentHash: 'hash-1', listVersion: 'house@1' }]]);
    const { store } = await aBook(listed);
    const reopened = await openSuppressions(
      store.records,
      (list, id) => listed.get(`${list}/${id}`),
      () => NOW,
    );
    expect(reopened.find(CLIENT, 'cust-1', 'house', 'H-1')).toBe('rvd_1');
  });
});
