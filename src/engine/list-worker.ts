/**
 * The list thread's tasks (list-thread.ts): the two steps of a list import that hold a thread for
 * seconds, reading a list file (and hashing it as a version is stored) and indexing the lists, run
 * here so a host's event loop keeps answering. A WardenError comes back as its code and message, to be thrown again as itself.
 */
import { move } from 'piscina';
import type { Entity } from '../model/entity.js';
import { isWardenError, type ErrorCode } from '../model/errors.js';
import { prepareListVersion, type PreparedListVersion } from '../lists/save-list.js';
import { buildEntityIndex } from '../screening/index.js';
import { snapshotEntityIndex } from '../screening/index-snapshot.js';
import { parseListFile, type ListSource } from './import-list.js';

export interface ParseTask {
  readonly source: ListSource;
  readonly path: string;
  readonly listName?: string | undefined;
}

export type Outcome<T> =
  { readonly value: T } | { readonly error: { code: ErrorCode; message: string; details: string } };

/** Reads a list file and prepares it as a version is stored: only strings go back. */
export async function parseTask(task: ParseTask): Promise<Outcome<PreparedListVersion>> {
  try {
    const parsed = await parseListFile(task.source, task.path, task.listName);
    return { value: prepareListVersion(parsed, task) };
  } catch (e) {
    if (isWardenError(e)) return { error: { code: e.code, message: e.message, details: e.details } };
    throw e;
  }
}

/** The snapshot of the index of `entities`, moved back rather than copied. */
export function snapshotTask(entities: readonly Entity[]): unknown {
  return move(snapshotEntityIndex(buildEntityIndex(entities)));
}
