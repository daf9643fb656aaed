/**
 * The port every output implements (JSONL, CSV, a DuckDB file). Chunks arrive in input order;
 * `sync` makes everything written so far durable and returns the position a resume truncates to.
 */
import type { ChunkEncoding, ChunkOutput } from '../chunk-task.js';

export interface BatchSink {
  /** What the workers must produce for this sink. */
  readonly encoding: ChunkEncoding;
  write(output: ChunkOutput): Promise<void>;
  /** Flushes and fsyncs; returns the output's durable length in bytes (null for DuckDB, which resumes by row). */
  sync(): Promise<number | null>;
  close(): Promise<void>;
}

/** Where a resumed run continues: rows already written, and the file length after them. */
export interface SinkResume {
  readonly rows: number;
  readonly bytes: number | null;
}
