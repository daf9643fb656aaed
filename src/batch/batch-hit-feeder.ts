/**
 * Feeds a client's review queue from a run (issue #30, `--review-queue`). The rows with counted
 * matches come back from the workers and reach the feeder in row order (OrderedWriter); each
 * customer's batch hit is read, extended by what is new (review/queue-batch-hit.ts) and written,
 * many customers per commit, one commit after another (two at once could both extend one hit).
 * The writer starts a flush without waiting once enough customers are pending, so the store writes
 * while the run screens on, and waits for every flush before each checkpoint: a resumed run has
 * queued every row before its checkpoint; rows after it are fed again, which adds nothing, their
 * matches being open already.
 */
import { randomUUID } from 'node:crypto';
import { batchHitOf, batchHitRecordOf, queueBatchHit, type FoundRow } from '../review/index.js';
import type { StoredRecord } from '../store/index.js';
import type { BatchStats } from './batch-stats.js';
import type { HitSink } from './ordered-writer.js';
import { revokedKey, type ReviewPlan } from './review-plan.js';

/** Customers held before a write: one commit of a few hundred KB, without waiting for a checkpoint. */
export const FEED_BATCH = 1_000;

export class BatchHitFeeder implements HitSink {
  readonly flushAt = FEED_BATCH;
  readonly #pending = new Map<string, FoundRow>();
  /** Customers this attempt queued matches for: an item extended twice counts once. */
  readonly #queued = new Set<string>();
  /** The flushes, one after another; a failed one fails every later flush (and so the checkpoint). */
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly review: ReviewPlan,
    /** The run's OUT and portfolio (its options will do). */
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

  /** Writes what the pending rows add, in one commit after the earlier ones; resolves once all are in. */
  flush(): Promise<void> {
    if (this.#pending.size > 0) {
      const rows = [...this.#pending.values()];
      this.#pending.clear();
      this.#writing = this.#writing.then(() => this.#write(rows));
    }
    return this.#writing;
  }

  async #write(rows: readonly FoundRow[]): Promise<void> {
    const { records, clientId, revoked } = this.review;
    const now = this.review.now();
    const ctx = {
      run: { out: this.run.out, portfolio: this.run.portfolio, at: now },
      now,
      newId: () => `bh_${randomUUID()}`,
      revoked: (decision: string, customer: string, list: string, entity: string) =>
        revoked.has(revokedKey(decision, customer, list, entity)),
    };
    const writes: StoredRecord[] = [];
    const customers: string[] = [];
    let matches = 0;
    for (const row of rows) {
      const queued = queueBatchHit(await batchHitOf(records, clientId, row.external_id), row, ctx);
      if (queued === null) continue;
      writes.push(batchHitRecordOf(clientId, queued.hit));
      customers.push(row.external_id);
      matches += queued.added;
    }
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
