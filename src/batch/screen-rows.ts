/**
 * Screens a chunk of portfolio rows: validate each row, search the index, shape the batch result.
 * Pure and synchronous — the worker thread is only a shell around this function, and tests call it
 * directly.
 */
import type { RiskLevel } from '../model/risk.js';
import { highestRiskLevel } from '../model/risk.js';
import { WardenError } from '../model/errors.js';
import type { MatchConfig } from '../names/index.js';
import {
  matchedTermOf,
  prepareIndividualQuery,
  featureBoostOf,
  queryTraitsOf,
  prepareOrganizationQuery,
  riskOfMatch,
  searchEntities,
  type EntityHit,
  type EntityIndex,
  type PreparedQuery,
} from '../screening/index.js';
import type { FoundRow } from '../review/index.js';
import type { BatchMatch, RemovedMatch, RowResult, ScreenedRow } from './batch-result.js';
import { keptAmongFullCandidates } from './narrowed-index.js';
import { validateRow, type PortfolioRow, type ValidRow } from './portfolio-row.js';
import type { RowReview } from './row-review.js';
import { ROW_KIND, rowKindOf, secondaryFieldsOf, type ChunkSourcesCollector } from './row-sources.js';
import { findWalletListings, type WalletListing, type WalletListings } from './wallet-listings.js';

/** A match an earlier run reported to an entity that has since been removed or changed. */
export interface PreviousMatch {
  readonly list: string;
  readonly entity_id: string;
  readonly change: 'removed' | 'changed';
}

export interface ScreenRowsOptions {
  /** Most matches reported per row (default 10). */
  readonly limit?: number;
  /** Listed crypto addresses, for rows with an `address`. */
  readonly wallets?: WalletListings;
  /** Delta runs: by external_id, earlier matches to entities removed or changed since. */
  readonly previous?: ReadonlyMap<string, readonly PreviousMatch[]>;
  /** Full runs: gathers each row's name tokens for the sidecar (row-sources.ts), one per row. */
  readonly sources?: ChunkSourcesCollector;
  /** Runs for a client: its suppressions move matches to `suppressed_matches` (row-review.ts). */
  readonly review?: RowReview;
  /** Runs feeding the review queue: gets each row with counted matches. */
  readonly hits?: FoundRow[];
}

const NO_TOKENS: readonly string[] = [];
const NO_HITS: readonly EntityHit[] = [];
const NO_CLASSES = new Uint8Array(0);

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function toBatchMatch(index: EntityIndex, hit: EntityHit): BatchMatch {
  const indexed = index.entities[hit.entity]!;
  const e = indexed.entity;
  const term = matchedTermOf(index, hit);
  return {
    list: e.list,
    entity_id: e.entity_id,
    entity_type: e.type,
    name: e.name,
    matched_name: term.term,
    matched_name_type: term.type,
    score: round3(hit.score),
    strength: hit.strength,
    categories: indexed.categories,
    programs: e.programs,
    alignments: hit.pairs.map((p) => ({
      query: p.query,
      list: p.candidate,
      signal: p.signal.toUpperCase().replace('-', '_'),
      similarity: round3(p.similarity),
    })),
    // UNKNOWN outcomes (the list has no such field) say nothing and would only lengthen every line.
    features: hit.features
      .filter((f) => f.result !== 'UNKNOWN')
      .map((f) => ({ name: f.name, result: f.result, adjustment: f.adjustment })),
  };
}

function walletMatch(listing: WalletListing): BatchMatch {
  return {
    list: listing.list,
    entity_id: listing.entity_id,
    entity_type: listing.entity_type,
    name: listing.name,
    matched_name: listing.address,
    matched_name_type: 'ADDRESS',
    score: 1,
    strength: 'EXACT',
    categories: listing.categories,
    programs: listing.programs,
    alignments: [],
    features: [],
  };
}

function preparedQueryOf(index: EntityIndex, row: ValidRow): PreparedQuery | null {
  if (row.kind === 'person') return prepareIndividualQuery(index, row.query);
  if (row.kind !== 'company') return null;
  // The organization query wants a country; a portfolio company often has none, so none is compared.
  const prepared = prepareOrganizationQuery(index, { ...row.query, country: row.query.country ?? '' });
  return { ...prepared, country: row.query.country };
}

