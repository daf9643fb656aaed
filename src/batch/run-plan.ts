/**
 * Everything a run decides before it writes a byte: the output format, the portfolio (its columns
 * checked), the lists and — for delta runs — the changed entities and the earlier matches to
 * withdraw, and where a resume starts. Any bad input fails here, so the CLI exits 2 with no output.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Entity } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { DEFAULT_MATCH_CONFIG, type MatchConfig } from '../names/index.js';
import type { RunBatchOptions } from './batch-options.js';
import {
  paramsHash,
  readCheckpoint,
  writeFileDurably,
  type Checkpoint,
  type ListVersionRef,
} from './checkpoint.js';
import type { ChunkEncoding, WorkerSetup } from './chunk-task.js';
import { GatedSelection, type GateSlice } from './gated-selection.js';
import type { ScreeningPool } from './pool.js';
import {
  baselineOfVersion,
  latestVersions,
  loadCurrentLists,
  planDelta,
  type DeltaBaseline,
  screenedListsOf,
  type ListsInUse,
  type ScreenedList,
} from './delta.js';
import { readPreviousMatches } from './previous-matches.js';
import type { BatchSummary } from './report.js';
import { entityKey } from './narrowed-index.js';
import { normalizationVersion } from './normalization-version.js';
import { cachedRowSources, cachedRowSourcesBase } from './portfolio-cache.js';
import { fnv1a, rowSourcesBase, type RowSourcesPosition } from './row-sources.js';
import {
  candidateRowSources,
  locateRowSources,
  gateSlices,
  readSidecarStrings,
  type RowSourcesIdentity,
} from './row-sources-reach.js';
import type { ReviewPlan } from './review-plan.js';
import { readRunRecord } from './run-record.js';
import type { PreviousMatch } from './screen-rows.js';
import { encodingOf } from './sinks/open-sink.js';
import { openPortfolio } from './sources/open-portfolio.js';
import type { PortfolioSource } from './sources/portfolio-source.js';

export interface RunPlan {
  readonly encoding: ChunkEncoding;
  readonly source: PortfolioSource;
  /** Delta runs: the "list:entity_id" of the entities to screen against. */
  readonly only: readonly string[] | null;
  readonly versions: readonly ListVersionRef[];
  /** The same lists as the summary and the report name them. */
  readonly lists: readonly ScreenedList[];
  readonly cfg: MatchConfig;
  readonly limit: number;
  readonly params: string;
  /** The checkpoint a resume continues from, or null for a fresh start. */
  readonly checkpoint: Checkpoint | null;
  readonly previous: readonly (readonly [string, readonly PreviousMatch[]])[];
  readonly delta: BatchSummary['delta'];
  /** Full runs: the token sidecar to write beside OUT (null: none, e.g. an old checkpoint). */
  readonly recordSources: {
    readonly base: string;
    readonly resume: RowSourcesPosition | null;
    readonly identity: RowSourcesIdentity;
  } | null;
  /** Delta runs with a trusted sidecar: what the workers' row gate needs (row-gate.ts). */
  readonly gate: WorkerSetup['gate'];
  /** Delta runs with a trusted sidecar: works out, with the workers, which rows are screened. */
  readonly selectRows: ((pool: ScreeningPool) => Promise<GatedSelection>) | null;
  /** The sidecar a run writes or reads (its path without extensions), for the run record. */
  readonly rowSources: string | null;
  /** Runs for a client: its suppressions, and whether the run feeds its review queue. */
  readonly review: ReviewPlan | null;
}

/** Rows per gate task: enough tasks for the workers to share the work evenly. */
const GATE_SLICE_ROWS = 25_000;

const deltaPath = (out: string) => `${out}.delta.json`;

interface DeltaSidecar {
  readonly params: string;
  readonly previous_output: string | null;
  readonly previous: [string, PreviousMatch[]][];
}

async function lists(options: RunBatchOptions): Promise<ListsInUse> {
  if (options.entities !== undefined) {
    const versions = options.listVersions ?? [];
    const json = JSON.stringify(options.entities);
    return {
      key: json,
      entitiesJson: async () => json,
      versions,
      lists: screenedListsOf(options.entities, versions),
    };
  }
  if (options.store === undefined) {
    throw new WardenError(
      'VALIDATION_ERROR',
      'A batch run needs lists: import one with `warden lists import` first.',
    );
  }
  return loadCurrentLists(options.store.lists);
}

/**
 * About how many entities a run screens against, before its plan has loaded them: the latest
 * versions' counts (the pool's threads start before the lists are read).
 */
export async function listedEntities(options: RunBatchOptions): Promise<number> {
  if (options.entities !== undefined) return options.entities.length;
  if (options.store === undefined) return 0;
  let count = 0;
  for (const v of await latestVersions(options.store.lists)) count += v.entities;
  return count;
}

