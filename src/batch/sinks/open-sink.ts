/** Picks the sink for an OUT path (DESIGN.md §5): `.jsonl`, `.csv` or `.duckdb`. */
import { WardenError } from '../../model/errors.js';
import type { ChunkEncoding } from '../chunk-task.js';
import type { BatchSink, SinkResume } from './batch-sink.js';
import { openDuckDbSink } from './duckdb-sink.js';
import { openTextFileSink } from './text-file-sink.js';

/** The encoding an OUT path needs; throws VALIDATION_ERROR for any other extension. */
export function encodingOf(out: string): ChunkEncoding {
  if (/\.jsonl$/i.test(out)) return 'jsonl';
  if (/\.csv$/i.test(out)) return 'csv';
  if (/\.duckdb$/i.test(out)) return 'records';
  throw new WardenError('VALIDATION_ERROR', `The output ${out} must end in .jsonl, .csv or .duckdb.`);
}

/** `review`: a run for a client, whose tabular output has one more column (result-records.ts). */
export function openSink(out: string, resume: SinkResume | null, review = false): Promise<BatchSink> {
  const encoding = encodingOf(out);
  return encoding === 'records'
    ? openDuckDbSink(out, resume, review)
    : openTextFileSink(out, encoding, resume, review);
}
