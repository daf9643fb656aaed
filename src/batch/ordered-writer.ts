/**
 * Writes chunk outputs in input order whatever order the workers finish them in (a reorder buffer
 * keyed by first row), so the output is a contiguous prefix of the portfolio at every moment and a
 * checkpoint is just "rows written so far + output length". All sink and checkpoint I/O runs on
 * one promise chain: never two writes at once, never a checkpoint between a write and its stats.
 */
import type { FoundRow } from '../review/index.js';
import { mergeStats, type BatchStats } from './batch-stats.js';
import type { ChunkOutput } from './chunk-task.js';
import type { RowSourcesPosition } from './row-sources.js';
import type { RowSourcesWriter } from './row-sources-writer.js';
import type { BatchSink } from './sinks/batch-sink.js';

/** Where the rows for a review queue go (batch-hit-feeder.ts). */
export interface HitSink {
  readonly pending: number;
  /** Pending customers from which a flush starts without waiting for a checkpoint. */
  readonly flushAt: number;
  add(rows: readonly FoundRow[]): void;
  flush(): Promise<void>;
}

export interface OrderedWriterOptions {
  readonly sink: BatchSink;
  /** First row this attempt writes (rows before it are in the output already). */
  readonly startRow: number;
  /** Counts so far; merged into as chunks are written. */
  readonly stats: BatchStats;
  readonly checkpointIntervalMs: number;
  /** Full runs: the token sidecar, written in the same order as the sink. */
  readonly rowSources?: RowSourcesWriter | undefined;
  /**
   * Runs feeding the review queue: takes each chunk's rows with matches as it is written; a flush
   * starts once it holds `flushAt` customers, and each checkpoint waits for all of them (a
   * checkpoint never claims rows whose hits are not stored).
   */
  readonly hits?: HitSink | undefined;
  /** Persists a checkpoint; called with the sink (and sidecar) already synced. */
  readonly saveCheckpoint: (
    rows: number,
    bytes: number | null,
    rowSources: RowSourcesPosition | null,
  ) => Promise<void>;
  readonly onWritten: (rows: number) => void;
}

export class OrderedWriter {
  readonly #o: OrderedWriterOptions;
  readonly #pending = new Map<number, ChunkOutput>();
  #next: number;
  #chain: Promise<void> = Promise.resolve();
  #lastCheckpoint = performance.now();
  #checkpointedRows: number;
  #saved = false;

  constructor(options: OrderedWriterOptions) {
    this.#o = options;
    this.#next = options.startRow;
    this.#checkpointedRows = options.startRow;
  }

  /** Rows written, from the portfolio's start. */
  get written(): number {
    return this.#next;
  }

  /** Takes a finished chunk; resolves once every chunk before it (and it) is written. */
  accept(output: ChunkOutput): Promise<void> {
    this.#pending.set(output.first, output);
    return this.#enqueue(() => this.#drain());
  }

  /** Syncs the sink and checkpoints what is written (at the end, or when stopping). */
  flush(): Promise<void> {
    return this.#enqueue(() => this.#checkpoint());
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    this.#chain = this.#chain.then(work);
    return this.#chain;
  }

  async #drain(): Promise<void> {
    for (let out = this.#pending.get(this.#next); out !== undefined; out = this.#pending.get(this.#next)) {
      this.#pending.delete(this.#next);
      await this.#o.sink.write(out);
      if (this.#o.rowSources !== undefined) {
        if (out.sources === null) throw new Error('A chunk of a full run came back without its sources.');
        await this.#o.rowSources.write(out.sources);
      }
      mergeStats(this.#o.stats, out.stats);
      if (this.#o.hits !== undefined && out.hits !== null) this.#o.hits.add(out.hits);
      this.#next += out.count;
      this.#o.onWritten(this.#next);
    }
    // Not awaited: the store writes while chunks go on; a failure surfaces at the next checkpoint.
    if (this.#o.hits !== undefined && this.#o.hits.pending >= this.#o.hits.flushAt) {
      this.#o.hits.flush().catch(() => undefined);
    }
    if (performance.now() - this.#lastCheckpoint >= this.#o.checkpointIntervalMs) await this.#checkpoint();
  }

  async #checkpoint(): Promise<void> {
    this.#lastCheckpoint = performance.now();
    await this.#o.hits?.flush();
    if (this.#saved && this.#next === this.#checkpointedRows) return;
    const bytes = await this.#o.sink.sync();
    const rowSources = (await this.#o.rowSources?.sync()) ?? null;
    await this.#o.saveCheckpoint(this.#next, bytes, rowSources);
    this.#checkpointedRows = this.#next;
    this.#saved = true;
  }
}
