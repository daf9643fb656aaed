/**
 * What an applied decision does to a batch hit: it closes the matches that were queued when the
 * reviewer decided — a run may have added some while the decision waited for its approver, and
 * nobody has looked at those yet, so they stay open — and records each closed pair with the
 * entity's content hash, so runs leave it alone until the entity changes. Pure.
 */
import type { BatchHit, BatchHitMatch, DecidedPair } from '../model/batch-hit.js';
import type { ReviewDecision } from '../model/review-decision.js';

export function closeBatchHit(
  hit: BatchHit,
  decision: ReviewDecision,
  now: number,
): { hit: BatchHit; closed: BatchHitMatch[] } {
  const closed = hit.matches.filter((m) => m.queued_at <= decision.decided_at);
  const left = hit.matches.filter((m) => m.queued_at > decision.decided_at);
  const pairs: DecidedPair[] = closed.map((m) => ({
    list: m.list,
    entity_id: m.entity_id,
    content_hash: m.content_hash,
    decision_id: decision.id,
    outcome: decision.outcome,
    decided_at: now,
  }));
  const isClosed = (d: DecidedPair) => closed.some((m) => m.list === d.list && m.entity_id === d.entity_id);
  return {
    hit: {
      ...hit,
      status: left.length > 0 ? 'OPEN' : decision.state === 'CONFIRMED' ? 'CONFIRMED' : 'CLEARED',
      updated_at: now,
      matches: left,
      // The latest decision on a pair is the one that counts.
      decided: [...hit.decided.filter((d) => !isClosed(d)), ...pairs],
    },
    closed,
  };
}
