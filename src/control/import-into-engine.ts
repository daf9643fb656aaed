/**
 * A list import into a running engine: the file is read and stored, the new version becomes active
 * (screening answers from the previous index until the swap), and the batch runs' index cache
 * beside the DuckDB file gets a snapshot of that same index, as `warden lists import` leaves one.
 */
import { indexCacheBeside, snapshotActiveLists } from '../batch/index.js';
import { importListFile, type ListSource } from '../engine/import-list.js';
import type { Engine } from '../engine/types.js';
import type { SavedList } from '../lists/save-list.js';

export interface EngineImport {
  readonly source: ListSource;
  readonly path: string;
  readonly listName?: string;
  /** A file already stored as a version is not stored again (the scheduled updates). */
  readonly skipUnchangedFile?: boolean;
}

export async function importIntoEngine(
  engine: Engine,
  db: string,
  request: EngineImport,
): Promise<SavedList & { index: string | null }> {
  const saved = await importListFile(engine.store, { ...request, now: Date.now(), offThread: true });
  if (!saved.summary.new_version) return { ...saved, index: null };
  await engine.reloadLists();
  const cache = indexCacheBeside(db);
  // A cache that cannot be written costs the next batch run a build, nothing more.
  const index =
    cache === undefined
      ? null
      : await snapshotActiveLists(engine.activeLists(), engine.store.lists, cache).catch(() => null);
  return { ...saved, index };
}
