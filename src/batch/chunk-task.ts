/**
 * What one worker does with one chunk of rows, independent of the thread it runs on: screen, count,
 * and encode for the sink — encoding in the worker keeps the main thread free to read and write.
 * The worker thread (worker.ts) and the in-process mode (`workers: 0`) both call `screenChunk`.
 */
import type { Entity } from '../model/entity.js';
import type { MatchConfig } from '../names/index.js';
import { buildEntityIndex, type EntityIndex } from '../screening/index.js';
import { addResults, emptyStats, type BatchStats } from './batch-stats.js';
import { entityKey, narrowIndex } from './narrowed-index.js';
import type { PortfolioRow } from './portfolio-row.js';
import { encodeCsv, encodeJsonl, recordsOf, type ResultRecord } from './result-records.js';
import { screenRows, type PreviousMatch } from './screen-rows.js';
import { buildWalletListings, type WalletListings } from './wallet-listings.js';

/** How results travel back: text for the file sinks, records for the DuckDB sink. */
export type ChunkEncoding = 'jsonl' | 'csv' | 'records';

/** Handed to every worker once, at start (piscina workerData). */
export interface WorkerSetup {
  /**
   * JSON of the Entity[] to index. Measured with OFAC SDN (10.7 MB of JSON, 2 workers): a string in
   * workerData reaches both workers in ~0 ms and parses in ~250 ms; a SharedArrayBuffer of the same
   * bytes saves nothing (encode + decode add 15–30 ms), so the plain string it is.
   */
  readonly entitiesJson: string;
  readonly cfg: MatchConfig;
  readonly limit: number;
  readonly encoding: ChunkEncoding;
  /** Delta runs: earlier matches to removed or changed entities, by external_id. */
  readonly previous: readonly (readonly [string, readonly PreviousMatch[]])[];
  /** Delta runs: the "list:entity_id" of the entities to screen against (all are indexed, for IDF). */
  readonly only: readonly string[] | null;
}

export interface ChunkTask {
  /** Ordinal of the chunk's first row in the portfolio (0-based, header excluded). */
  readonly first: number;
  readonly rows: readonly PortfolioRow[];
}

export interface ChunkOutput {
  readonly first: number;
  readonly count: number;
  /** UTF-8 text for jsonl / csv. */
  readonly bytes: Uint8Array | null;
  /** `results` table records (row ordinal first) for duckdb. */
  readonly records: ResultRecord[] | null;
  readonly stats: BatchStats;
}

/** A worker's state: the index it built once from its WorkerSetup. */
export interface ScreeningState {
  readonly setup: Omit<WorkerSetup, 'entitiesJson'>;
  readonly index: EntityIndex;
  readonly wallets: WalletListings;
  readonly previous: ReadonlyMap<string, readonly PreviousMatch[]>;
}

export function prepareScreening(setup: WorkerSetup): ScreeningState {
  const entities = JSON.parse(setup.entitiesJson) as Entity[];
  const { entitiesJson: _json, ...rest } = setup;
  const index = buildEntityIndex(entities);
  if (setup.only === null) {
    return { setup: rest, index, wallets: buildWalletListings(entities), previous: new Map(setup.previous) };
  }
  const only = new Set(setup.only);
  return {
    setup: rest,
    index: narrowIndex(index, only),
    wallets: buildWalletListings(entities.filter((e) => only.has(entityKey(e.list, e.entity_id)))),
    previous: new Map(setup.previous),
  };
}

const encoder = new TextEncoder();

export function screenChunk(state: ScreeningState, task: ChunkTask): ChunkOutput {
  const { cfg, limit, encoding } = state.setup;
  const results = screenRows(state.index, task.rows, cfg, {
    limit,
    wallets: state.wallets,
    previous: state.previous,
  });
  const stats = addResults(
    emptyStats(),
    results,
    task.rows.map((r) => r.full_name ?? r.address),
  );
  const base = { first: task.first, count: task.rows.length, stats };
  if (encoding === 'records') return { ...base, bytes: null, records: recordsOf(results, task.first) };
  const text = encoding === 'jsonl' ? encodeJsonl(results) : encodeCsv(results);
  return { ...base, bytes: encoder.encode(text), records: null };
}
