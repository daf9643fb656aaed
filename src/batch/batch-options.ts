/** The options of `runBatch` (the library behind `warden batch`, DESIGN.md §5). */
import type { Entity } from '../model/entity.js';
import type { MatchConfig } from '../names/index.js';
import type { Store } from '../store/index.js';
import type { ListVersionRef } from './checkpoint.js';
import type { ColumnMapping } from './portfolio-row.js';
import type { ProgressMode } from './progress.js';

/** A run for one client of the store (issue #30): see RunBatchOptions.review. */
export interface BatchReviewOptions {
  /** The client whose portfolio this is (`--client`). */
  readonly clientId: string;
  /**
   * Rows with matches that are new to the client's review queue become (or extend) its batch hits
   * (`--review-queue`). Default false: the run only honours the suppressions.
   */
  readonly feedQueue?: boolean;
  /** The clock the queued matches are stamped with (default Date.now); the desk's, in-process. */
  readonly now?: () => number;
}

export interface RunBatchOptions {
  /** `.csv`, `.parquet`, or `duckdb:TABLE` (a table in `db`). */
  readonly portfolio: string;
  /** `.jsonl`, `.csv` or `.duckdb`; sidecars go beside it (`OUT.checkpoint.json`, `OUT.run.json`, `OUT.report.html`). */
  readonly out: string;
  /** The lists: the latest version of every list in this store. Required for `deltaSince`. */
  readonly store?: Store;
  /** Or entities given directly (tests, benchmarks); they take precedence over `store` for a full run. */
  readonly entities?: readonly Entity[];
  /** The versions `entities` come from, recorded in OUT.run.json (default: none). */
  readonly listVersions?: readonly ListVersionRef[];
  /** The DuckDB file holding a `duckdb:TABLE` portfolio (the CLI's --db). */
  readonly db?: string;
  /**
   * Worker threads (default: os.availableParallelism(), half of it for a delta run: defaultWorkers);
   * 0 screens on the calling thread.
   */
  readonly workers?: number;
  /** Rows per task (default 1,000: piscina's ~50 µs per task is then noise). */
  readonly chunkSize?: number;
  /** Source column names when they differ from ours: `{ full_name: 'Name' }`. */
  readonly columns?: ColumnMapping;
  /** A list version id (`ofac-sdn@3`), or `last` for "since the run recorded in `sinceRun` (default: OUT)". */
  readonly deltaSince?: string;
  /** OUT path (or its .run.json) of the earlier run `deltaSince: 'last'` refers to. */
  readonly sinceRun?: string;
  /**
   * Output of an earlier run, to withdraw its matches to entities removed (or changed) since.
   * Default: the output recorded by `sinceRun` for `last`, else OUT itself when it exists, else the
   * output of the full run whose sidecar the delta trusts.
   */
  readonly previousOutput?: string;
  /** Continue an interrupted run into the same OUT from its checkpoint (none: start over). */
  readonly resume?: boolean;
  readonly cfg?: MatchConfig;
  /** Most matches reported per row (default 10). */
  readonly limit?: number;
  /** Aborting stops the run at the next chunk boundary with a checkpoint written. */
  readonly signal?: AbortSignal;
  /** Default `auto`: a bar on a terminal, plain lines otherwise. */
  readonly progress?: ProgressMode;
  readonly progressStream?: NodeJS.WriteStream;
  /** Write OUT.report.html at the end (default true). */
  readonly report?: boolean;
  /** Least time between checkpoints (default 2,000 ms; each one fsyncs the output). */
  readonly checkpointIntervalMs?: number;
  /**
   * A directory for snapshots of the lists' index (index-cache.ts): the first run against a list
   * version leaves one, later runs load it instead of building the index. The CLI's is beside its
   * DuckDB file (`warden.duckdb.indexes`). Default: none, every run builds.
   */
  readonly indexCache?: string;
  /**
   * A directory for the token sidecars of full runs, kept by portfolio (portfolio-cache.ts): a delta
   * run of the same portfolio finds the newest whatever its OUT. The CLI's is beside its DuckDB file
   * (`warden.duckdb.portfolios`). Default: none, the sidecar is written beside OUT.
   */
  readonly portfolioCache?: string;
  /**
   * Screen for a client (needs `store`): a match the client's active suppressions cover, on an entity
   * unchanged since the decision, moves from `matches` to `suppressed_matches` and counts apart; with
   * `feedQueue`, new matches go to the client's review queue. Default: none, no store record is read.
   */
  readonly review?: BatchReviewOptions;
}