function riskOf(matches: readonly BatchMatch[], wallet: boolean): RiskLevel {
  // A portfolio address that is itself listed is a direct sanctions hit (DESIGN.md: SEVERE).
  if (wallet && matches.some((m) => m.categories.includes('Sanctions'))) return 'SEVERE';
  return highestRiskLevel(matches.map((m) => riskOfMatch(m.categories, m.strength)));
}

function withdrawn(
  previous: readonly PreviousMatch[] | undefined,
  matches: readonly BatchMatch[],
): RemovedMatch[] | null {
  if (previous === undefined) return null;
  const removed: RemovedMatch[] = [];
  for (const p of previous) {
    if (p.change === 'removed') removed.push({ list: p.list, entity_id: p.entity_id, reason: 'removed' });
    else if (!matches.some((m) => m.list === p.list && m.entity_id === p.entity_id)) {
      removed.push({ list: p.list, entity_id: p.entity_id, reason: 'no_longer_matches' });
    }
  }
  return removed.length > 0 ? removed : null;
}

function screenRow(
  index: EntityIndex,
  row: PortfolioRow,
  cfg: MatchConfig,
  options: ScreenRowsOptions,
): RowResult {
  const valid = validateRow(row);
  if (valid.kind === 'error') {
    options.sources?.add(ROW_KIND.NONE, valid.externalId, NO_TOKENS, NO_CLASSES);
    return { external_id: valid.externalId, error: valid.error };
  }
  let matches: BatchMatch[];
  let hits: readonly EntityHit[] = NO_HITS;
  let queryTokens: readonly string[] = NO_TOKENS;
  if (valid.kind === 'wallet') {
    options.sources?.add(ROW_KIND.ALWAYS, valid.externalId, NO_TOKENS, NO_CLASSES);
    try {
      matches = findWalletListings(options.wallets ?? new Map(), valid.address, valid.network).map(
        walletMatch,
      );
    } catch (e) {
      if (e instanceof WardenError) return { external_id: valid.externalId, error: e.message };
      throw e;
    }
  } else {
    const q = preparedQueryOf(index, valid)!;
    options.sources?.add(
      rowKindOf(valid),
      valid.externalId,
      q.name.tokens,
      q.name.classes,
      secondaryFieldsOf(featureBoostOf(q), queryTraitsOf(q)),
    );
    hits = keptAmongFullCandidates(index, q)
      ? searchEntities(index, q, { cfg, limit: options.limit ?? 10 })
      : NO_HITS;
    queryTokens = q.name.tokens;
    matches = hits.map((hit) => toBatchMatch(index, hit));
  }
  // A suppressed match still counts as found for a delta run's withdrawals; not for the risk.
  const split = matches.length === 0 ? null : (options.review?.split(valid.externalId, matches) ?? null);
  const counted = split === null ? matches : split.counted;
  const risk_level = riskOf(counted, valid.kind === 'wallet');
  const removed = withdrawn(options.previous?.get(valid.externalId), matches);
  if (options.hits !== undefined && options.review !== undefined && counted.length > 0) {
    const name = valid.kind === 'wallet' ? valid.address : (row.full_name ?? '').trim();
    options.hits.push(
      options.review.foundRow({ kind: valid.kind, externalId: valid.externalId, name }, counted, {
        index,
        tokens: queryTokens,
        hitOf: (m) => hits[matches.indexOf(m)],
      }),
    );
  }
  const base = { external_id: valid.externalId, risk_level, matches: counted };
  const kept: ScreenedRow = split === null ? base : { ...base, suppressed_matches: split.suppressed };
  const result: ScreenedRow = removed === null ? kept : { ...kept, removed_matches: removed };
  return valid.kind !== 'wallet' && valid.warnings.length > 0
    ? { ...result, warnings: valid.warnings }
    : result;
}

/**
 * One result per row, in row order: matches highest score first, or an error line.
 *
 * @example screenRows(index, [rowOf({ external_id: 'c-1', full_name: 'MADURO MOROS, Nicolas' })], DEFAULT_MATCH_CONFIG)
 */
export function screenRows(
  index: EntityIndex,
  rows: readonly PortfolioRow[],
  cfg: MatchConfig,
  options: ScreenRowsOptions = {},
): RowResult[] {
  return rows.map((row) => screenRow(index, row, cfg, options));
}