async function baselineOf(
  options: RunBatchOptions,
  since: string,
): Promise<{ baseline: DeltaBaseline; recordedOut: string | null }> {
  const store = options.store!;
  if (since !== 'last') return { baseline: await baselineOfVersion(store.lists, since), recordedOut: null };
  const record = await readRunRecord(options.sinceRun ?? options.out);
  return { baseline: { versions: record.list_versions }, recordedOut: record.out };
}

/** Earlier matches to withdraw: read once at a fresh start, kept beside OUT for a resume. */
async function previousMatches(
  options: RunBatchOptions,
  params: string,
  resuming: boolean,
  wanted: Map<string, PreviousMatch['change']>,
  recordedOut: string | null,
  sidecarOut: string | null,
): Promise<DeltaSidecar> {
  if (resuming && existsSync(deltaPath(options.out))) {
    const saved = JSON.parse(await readFile(deltaPath(options.out), 'utf8')) as DeltaSidecar;
    if (saved.params === params) return saved;
  }
  // A nightly job's new dated OUT holds nothing yet: then the output of the sidecar's full run.
  const fallback = !existsSync(options.out) && sidecarOut !== null ? sidecarOut : options.out;
  const candidate = options.previousOutput ?? recordedOut ?? fallback;
  const path = options.previousOutput !== undefined || existsSync(candidate) ? candidate : null;
  const previous = path === null ? new Map() : await readPreviousMatches(path, wanted);
  const sidecar: DeltaSidecar = { params, previous_output: path, previous: [...previous] };
  await writeFileDurably(deltaPath(options.out), JSON.stringify(sidecar));
  return sidecar;
}

export async function removeDeltaSidecar(out: string): Promise<void> {
  await rm(deltaPath(out), { force: true });
}

/** Whether two paths name one existing file: the same path, another spelling, or a link to it. */
function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

function checkOutputPath(options: RunBatchOptions): void {
  const out = resolve(options.out);
  if (!existsSync(dirname(out))) {
    throw new WardenError('VALIDATION_ERROR', `The output folder ${dirname(out)} does not exist.`);
  }
  // A CSV output over a CSV portfolio would truncate the file before a row of it was read.
  if (sameFile(out, options.portfolio)) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `The output ${options.out} is the portfolio itself; choose another file.`,
    );
  }
  const databases = [options.db, options.store?.location].filter((p): p is string => p !== undefined);
  if (databases.some((db) => resolve(db) === out)) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `The output ${options.out} is the list database; choose another file.`,
    );
  }
}

/** What every worker of the run gets once (pool.setup): the plan's options, and the gate it runs, if any. */
export const workerSetupOf = (plan: RunPlan, gate: RunPlan['gate']): WorkerSetup => ({
  cfg: plan.cfg,
  limit: plan.limit,
  encoding: plan.encoding,
  previous: plan.previous,
  only: plan.only,
  csv: plan.source.csv,
  recordSources: plan.recordSources !== null,
  gate,
  review: plan.review?.setup ?? null,
});

/**
 * Plans a run; opens the portfolio (the caller closes `plan.source`). `listsRead` gets the lists (their
 * key, and every entity of them as JSON when asked: delta runs index them all too, for token weights)
 * as soon as their versions are known, so the workers can index them while the rest is planned, and
 * for a delta run the JSON of the entities it screens against (ListsSetup.onlyJson). Only the text:
 * the workers parse it, and the main thread need not hold the entities for the run.
 */
