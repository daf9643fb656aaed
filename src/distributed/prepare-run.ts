/**
 * A fresh distributed run, planned as a local run is (runBatch's planRun: the output checked, the
 * portfolio's columns, the lists, a delta's changed entities and earlier matches, a client's
 * suppressions), then laid out in the work folder: the lists published, the workers' setup, the
 * shard files, and last the manifest. A delta run whose earlier full run left a token sidecar has
 * its rows chosen first by the row gate, on a small pool of the coordinator's own, so the shards
 * hold exactly the rows a local delta run screens.
 */
import { mkdir, rm } from 'node:fs/promises';
import { writeFileDurably } from '../batch/checkpoint.js';
import type { ListsInUse } from '../batch/delta.js';
import type { GatedSelection } from '../batch/gated-selection.js';
import { openScreeningPool } from '../batch/pool.js';
import type { ReviewPlan } from '../batch/review-plan.js';
import { listedEntities, planRun, workerSetupOf } from '../batch/run-plan.js';
import { listsNotLoaded } from '../screening/index.js';
import { DEFAULT_SHARD_ROWS, type DistributedBatchOptions } from './distributed-options.js';
import { publishLists } from './publish-lists.js';
import { seeksJson, writeRunManifest, type RunManifest } from './run-manifest.js';
import { writeShards } from './shard-input.js';
import { runFiles } from './work-dir.js';

/** Rows per pool task unless told, as a local run (runBatch's DEFAULT_CHUNK). */
const DEFAULT_CHUNK_ROWS = 1_000;

export interface PreparedRun {
  readonly manifest: RunManifest;
  /** Runs for a client: its suppressions, and the store its review queue is fed into. */
  readonly review: ReviewPlan | null;
}

/**
 * Plans the run `run` and writes it into `runDir` (emptied first); `onShards` hears how many rows
 * are in shard files so far.
 */
export async function prepareRun(
  options: DistributedBatchOptions,
  identity: string,
  run: string,
  runDir: string,
  onShards?: (rows: number) => void,
): Promise<PreparedRun> {
  const listed = await listedEntities(options);
  // A run against no list would write "no match" for every row: refuse before anything is written.
  if (listed === 0) throw listsNotLoaded();
  const read: { lists?: ListsInUse; onlyJson?: string | null } = {};
  const plan = await planRun({ ...options, resume: false }, (lists, onlyJson) => {
    read.lists = lists;
    read.onlyJson = onlyJson;
  });
  try {
    if (read.lists === undefined) throw new Error('The run was planned without its lists.');
    const json = await read.lists.entitiesJson();
    const onlyJson = read.onlyJson ?? null;
    const files = runFiles(runDir);
    await rm(runDir, { recursive: true, force: true });
    await mkdir(files.shards, { recursive: true });
    await mkdir(files.results, { recursive: true });
    const lists = await publishLists(options.workDir, { key: read.lists.key, json }, options.indexCache);
    if (onlyJson !== null) await writeFileDurably(files.only, onlyJson);
    // The gate runs here, before the shards are cut; the workers screen what it kept.
    const setup = workerSetupOf(plan, null);
    await writeFileDurably(files.setup, JSON.stringify(setup));
    const gatePool = plan.selectRows === null ? null : openScreeningPool(options.workers ?? 1, listed);
    let manifest: RunManifest;
    try {
      let selection: GatedSelection | null = null;
      if (gatePool !== null && plan.selectRows !== null) {
        gatePool.lists({ json, snapshot: lists.snapshot, onlyJson });
        gatePool.setup({ ...setup, gate: plan.gate });
        selection = await plan.selectRows(gatePool);
      }
      const shards = await writeShards(plan.source, selection, runDir, {
        shardRows: options.shardRows ?? DEFAULT_SHARD_ROWS,
        chunkRows: options.chunkSize ?? DEFAULT_CHUNK_ROWS,
        ...(onShards ? { onShard: onShards } : {}),
      });
      const delta =
        plan.delta === null || selection === null
          ? plan.delta
          : { ...plan.delta, skipped_rows: await selection.skipped() };
      manifest = {
        format: 1,
        run,
        identity,
        created_at: new Date().toISOString(),
        encoding: plan.encoding,
        review_columns: plan.review !== null,
        lists: { key: lists.key, entities: listed },
        only: onlyJson !== null,
        shards,
        rows: shards.reduce((n, s) => n + s.rows, 0),
        covered: shards.reduce((n, s) => n + s.count, 0),
        summary: {
          list_versions: [...plan.versions],
          lists: [...plan.lists],
          delta,
          suppressions: plan.review?.setup.suppressions.length ?? null,
        },
        row_sources:
          plan.recordSources === null
            ? null
            : {
                base: plan.recordSources.base,
                identity: plan.recordSources.identity,
                seeks: seeksJson(plan.source.seekPoints()),
              },
        record_row_sources: plan.rowSources,
      };
    } finally {
      await gatePool?.close();
    }
    await writeRunManifest(files.manifest, manifest);
    return { manifest, review: plan.review };
  } finally {
    await plan.source.close();
  }
}
