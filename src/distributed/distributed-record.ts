/**
 * `OUT.distributed.json`: the coordinator's record of a distributed run into OUT. Written before the
 * run touches the work folder or Redis, it is how `--resume` finds the same run (its id and work
 * folder); once the run completes it says what the fleet did: shards, attempts, stalls, workers.
 * It never holds the Redis URL (which may carry a password).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileDurably } from '../batch/checkpoint.js';

export const DistributedRecord = z.object({
  format: z.literal(1),
  run: z.string(),
  work_dir: z.string(),
  identity: z.string(),
  status: z.enum(['running', 'completed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  shards: z.number().int().nonnegative().nullable(),
  /** Attempts the workers started (a shard run twice counts twice) and stalls BullMQ recovered. */
  attempts: z.object({ started: z.number().int(), stalled: z.number().int() }).nullable(),
  /** The workers whose results were committed. */
  workers: z.array(z.string()),
});
export type DistributedRecord = z.infer<typeof DistributedRecord>;

export const distributedRecordPath = (out: string) => `${out}.distributed.json`;

export async function writeDistributedRecord(out: string, record: DistributedRecord): Promise<void> {
  await writeFileDurably(distributedRecordPath(out), `${JSON.stringify(record, null, 2)}\n`);
}

/** The record beside OUT, or null when there is none or it cannot be read (a fresh start then). */
export async function readDistributedRecord(out: string): Promise<DistributedRecord | null> {
  try {
    const result = DistributedRecord.safeParse(
      JSON.parse(await readFile(distributedRecordPath(out), 'utf8')),
    );
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
