/**
 * Feeds a client's review queue from a run (issue #30, `--review-queue`). The rows with counted
 * matches come back from the workers and reach the feeder in row order (OrderedWriter); each
 * customer's batch hit is read, extended by what is new (review/queue-batch-hit.ts) and written,
 * many customers per commit. The writer flushes the feeder before every checkpoint, so a resumed
 * run has queued every row before its checkpoint; rows after it are fed again, which adds nothing:
 * their matches are open already.
 */
import { randomUUID } from 'node:crypto';
import { batchHitOf, batchHitRecordOf, queueBatchHit, type FoundRow } from '../review/index.js';
import type { StoredRecord } from '../store/index.js';
import type { BatchStats } from './batch-stats.js';
import { revokedKey, type ReviewPlan } from './review-plan.js';

/** Customers held before a write: one commit of a few hundred KB, without waiting for a checkpoint. */
export const FEED_BATCH = 1_000;

export class BatchHitFeeder {
  readonly #pending = new Map<string, FoundRow>();
  /** Customers this attempt queued matches for: an item extended twice counts once. */
  readonly #queued = new Set<string>();

  constructor(
    private readonly review: ReviewPlan,
    private readonly run: { readonly out: string; readonly portfolio: string },
    private readonly stats: BatchStats,
  ) {}

  /** Rows waiting for the next flush. */
  get pending(): number {
    return this.#pending.size;
  }

  add(rows: readonly FoundRow[]): void {
    for (const row of rows) {
      // A customer on two rows of the portfolio: one batch hit with the matches of both.
      const earlier = this.#pending.get(row.external_id);
      this.#pending.set(
        row.external_id,
        earlier === undefined ? row : { ...earlier, matches: [...earlier.matches, ...row.matches] },
      );
    }
  }

  /** Writes what the pending rows add to the queue, in one commit. */
  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const { records, clientId, revoked } = this.review;
    const now = this.review.now();
    const ctx = {
      run: { ...this.run, at: now },
      now,
      newId: () => `bh_${randomUUID()}`,
      revoked: (decision: string, customer: string, list: string, entity: string) =>
        revoked.has(revokedKey(decision, customer, list, entity)),
    };
    const writes: StoredRecord[] = [];
    const customers: string[] = [];
    let matches = 0;
    for (const row of this.#pending.values()) {
      const queued = queueBatchHit(await batchHitOf(records, clientId, row.external_id), row, ctx);
      if (queued === null) continue;
      writes.push(batchHitRecordOf(clientId, queued.hit));
      customers.push(row.external_id);
      matches += queued.added;
    }
    this.#pending.clear();
    if (writes.length === 0) return;
    await records.putAll(writes, { handOver: true });
    for (const customer of customers) {
      if (this.#queued.has(customer)) continue;
      this.#queued.add(customer);
      this.stats.queuedItems++;
    }
    this.stats.queuedMatches += matches;
  }
}
