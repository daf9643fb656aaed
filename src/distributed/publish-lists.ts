/**
 * Publishes the lists a run screens against into the work folder, once per set of lists and
 * indexing code: their entities' JSON and their index snapshot, named by the index cache's key
 * (index-cache.ts), so every worker restores the index (~0.35–0.5 s on OFAC SDN) instead of
 * building it (1.1–1.9 s), once, and keeps it warm across shards. The snapshot comes from the
 * coordinator's own index cache when it has one; else the coordinator builds the index once, and
 * leaves the snapshot in that cache too. Files are written under a temporary name and renamed, the
 * snapshot last: a snapshot beside its JSON is a complete pair.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Entity } from '../model/entity.js';
import { buildEntityIndex } from '../screening/index.js';
import { snapshotEntityIndex } from '../screening/index-snapshot.js';
import { cachedIndex, saveIndex } from '../batch/index-cache.js';
import { listsFiles } from './work-dir.js';

export interface PublishedLists {
  readonly key: string;
  /** The snapshot's bytes, shared (a delta run's gate pool restores from them). */
  readonly snapshot: Uint8Array;
}

async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, data);
  await rename(partial, path);
}

/** The lists a run publishes: their index cache key (ListsInUse.key) and every entity as JSON. */
export interface ListsToPublish {
  readonly key: string;
  readonly json: string;
}

/** The snapshot of the lists: from `indexCache` when it holds one, else built (and left there). */
async function snapshotOf(
  { key, json }: ListsToPublish,
  indexCache: string | undefined,
): Promise<Uint8Array> {
  const cached = indexCache === undefined ? null : await cachedIndex(indexCache, key).catch(() => null);
  if (cached?.bytes) return cached.bytes;
  const bytes = snapshotEntityIndex(buildEntityIndex(JSON.parse(json) as Entity[]));
  if (cached) await saveIndex(cached, bytes).catch(() => undefined);
  return bytes;
}

/**
 * Makes the lists available to the workers in `workDir`; returns their key.
 *
 * @example const { key } = await publishLists('/mnt/warden-work', { key, json }, 'warden.duckdb.indexes')
 */
export async function publishLists(
  workDir: string,
  lists: ListsToPublish,
  indexCache: string | undefined,
): Promise<PublishedLists> {
  const dir = join(workDir, 'lists');
  await mkdir(dir, { recursive: true });
  const here = await cachedIndex(dir, lists.key);
  const key = basename(here.file, '.index');
  const files = listsFiles(workDir, key);
  if (here.bytes !== null && existsSync(files.entities)) return { key, snapshot: here.bytes };
  const snapshot = await snapshotOf(lists, indexCache);
  await writeAtomically(files.entities, lists.json);
  await writeAtomically(files.snapshot, snapshot);
  return { key, snapshot };
}
