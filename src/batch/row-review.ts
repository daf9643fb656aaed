/**
 * The review side of a run for a client (issue #30), in each worker: which matches of a row the
 * client's suppressions leave out, and — when the run feeds the review queue — each row's counted
 * matches in the queue's shape, with the listed entity's content hash. A suppression holds while its
 * entity's content hash is the one recorded with it: each worker checks that once, at setup, against
 * the entities it screens with (a handful of hashes: people decide suppressions). Pure and sync.
 */
import { entityContentHash } from '../lists/content-hash.js';
import type { Entity } from '../model/entity.js';
import type { Suppression } from '../model/suppression.js';
import type { FoundMatch, FoundRow } from '../review/index.js';
import { toMatchObject, type EntityHit, type EntityIndex } from '../screening/index.js';
import type { BatchMatch, SuppressedMatch } from './batch-result.js';
import { entityKey } from './narrowed-index.js';

export type SuppressedPair = Pick<
  Suppression,
  'customer_external_id' | 'list' | 'entity_id' | 'decision_id' | 'content_hash'
>;

/** What a worker of a client's run is handed (WorkerSetup.review). */
export interface ReviewSetup {
  /** The client's active suppressions, as the store holds them. */
  readonly suppressions: readonly SuppressedPair[];
  /** Whether rows with counted matches go back to the main thread for the review queue. */
  readonly collectHits: boolean;
  /** The version screened against, by list: each queued match records its own. */
  readonly listVersions: Readonly<Record<string, string>>;
}

/** A row's matches split by the suppressions. */
export interface SplitMatches {
  readonly counted: readonly BatchMatch[];
  readonly suppressed: readonly SuppressedMatch[];
}

/** How a portfolio row relates to the name screened, in QueueMatch.relation's words. */
const RELATION = { person: 'natural_person', company: 'company', wallet: 'wallet_address' } as const;

const pairKey = (customer: string, list: string, entityId: string) =>
  `${customer}\u0000${list}\u0000${entityId}`;

export class RowReview {
  /** customer + list + entity → the decision that suppressed it, for suppressions that still hold. */
  readonly #suppressedBy = new Map<string, string>();
  /** Customers with a holding suppression: most rows are answered by this set alone. */
  readonly #customers = new Set<string>();
  readonly #entities: readonly Entity[];
  #byKey: Map<string, Entity> | null = null;
  readonly #hashes = new Map<string, string | null>();

  constructor(
    readonly setup: ReviewSetup,
    entities: readonly Entity[],
  ) {
    this.#entities = entities;
    for (const s of setup.suppressions) {
      // An entity changed since the decision (or gone) re-opens the question: its match counts.
      if (this.hashOf(s.list, s.entity_id) !== s.content_hash) continue;
      this.#suppressedBy.set(pairKey(s.customer_external_id, s.list, s.entity_id), s.decision_id);
      this.#customers.add(s.customer_external_id);
    }
  }

  /** How many of the suppressions given still hold (their entity unchanged). */
  get holding(): number {
    return this.#suppressedBy.size;
  }

  /** The entity's content hash now, or null when the lists screened against do not hold it. */
  hashOf(list: string, entityId: string): string | null {
    const key = entityKey(list, entityId);
    let hash = this.#hashes.get(key);
    if (hash !== undefined) return hash;
    if (this.#byKey === null) {
      this.#byKey = new Map();
      for (const e of this.#entities) this.#byKey.set(entityKey(e.list, e.entity_id), e);
    }
    const entity = this.#byKey.get(key);
    hash = entity === undefined ? null : entityContentHash(entity);
    this.#hashes.set(key, hash);
    return hash;
  }

  /** The row's matches split by the suppressions; null when none of them is suppressed. */
  split(customer: string, matches: readonly BatchMatch[]): SplitMatches | null {
    if (!this.#customers.has(customer)) return null;
    const counted: BatchMatch[] = [];
    const suppressed: SuppressedMatch[] = [];
    for (const m of matches) {
      const by = this.#suppressedBy.get(pairKey(customer, m.list, m.entity_id));
      if (by === undefined) counted.push(m);
      else suppressed.push({ ...m, suppressed_by: by });
    }
    return suppressed.length === 0 ? null : { counted, suppressed };
  }

  /**
   * A row's counted matches for the review queue. `hitOf` gives the search hit behind a name
   * match, whose explanation and secondary fields the queue shows as it does for transactions.
   */
  foundRow(
    row: { readonly kind: keyof typeof RELATION; readonly externalId: string; readonly name: string },
    counted: readonly BatchMatch[],
    detail: {
      readonly index: EntityIndex;
      readonly tokens: readonly string[];
      hitOf(m: BatchMatch): EntityHit | undefined;
    } | null,
  ): FoundRow {
    const matches = counted.map((m): FoundMatch => {
      const hit = detail?.hitOf(m);
      const shown =
        hit === undefined || detail === null ? null : toMatchObject(detail.index, hit, detail.tokens, '', 0);
      return {
        participant: 'PORTFOLIO_ROW',
        customer_external_id: row.externalId,
        query_name: row.name,
        relation: RELATION[row.kind],
        list: m.list,
        entity_id: m.entity_id,
        listed_name: m.name,
        strength: m.strength,
        score: m.score,
        categories: [...m.categories],
        programs: [...m.programs],
        list_version: this.setup.listVersions[m.list] ?? null,
        secondary_fields: shown?.secondaryFieldResults ?? [],
        explanation: shown?.explanation ?? null,
        suppressed_by: null,
        content_hash: this.hashOf(m.list, m.entity_id) ?? '',
      };
    });
    return { external_id: row.externalId, name: row.name, matches };
  }
}
