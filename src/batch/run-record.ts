/**
 * `OUT.run.json`: what a finished run screened against (the list versions), so a later
 * `--delta-since last` can screen only what changed since, and withdraw matches from its output.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { WardenError } from '../model/errors.js';
import { ListVersionRef, writeFileDurably } from './checkpoint.js';
import type { ReviewSummary } from './report.js';

export const RunRecord = z.object({
  format: z.literal(1),
  /** The output the run wrote (its matches are the "previous matches" of the next delta run). */
  out: z.string(),
  portfolio: z.string(),
  finished_at: z.string(),
  list_versions: z.array(ListVersionRef),
  /** What the run was a delta of, or null for a full run. */
  delta_since: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  /**
   * The token sidecar (its path without the extensions) the run wrote (a full run) or
   * read (a delta run), so a later `--delta-since last` finds it whatever its OUT.
   */
  row_sources: z.string().nullable().default(null),
  /** Runs for a client (issue #30): whose suppressions applied, and what they left out and queued. */
  review: z
    .object({
      client_id: z.string(),
      suppressed_matches: z.number().int().nonnegative(),
      suppressed_rows: z.number().int().nonnegative(),
      queued_items: z.number().int().nonnegative().nullable(),
    })
    .nullable()
    .default(null),
});
export type RunRecord = z.infer<typeof RunRecord>;

/** The run record's account of a run for a client, from its summary. */
export const recordedReview = (review: ReviewSummary): NonNullable<RunRecord['review']> => ({
  client_id: review.client_id,
  suppressed_matches: review.suppressed_matches,
  suppressed_rows: review.suppressed_rows,
  queued_items: review.queued_items,
});

export const runRecordPath = (out: string) => (out.endsWith('.run.json') ? out : `${out}.run.json`);

export async function writeRunRecord(record: z.input<typeof RunRecord>): Promise<void> {
  await writeFileDurably(runRecordPath(record.out), `${JSON.stringify(record, null, 2)}\n`);
}

/** The record of an earlier run when there is a readable one, else null. */
export async function findRunRecord(outOrRecord: string): Promise<RunRecord | null> {
  try {
    return await readRunRecord(outOrRecord);
  } catch {
    return null;
  }
}

/** The record of an earlier run, given its OUT path or its .run.json path. */
export async function readRunRecord(outOrRecord: string): Promise<RunRecord> {
  const path = runRecordPath(outOrRecord);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new WardenError(
      'VALIDATION_ERROR',
      `There is no record of an earlier run at ${path}; run a full batch first or give --delta-since VERSION.`,
    );
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // reported below as not a run record
  }
  const result = RunRecord.safeParse(parsed);
  if (!result.success) throw new WardenError('VALIDATION_ERROR', `${path} is not a Warden run record.`);
  return result.data;
}
