/**
 * Durable progress of a run: `OUT.checkpoint.json`, replaced atomically (write a temp file, fsync,
 * rename, fsync the folder) and only after the sink itself was fsynced, so the checkpoint never
 * claims more than the output holds. A SIGKILL at any moment leaves either the old or the new
 * checkpoint, and the output is at least as long as the checkpoint says.
 */
import { createHash } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { WardenError } from '../model/errors.js';
import { canonicalJson } from '../lists/content-hash.js';
import type { BatchStats } from './batch-stats.js';
import { RowSourcesPosition } from './row-sources.js';

export const ListVersionRef = z.object({ list: z.string(), id: z.string(), seq: z.number() });
export type ListVersionRef = z.infer<typeof ListVersionRef>;

const Checkpoint = z.object({
  /** Format of this file. */
  format: z.literal(1),
  /** Hash of everything that decides the output (input, lists, delta, options): a resume must match it. */
  params: z.string(),
  /** Input rows whose results are all in the output: a contiguous prefix of the portfolio. */
  rows: z.number().int().nonnegative(),
  /** Output length in bytes after those rows (null for DuckDB output, which resumes by row). */
  bytes: z.number().int().nonnegative().nullable(),
  list_versions: z.array(ListVersionRef),
  /** Counts of the rows written so far, so the final report covers earlier attempts too. */
  stats: z.custom<BatchStats>((v) => typeof v === 'object' && v !== null && 'rows' in v),
  /** Full runs: how far the token sidecar goes with those rows (null: not recorded). */
  row_sources: RowSourcesPosition.nullable().default(null),
  /** Time spent by earlier attempts and this one, in milliseconds. */
  elapsed_ms: z.number().nonnegative(),
  updated_at: z.string(),
});
export type Checkpoint = z.infer<typeof Checkpoint>;
export type CheckpointInput = z.input<typeof Checkpoint>;

export const checkpointPath = (out: string) => `${out}.checkpoint.json`;

/** sha256 of the canonical JSON of the run's parameters. */
export function paramsHash(params: unknown): string {
  return createHash('sha256').update(canonicalJson(params)).digest('hex');
}

/** Writes a file so that readers see either its old or its new content, and the new one survives a crash. */
export async function writeFileDurably(path: string, text: string | Uint8Array): Promise<void> {
  const tmp = `${path}.tmp`;
  const file = await open(tmp, 'w');
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(tmp, path);
  const folder = await open(dirname(path), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

export async function writeCheckpoint(out: string, checkpoint: CheckpointInput): Promise<void> {
  await writeFileDurably(checkpointPath(out), JSON.stringify(checkpoint));
}

/** The checkpoint of an earlier run into `out`, or null when there is none. */
export async function readCheckpoint(out: string): Promise<Checkpoint | null> {
  let text: string;
  try {
    text = await readFile(checkpointPath(out), 'utf8');
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const result = Checkpoint.safeParse(parsed);
  if (!result.success) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `Cannot resume: ${checkpointPath(out)} is not a Warden checkpoint; remove it to start over.`,
    );
  }
  return result.data;
}

export async function removeCheckpoint(out: string): Promise<void> {
  await rm(checkpointPath(out), { force: true });
}
