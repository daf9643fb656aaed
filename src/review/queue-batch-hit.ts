/**
 * What a batch run adds to a customer's batch hit (model/batch-hit.ts): the matches of its row that
 * are new — no open match of the hit has that listed entity, and no applied decision closed the pair
 * on the entity's present content. A pair whose suppression an approver revoked counts as undecided.
 * Pure: the caller reads the hit and writes the result.
 */
import type { BatchHit, BatchHitMatch, BatchHitRun } from '../model/batch-hit.js';

/** A row's counted match as a run found it: everything but when it was queued. */
export type FoundMatch = Omit<BatchHitMatch, 'queued_at'>;

/** A portfolio row with counted matches. */
export interface FoundRow {
  readonly external_id: string;
  readonly name: string;
  readonly matches: readonly FoundMatch[];
}

export interface QueueContext {
  readonly run: BatchHitRun;
  readonly now: number;
  readonly newId: () => string;
  /** Whether the suppression this decision made for the customer's pair was revoked. */
  readonly revoked: (decisionId: string, customer: string, list: string, entityId: string) => boolean;
}

const samePair = (a: { list: string; entity_id: string }, b: { list: string; entity_id: string }) =>
  a.list === b.list && a.entity_id === b.entity_id;

/**
 * The hit to write, and how many matches it gained; null when the row brings nothing new.
 *
 * @example queueBatchHit(undefined, row, ctx)?.hit.status // 'OPEN'
 */
export function queueBatchHit(
  existing: BatchHit | undefined,
  row: FoundRow,
  ctx: QueueContext,
): { hit: BatchHit; added: number } | null {
  const open = existing?.status === 'OPEN' ? existing.matches : [];
  const decided = existing?.decided ?? [];
  const added: BatchHitMatch[] = [];
  for (const m of row.matches) {
    if (open.some((o) => samePair(o, m)) || added.some((a) => samePair(a, m))) continue;
    const closed = decided.some(
      (d) =>
        samePair(d, m) &&
        d.content_hash === m.content_hash &&
        !ctx.revoked(d.decision_id, row.external_id, m.list, m.entity_id),
    );
    if (!closed) added.push({ ...m, queued_at: ctx.now });
  }
  if (added.length === 0) return null;
  return {
    hit: {
      id: existing?.id ?? ctx.newId(),
      customer_external_id: row.external_id,
      name: row.name,
      status: 'OPEN',
      run: ctx.run,
      opened_at: existing !== undefined && open.length > 0 ? existing.opened_at : ctx.now,
      updated_at: ctx.now,
      matches: [...open, ...added],
      decided: [...decided],
    },
    added: added.length,
  };
}