export async function planRun(
  options: RunBatchOptions,
  listsRead: (lists: ListsInUse, onlyJson: string | null) => void,
): Promise<RunPlan> {
  const encoding = encodingOf(options.out);
  checkOutputPath(options);
  const cfg = options.cfg ?? DEFAULT_MATCH_CONFIG;
  const limit = options.limit ?? 10;
  if (options.deltaSince !== undefined && options.store === undefined) {
    throw new WardenError(
      'VALIDATION_ERROR',
      'A delta run needs the list store (--db) to know what changed.',
    );
  }
  const source = await openPortfolio(options.portfolio, { columns: options.columns ?? {}, db: options.db });
  try {
    let versions: readonly ListVersionRef[];
    let screenedLists: readonly ScreenedList[];
    let delta: BatchSummary['delta'] = null;
    let wanted = new Map<string, PreviousMatch['change']>();
    let recordedOut: string | null = null;
    let deltaLists: unknown = null;
    let only: string[] | null = null;
    let deltaEntities: readonly Entity[] = [];
    const identity: RowSourcesIdentity = {
      portfolio: source.fingerprint,
      columns: options.columns ?? {},
      normalization: await normalizationVersion(),
    };
    if (options.deltaSince !== undefined) {
      const resolved = await baselineOf(options, options.deltaSince);
      recordedOut = resolved.recordedOut;
      const current = await loadCurrentLists(options.store!.lists);
      versions = current.versions;
      screenedLists = current.lists;
      const plan = await planDelta(options.store!.lists, resolved.baseline);
      listsRead(current, JSON.stringify(plan.entities));
      only = plan.entities.map((e) => entityKey(e.list, e.entity_id));
      deltaEntities = plan.entities;
      deltaLists = plan.lists;
      wanted = new Map([
        ...[...plan.changed].map((k) => [k, 'changed'] as const),
        ...[...plan.removed].map((k) => [k, 'removed'] as const),
      ]);
      delta = {
        since: options.deltaSince,
        entities: only.length,
        lists: plan.lists,
        previous_output: null,
        row_sources: null,
        skipped_rows: 0,
        full_scan_reason: null,
      };
    } else {
      const current = await lists(options);
      listsRead(current, null);
      versions = current.versions;
      screenedLists = current.lists;
    }
    // A delta run trusts the sidecar of an earlier full run of this very portfolio, if it finds one.
    const trusted =
      delta === null
        ? null
        : source.stable
          ? await locateRowSources(
              [
                ...(await candidateRowSources([options.previousOutput, recordedOut, options.out])),
                ...(options.portfolioCache === undefined
                  ? []
                  : await cachedRowSources(options.portfolioCache, identity)),
              ],
              identity,
            )
          : {
              reason: `the portfolio ${source.description} has no content fingerprint to trust a sidecar by`,
            };
    let review: ReviewPlan | null = null;
    if (options.review !== undefined) {
      // Loaded only for a client's run: importing the review code took ~0.2 s of CPU at every start.
      const { planReview } = await import('./review-plan.js');
      review = await planReview(options.review, options.store?.records, versions);
    }
    const params = paramsHash({
      input: source.fingerprint,
      out: options.out,
      encoding,
      columns: options.columns ?? {},
      cfg,
      limit,
      lists: versions.map((v) => v.id),
      entities: options.entities?.length ?? null,
      delta: deltaLists,
      only,
      row_sources:
        trusted !== null && 'manifest' in trusted ? { base: trusted.base, manifest: trusted.manifest } : null,
      // A full run resumed by other name normalization code would mix two kinds of sources (and matches).
      normalization: delta === null ? identity.normalization : null,
      // Only when given: the checkpoints of runs without a client keep their hash.
      ...(review === null ? {} : { review: { client: review.clientId, queue: review.feedQueue } }),
    });
    const checkpoint = options.resume ? await readCheckpoint(options.out) : null;
    if (checkpoint !== null && checkpoint.params !== params) {
      throw new WardenError(
        'VALIDATION_ERROR',
        `Cannot resume into ${options.out}: the portfolio, the lists or the options differ from the interrupted run's; run without --resume to start over.`,
      );
    }
    let previous: DeltaSidecar['previous'] = [];
    let selectRows: RunPlan['selectRows'] = null;
    let gate: RunPlan['gate'] = null;
    if (delta !== null) {
      const sidecarOut = trusted !== null && 'manifest' in trusted ? (trusted.manifest.out ?? null) : null;
      const sidecar = await previousMatches(
        options,
        params,
        checkpoint !== null,
        wanted,
        recordedOut,
        sidecarOut,
      );
      previous = sidecar.previous;
      delta = { ...delta, previous_output: sidecar.previous_output };
      if (trusted !== null && 'manifest' in trusted) {
        const withdrawals = previous.map(([id]) => fnv1a(id));
        const strings = await readSidecarStrings(trusted);
        gate = { strings, withdrawals };
        const entities = deltaEntities;
        selectRows = async (pool) => {
          const { slices, seeks } = await gateSlices(
            trusted,
            strings,
            entities,
            new Set(withdrawals),
            GATE_SLICE_ROWS,
          );
          const select = (slice: GateSlice) => pool.select(slice);
          return new GatedSelection(trusted.manifest.rows, slices, select, pool.workers, seeks);
        };
        delta = { ...delta, row_sources: trusted.base };
      } else if (trusted !== null) {
        delta = { ...delta, full_scan_reason: trusted.reason };
      }
    }
    // A resumed full run continues its sidecar, unless its checkpoint predates sidecars.
    const recordSources =
      delta !== null || !source.stable || (checkpoint !== null && checkpoint.row_sources === null)
        ? null
        : {
            base:
              options.portfolioCache === undefined
                ? rowSourcesBase(options.out)
                : await cachedRowSourcesBase(options.portfolioCache, identity, options.out),
            resume: checkpoint?.row_sources ?? null,
            identity,
          };
    return {
      encoding,
      source,
      only,
      versions,
      lists: screenedLists,
      cfg,
      limit,
      params,
      checkpoint,
      previous,
      delta,
      recordSources,
      gate,
      selectRows,
      rowSources: recordSources?.base ?? (delta?.row_sources || null),
      review,
    };
  } catch (e) {
    await source.close();
    throw e;
  }
}
