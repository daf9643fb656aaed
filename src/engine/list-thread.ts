/**
 * One worker thread for the slow steps of a list import (list-worker.ts): reading and hashing a big
 * list file (OFAC SDN: ~0.9 s) and indexing many entities (~1.4 s), which held a server's event loop, and
 * every screening request behind it, for as long. The thread starts when a big list needs it and
 * ends once idle. Small lists stay on the caller's thread, where a thread's start would cost more
 * than the work. When the thread cannot be had (the worker module is not built) or fails, the work
 * is done in place: slower for the loop, never a failed import.
 */
import { stat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { Entity } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import type { PreparedListVersion } from '../lists/save-list.js';
import { builtModule, workerExecArgv } from './built-worker.js';
import type { Outcome, ParseTask } from './list-worker.js';

/** Files from this size are read on the thread (the UN list's 2 MB XML parses in ~0.2 s). */
const THREAD_FILE_BYTES = 1 << 20;
/** Lists of this many entities are indexed on the thread (~0.2 s of build). */
const THREAD_ENTITIES = 2_000;
const IDLE_MS = 10_000;

let pool: Piscina | null | undefined;

function listThread(): Piscina | null {
  if (pool === undefined) {
    const file = builtModule('engine/list-worker.js');
    pool =
      file === null
        ? null
        : new Piscina({
            filename: file.href,
            execArgv: workerExecArgv(),
            minThreads: 0,
            maxThreads: 1,
            idleTimeout: IDLE_MS,
          });
  }
  return pool;
}

/** Tasks the list thread has finished since the process started (0 while it never ran). */
export const listThreadTasks = (): number => pool?.completed ?? 0;

/** Bytes of a file, or of the files of a folder (OFAC's CSV set). */
async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  const sizes = await Promise.all((await readdir(path)).map((name) => sizeOf(join(path, name))));
  return sizes.reduce((a, b) => a + b, 0);
}

/** `prepare` (a file read and prepared as a version) done on the list thread when the file is big, else here. */
export async function prepareOffThread(
  task: ParseTask,
  prepare: () => Promise<PreparedListVersion>,
): Promise<PreparedListVersion> {
  const thread = (await sizeOf(task.path).catch(() => 0)) >= THREAD_FILE_BYTES ? listThread() : null;
  if (thread === null) return prepare();
  const outcome = await (
    thread.run(task, { name: 'parseTask' }) as Promise<Outcome<PreparedListVersion>>
  ).catch(() => null);
  if (outcome === null) return prepare();
  if ('error' in outcome) {
    const { code, message, details } = outcome.error;
    throw new WardenError(code, message, { details });
  }
  return outcome.value;
}

/**
 * The snapshot of the index of `entities`, built on the list thread; null when they are few (build
 * the index in place) or the thread cannot be had.
 */
export async function snapshotOffThread(entities: readonly Entity[]): Promise<Uint8Array | null> {
  const thread = entities.length >= THREAD_ENTITIES ? listThread() : null;
  if (thread === null) return null;
  return (thread.run(entities, { name: 'snapshotTask' }) as Promise<Uint8Array>).catch(() => null);
}
