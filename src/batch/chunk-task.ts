/**
 * What one worker does with one chunk of rows, independent of the thread it runs on: split the raw
 * CSV records, screen, count, encode for the sink, and on full runs gather each row's retrieval
 * sources for the sidecar — work done here keeps the main thread free to read and write.
 * The worker thread (worker.ts) and the in-process mode (`workers: 0`) both call `screenChunk`.
 */
import type { Entity } from '../model/entity.js';
import type { MatchConfig } from '../names/index.js';
import type { FoundRow } from '../review/index.js';
import { buildEntityIndex, type EntityIndex } from '../screening/index.js';
import {
  restoreEntityIndex,
  restoreNarrowedIndex,
  snapshotEntityIndex,
} from '../screening/index-snapshot.js';
import { addResults, emptyStats, type BatchStats } from './batch-stats.js';
import { entityKey, narrowIndex } from './narrowed-index.js';
import { ChunkSourcesCollector, SentSources, type ChunkRowSources } from './row-sources.js';
import { encodeCsv, encodeJsonl, recordsOf, type ResultRecord } from './result-records.js';
import { RowGate, selectRows, SourceTable, type RowsSlice } from './row-gate.js';
import { RowReview, type ReviewSetup } from './row-review.js';
import { screenRows, type PreviousMatch } from './screen-rows.js';
import { rowOfInput, type CsvLayout, type RowInput } from './sources/csv-record.js';
import { buildWalletListings, type WalletListings } from './wallet-listings.js';

/** How results travel back: text for the file sinks, records for the DuckDB sink. */
export type ChunkEncoding = 'jsonl' | 'csv' | 'records';

/**
 * The lists every worker indexes, handed over as soon as the plan has read them, so the workers
 * build their index while the rest of the run is planned (setup-channel.ts): the JSON of the
 * Entity[], and their index's snapshot when an earlier run left one (index-cache.ts). Measured with
 * OFAC SDN (10.7 MB of JSON, 2 workers): the string reaches a worker ~25 ms after it is sent and
 * parses in ~250 ms; a SharedArrayBuffer of the same bytes saves nothing (encode + decode add
 * 15–30 ms), so the plain string it is. The snapshot is a SharedArrayBuffer's: every worker reads
 * the same bytes.
 */
export interface ListsSetup {
  /** Null when a delta run gives its snapshot: a worker asks for it only if the snapshot fails it. */
  readonly json: string | null;
  readonly snapshot: Uint8Array | null;
  /**
   * Delta runs: the JSON of the entities they screen against. With a snapshot, a worker restores
   * the index narrowed to them (restoreNarrowedIndex) and never parses `json`.
   */
  readonly onlyJson: string | null;
}

/**
 * The lists a worker screens against, indexed: every entity (delta runs too, for token weights), or
 * a delta run's index restored narrowed, with only its entities.
 */
export interface IndexedLists {
  readonly entities: readonly Entity[];
  readonly index: EntityIndex;
  /** True when the index was built here, false when it was restored from a snapshot. */
  readonly built: boolean;
}

/** Handed to every worker once, when the run is planned (setup-channel.ts). */
export interface WorkerSetup {
  readonly cfg: MatchConfig;
  readonly limit: number;
  readonly encoding: ChunkEncoding;
  /** Delta runs: earlier matches to removed or changed entities, by external_id. */
  readonly previous: readonly (readonly [string, readonly PreviousMatch[]])[];
  /** Delta runs: the "list:entity_id" of the entities to screen against (all are indexed, for IDF). */
  readonly only: readonly string[] | null;
  /** How to split the raw CSV records a CSV source hands out (null for other sources). */
  readonly csv: CsvLayout | null;
  /** Full runs: return each row's name tokens, for the sidecar a later delta run reads. */
  readonly recordSources: boolean;
  /**
   * Delta runs with a trusted sidecar: its token strings, and the external_id hashes of the rows
   * with earlier matches to withdraw, for the row gate (selectSlice).
   */
  readonly gate: { readonly strings: string; readonly withdrawals: readonly number[] } | null;
  /** Runs for a client (issue #30): its suppressions, and whether rows go to its review queue. */
  readonly review: ReviewSetup | null;
}

/** A delta run's gate task: which rows of a slice of the sidecar to screen (row-gate.ts). */
export type SelectTask = RowsSlice;

export interface SelectOutput {
  /** Per row of the slice, 1 when it is screened. */
  readonly selected: Uint8Array;
}

export interface ChunkTask {
  /** Ordinal of the first portfolio row the chunk covers (0-based, header excluded). */
  readonly first: number;
  /** Portfolio rows covered: all of them are in `rows`, unless a delta run skipped some. */
  readonly count: number;
  readonly rows: readonly RowInput[];
  /** Ordinal of each row of `rows`; null when they are rows first..first+count-1. */
  readonly ordinals: readonly number[] | null;
  /**
   * Full runs: the output the chunk's token strings must stand in, when not the whole run's. A
   * worker sends a string once per scope, so a distributed run's shard (src/distributed/), which
   * is written alone and may be screened twice, names its attempt here and carries every string
   * its rows use. Unset: one scope, the run.
   */
  readonly sourcesScope?: string;
}

export interface ChunkOutput {
  /** The ordinals covered, [first, first + count), whether or not each row was screened. */
  readonly first: number;
  readonly count: number;
  /** UTF-8 text for jsonl / csv. */
  readonly bytes: Uint8Array | null;
  /** `results` table records (row ordinal first) for duckdb. */
  readonly records: ResultRecord[] | null;
  readonly stats: BatchStats;
  /** Full runs: the rows' name tokens, for the sidecar. */
  readonly sources: ChunkRowSources | null;
  /** Runs feeding the review queue: the rows with counted matches. */
  readonly hits: FoundRow[] | null;
}

