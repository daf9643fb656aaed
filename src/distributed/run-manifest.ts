/**
 * A distributed run's manifest (`DIR/runs/RUN/manifest.json`): what the coordinator planned, written
 * once every shard is on disk and before any job is enqueued. Workers read the lists and the shard
 * plan from it; a coordinator started again with `--resume` reads everything else it needs for the
 * summary, the run record and the sidecar from it, without planning again (a delta run's earlier
 * output may by then be half rewritten).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { SeekPoints } from '../batch/sources/portfolio-source.js';
import { WardenError } from '../model/errors.js';
import { ListVersionRef, writeFileDurably } from '../batch/checkpoint.js';
import type { ScreenedList } from '../batch/delta.js';
import type { BatchSummary } from '../batch/report.js';
import type { RowSourcesIdentity } from '../batch/row-sources-reach.js';

/** One shard: the portfolio ordinals [first, first + count) and the rows among them it screens. */
export const ShardPlan = z.object({
  first: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
});
export type ShardPlan = z.infer<typeof ShardPlan>;

/** A portfolio file's seek points (SeekPoints), in a manifest. */
const SeekPointsJson = z.object({
  rows: z.number().int().nonnegative(),
  ordinals: z.array(z.number().int().nonnegative()),
  offsets: z.array(z.number().nonnegative()),
});
type SeekPointsJson = z.infer<typeof SeekPointsJson>;

export const RunManifest = z.object({
  format: z.literal(1),
  run: z.string(),
  /** The run's identity (run-identity.ts): a resume must match it. */
  identity: z.string(),
  created_at: z.string(),
  encoding: z.enum(['jsonl', 'csv', 'records']),
  /** A run for a client: its tabular output has the `suppressed_by` column. */
  review_columns: z.boolean(),
  /** The lists in `DIR/lists/` (their key) and how many entities they hold (the workers' heap). */
  lists: z.object({ key: z.string(), entities: z.number().int().nonnegative() }),
  /** Delta runs: `only.json` holds the entities screened against. */
  only: z.boolean(),
  shards: z.array(ShardPlan),
  /** Rows the shards screen, and ordinals they cover (a delta run leaves some out). */
  rows: z.number().int().nonnegative(),
  covered: z.number().int().nonnegative(),
  /** What the summary says of the lists, the delta and a client's suppressions. */
  summary: z.object({
    list_versions: z.array(ListVersionRef),
    lists: z.array(z.custom<ScreenedList>((v) => typeof v === 'object' && v !== null)),
    delta: z.custom<BatchSummary['delta']>((v) => v === null || typeof v === 'object'),
    suppressions: z.number().int().nonnegative().nullable(),
  }),
  /** Full runs: the token sidecar the gather writes beside OUT. */
  row_sources: z
    .object({
      base: z.string(),
      identity: z.custom<RowSourcesIdentity>((v) => typeof v === 'object' && v !== null),
      /** The portfolio file's seek points the plan's read found, kept with the sidecar's postings. */
      seeks: SeekPointsJson.nullable().optional(),
    })
    .nullable(),
  /** The sidecar the run record names (written by a full run, read by a delta run). */
  record_row_sources: z.string().nullable(),
});
export type RunManifest = z.infer<typeof RunManifest>;

/** Seek points as JSON, and back. */
export const seeksJson = (seeks: SeekPoints | null): SeekPointsJson | null =>
  seeks === null ? null : { rows: seeks.rows, ordinals: [...seeks.ordinals], offsets: [...seeks.offsets] };
export const seekPointsOf = (json: SeekPointsJson | null | undefined): SeekPoints | null =>
  json
    ? { rows: json.rows, ordinals: Uint32Array.from(json.ordinals), offsets: Float64Array.from(json.offsets) }
    : null;

export async function writeRunManifest(path: string, manifest: RunManifest): Promise<void> {
  await writeFileDurably(path, JSON.stringify(manifest));
}

/** The manifest at `path`, or null when there is none (the run was never fully planned). */
export async function readRunManifest(path: string): Promise<RunManifest | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // reported below
  }
  const result = RunManifest.safeParse(parsed);
  if (!result.success) throw new WardenError('VALIDATION_ERROR', `${path} is not a Warden run manifest.`);
  return result.data;
}
