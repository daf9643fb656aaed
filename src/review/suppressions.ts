/**
 * Suppressions of decided false positives (collection "review_suppressions", kept in memory: one per
 * approved pair of customer and listed entity, a human-scale number). Screening asks `find` for
 * every match of a transaction participant; a suppression whose listed entity has changed (another
 * content hash) or left its list is re-opened there, lazily, on the first screening that meets it,
 * and when the suppressions are listed — the list reload itself stays as fast as before.
 */
import { WardenError } from '../model/errors.js';
import { pageOf, type PageQuery } from '../model/page.js';
import { Suppression, type SuppressionList, type SuppressionStatus } from '../model/suppression.js';
import { ResidentRecords } from '../store/resident-records.js';
import type { RecordStore, StoredRecord } from '../store/store.js';

export const SUPPRESSIONS_COLLECTION = 'review_suppressions';

/** The current state of a listed entity, or undefined when no active list holds it. */
export interface ListedEntityState {
  readonly name: string;
  readonly contentHash: string;
  readonly listVersion: string | null;
}
export type ListedEntityLookup = (list: string, entityId: string) => ListedEntityState | undefined;

const pairKey = (customer: string, list: string, entityId: string) =>
  `${customer}\u0000${list}\u0000${entityId}`;

export async function openSuppressions(
  records: RecordStore,
  lookup: ListedEntityLookup,
  now: () => number,
): Promise<Suppressions> {
  return new Suppressions(await ResidentRecords.open(records, [SUPPRESSIONS_COLLECTION]), lookup, now);
}

export class Suppressions {
  /** client → pair → the active suppression's id; rebuilt from the records on change. */
  readonly #active = new Map<string, Map<string, string>>();

  constructor(
    private readonly records: ResidentRecords,
    private readonly lookup: ListedEntityLookup,
    private readonly now: () => number,
  ) {
    for (const record of records.list<Suppression>(SUPPRESSIONS_COLLECTION)) this.#index(record);
  }

  /** The listed entity's state now (for recording a new suppression). */
  entityState(list: string, entityId: string): ListedEntityState | undefined {
    return this.lookup(list, entityId);
  }

  /**
   * The id of the decision that suppressed this customer's alert on this listed entity, or null.
   * Re-opens (and writes, in the background) a suppression whose entity changed or left its list.
   */
  find(clientId: string, customer: string, list: string, entityId: string): string | null {
    const id = this.#active.get(clientId)?.get(pairKey(customer, list, entityId));
    if (id === undefined) return null;
    const suppression = this.#get(clientId, id);
    if (suppression === undefined) return null;
    if (this.#stillHolds(suppression)) return suppression.decision_id;
    // A failed write leaves it in memory as re-opened; the next start re-opens it again.
    this.#changeStatus(clientId, suppression, 'REOPENED', null).catch(() => undefined);
    return null;
  }

  /** Records the new suppression (one commit with the decision: see ReviewService). */
  recordOf(clientId: string, suppression: Suppression): StoredRecord<Suppression> {
    return {
      collection: SUPPRESSIONS_COLLECTION,
      id: suppression.id,
      client_id: clientId,
      key: null,
      created_at: suppression.created_at,
      updated_at: suppression.status_changed_at ?? suppression.created_at,
      tag: suppression.status,
      data: suppression,
    };
  }

  /** Makes suppressions written in another commit (the decision's) known here. */
  adopt(records: readonly StoredRecord<Suppression>[]): void {
    this.records.adopt(records);
    for (const record of records) this.#index(record);
  }

  /** The client's suppressions, newest first, their status brought up to date with the lists. */
  async list(clientId: string, query: PageQuery & { status?: SuppressionStatus }): Promise<SuppressionList> {
    for (const record of this.records.list<Suppression>(SUPPRESSIONS_COLLECTION, clientId)) {
      const s = record.data;
      if (s.status === 'ACTIVE' && !this.#stillHolds(s))
        await this.#changeStatus(clientId, s, 'REOPENED', null);
    }
    const all = this.records
      .list<Suppression>(SUPPRESSIONS_COLLECTION, clientId)
      .map((r) => r.data)
      .filter((s) => query.status === undefined || s.status === query.status)
      .reverse();
    return pageOf(Suppression).parse({
      items: all.slice((query.page - 1) * query.limit, query.page * query.limit),
      totalItems: all.length,
      page: query.page,
      totalPages: Math.ceil(all.length / query.limit),
    });
  }

  /** Withdraws a suppression: the customer's alerts on that entity count again. */
  async revoke(clientId: string, id: string, by: string): Promise<Suppression> {
    const suppression = this.#get(clientId, id);
    if (suppression === undefined) {
      throw new WardenError('RESOURCE_NOT_FOUND', `No suppression has the id ${JSON.stringify(id)}.`);
    }
    if (suppression.status === 'REVOKED') {
      throw new WardenError('CONFLICT', `Suppression ${JSON.stringify(id)} is already revoked.`);
    }
    return this.#changeStatus(clientId, suppression, 'REVOKED', by);
  }

  #stillHolds(s: Suppression): boolean {
    return this.lookup(s.list, s.entity_id)?.contentHash === s.content_hash;
  }

  #get(clientId: string, id: string): Suppression | undefined {
    return this.records.get<Suppression>(SUPPRESSIONS_COLLECTION, clientId, id)?.data;
  }

  async #changeStatus(
    clientId: string,
    s: Suppression,
    status: SuppressionStatus,
    by: string | null,
  ): Promise<Suppression> {
    const next: Suppression = { ...s, status, status_changed_at: this.now(), revoked_by: by };
    const record = this.recordOf(clientId, next);
    // Out of the index first, so screenings meanwhile no longer skip the alert.
    this.#index(record);
    await this.records.put(record, { handOver: true });
    return next;
  }

  #index(record: StoredRecord<Suppression>): void {
    const s = record.data;
    let pairs = this.#active.get(record.client_id);
    if (pairs === undefined) this.#active.set(record.client_id, (pairs = new Map()));
    const key = pairKey(s.customer_external_id, s.list, s.entity_id);
    if (s.status === 'ACTIVE') pairs.set(key, s.id);
    else if (pairs.get(key) === s.id) pairs.delete(key);
  }
}