/** A worker's state: its index, narrowed as its WorkerSetup says. */
export interface ScreeningState {
  readonly setup: Omit<WorkerSetup, 'gate' | 'review'>;
  readonly index: EntityIndex;
  /** The index of every entity, `index` before a delta run narrows it (unless it was restored narrowed). */
  readonly full: EntityIndex;
  readonly built: boolean;
  readonly wallets: WalletListings;
  readonly previous: ReadonlyMap<string, readonly PreviousMatch[]>;
  /** Token hashes whose strings this worker already sent for the sidecar, in the current scope. */
  readonly sent: { scope: string | undefined; strings: SentSources };
  /** Delta runs with a sidecar: the row gate (its per-token work shared by every slice). */
  readonly gate: { readonly rows: RowGate; readonly withdrawals: ReadonlySet<number> } | null;
  /** Runs for a client: its suppressions that still hold, and the queue's view of a match. */
  readonly review: RowReview | null;
}

/** A delta run's index restored from the snapshot narrowed to its entities, or null when it cannot be. */
export function restoreNarrowed({ snapshot, onlyJson }: ListsSetup): IndexedLists | null {
  if (snapshot === null || onlyJson === null) return null;
  const entities = JSON.parse(onlyJson) as Entity[];
  try {
    return { entities, index: restoreNarrowedIndex(snapshot, entities), built: false };
  } catch {
    return null; // restored whole or built by indexLists, then narrowed (prepareScreening)
  }
}

/**
 * Parses the lists and restores their index from its snapshot, or builds it (the longest part of a
 * worker's start) when there is none or it cannot be read: a damaged file costs time, not results.
 */
export function indexLists(setup: ListsSetup & { readonly json: string }): IndexedLists {
  return restoreNarrowed(setup) ?? indexWhole(setup);
}

/** The whole index, restored from the snapshot or built from the lists' JSON. */
export function indexWhole({ json, snapshot }: ListsSetup & { readonly json: string }): IndexedLists {
  const entities = JSON.parse(json) as Entity[];
  if (snapshot !== null) {
    try {
      return { entities, index: restoreEntityIndex(snapshot, entities), built: false };
    } catch {
      // Built below, as if there were no snapshot; the run then replaces it (snapshotIndex).
    }
  }
  return { entities, index: buildEntityIndex(entities), built: true };
}

/**
 * The snapshot of a worker's whole index (a delta run screens with a narrowed one) when the worker
 * built it; null when it restored it from a snapshot, which is then the same.
 */
export const snapshotIndex = (state: ScreeningState): Uint8Array | null =>
  state.built ? snapshotEntityIndex(state.full) : null;

export function prepareScreening(
  { entities, index: full, built }: IndexedLists,
  setup: WorkerSetup,
): ScreeningState {
  const { gate, review, ...rest } = setup;
  const only = setup.only === null ? null : new Set(setup.only);
  const index = only === null || full.keep !== undefined ? full : narrowIndex(full, only);
  return {
    setup: rest,
    index,
    full,
    built,
    gate:
      gate === null
        ? null
        : {
            rows: new RowGate(index, setup.cfg, new SourceTable(gate.strings)),
            withdrawals: new Set(gate.withdrawals),
          },
    wallets: buildWalletListings(
      only === null ? entities : entities.filter((e) => only.has(entityKey(e.list, e.entity_id))),
    ),
    previous: new Map(setup.previous),
    sent: { scope: undefined, strings: new SentSources() },
    review: review === null ? null : new RowReview(review, entities),
  };
}

/** A delta run's gate task (the sidecar's per-token work is kept for the next slices). */
export function selectSlice(state: ScreeningState, task: SelectTask): SelectOutput {
  if (state.gate === null) throw new Error('A gate task reached a worker set up without a sidecar.');
  return { selected: selectRows(state.gate.rows, task, state.gate.withdrawals) };
}

const encoder = new TextEncoder();

export function screenChunk(state: ScreeningState, task: ChunkTask): ChunkOutput {
  const { cfg, limit, encoding, csv, recordSources } = state.setup;
  const rows = task.rows.map((input) => rowOfInput(input, csv));
  if (recordSources && task.sourcesScope !== state.sent.scope) {
    state.sent.scope = task.sourcesScope;
    state.sent.strings = new SentSources();
  }
  const collector = recordSources ? new ChunkSourcesCollector(rows.length, state.sent.strings) : undefined;
  const hits: FoundRow[] | null = state.review?.setup.collectHits ? [] : null;
  const results = screenRows(state.index, rows, cfg, {
    limit,
    wallets: state.wallets,
    previous: state.previous,
    ...(collector === undefined ? {} : { sources: collector }),
    ...(state.review === null ? {} : { review: state.review }),
    ...(hits === null ? {} : { hits }),
  });
  const stats = addResults(
    emptyStats(),
    results,
    rows.map((r) => r.full_name ?? r.address),
    task.ordinals ?? task.first,
  );
  const base = { first: task.first, count: task.count, stats, sources: collector?.finish() ?? null, hits };
  if (encoding === 'records') {
    const records = recordsOf(results, task.ordinals ?? task.first, state.review !== null);
    return { ...base, bytes: null, records };
  }
  const text = encoding === 'jsonl' ? encodeJsonl(results) : encodeCsv(results, state.review !== null);
  return { ...base, bytes: encoder.encode(text), records: null };
}

/** A chunk of a delta run that screens none of the rows it covers: it goes straight to the writer. */
export const skippedChunk = (task: ChunkTask): ChunkOutput => ({
  first: task.first,
  count: task.count,
  bytes: null,
  records: null,
  stats: emptyStats(),
  sources: null,
  hits: null,
});
