/**
 * Index snapshots kept between runs (screening/index-snapshot.ts), one file per set of lists and
 * indexing code, in a directory of their own (the CLI's: beside its DuckDB file). The first run
 * against a list version builds its index and leaves a snapshot; every later run's workers load it,
 * all of them from one SharedArrayBuffer. A file is named by a hash of the lists' versions and content
 * hashes (of their JSON, for lists given as entities) and of the indexing code's fingerprint, so lists that changed or code that prepares names differently never
 * meet an old snapshot; it is written whole under a temporary name and renamed, so a run killed while
 * writing leaves none. Only the newest few are kept.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Entity } from '../model/entity.js';
import { buildEntityIndex, type EntityIndex } from '../screening/index.js';
import { snapshotEntityIndex } from '../screening/index-snapshot.js';
import type { ListStore } from '../store/index.js';
import { loadCurrentLists } from './delta.js';
import { indexCodeVersion } from './normalization-version.js';

const SUFFIX = '.index';
/** Snapshots kept: the current lists' and a few before (a delta run's baseline, a rollback). */
const KEPT = 3;

/** The CLI's cache: beside its DuckDB file; none for an in-memory store. */
export const indexCacheBeside = (db: string): string | undefined =>
  db === ':memory:' ? undefined : `${db}.indexes`;

/** The lists' snapshot in a cache: its file, and its bytes when a run has left one. */
export interface CachedIndex {
  readonly file: string;
  readonly bytes: Uint8Array | null;
}

/** Looks up the snapshot of the lists `key` names (ListsInUse.key: their versions, or their JSON) in `dir`. */
export async function cachedIndex(dir: string, key: string): Promise<CachedIndex> {
  const hash = createHash('sha256')
    .update(await indexCodeVersion())
    .update('\n')
    .update(key);
  const file = join(dir, `${hash.digest('hex').slice(0, 32)}${SUFFIX}`);
  return { file, bytes: readShared(file) };
}

/**
 * The file's bytes in a SharedArrayBuffer (the workers share them), or null when there is none.
 * Read at once (~10 ms for OFAC SDN's 14 MB): read in async steps, it waited behind the plan's work
 * on the main thread, and the workers with it.
 */
export function readShared(file: string): Uint8Array | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const { size } = fstatSync(fd);
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let at = 0;
    for (let read = -1; at < size && read !== 0; at += read) read = readSync(fd, bytes, at, size - at, at);
    return at === size ? bytes : null;
  } finally {
    closeSync(fd);
  }
}

/** Writes a snapshot as `cached.file`, then removes all but the newest KEPT snapshots. */
export async function saveIndex(cached: CachedIndex, bytes: Uint8Array): Promise<void> {
  const dir = dirname(cached.file);
  await mkdir(dir, { recursive: true });
  const partial = `${cached.file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, cached.file);
  const files = (await readdir(dir)).filter((f) => f.endsWith(SUFFIX)).map((f) => join(dir, f));
  const ages = await Promise.all(files.map(async (f) => ({ f, at: (await stat(f)).mtimeMs })));
  ages.sort((a, b) => b.at - a.at);
  await Promise.all(ages.slice(KEPT).map(({ f }) => rm(f, { force: true })));
}

/**
 * Indexes the store's current lists into the cache unless their snapshot is there already: what
 * `warden lists import` and `update` do once the lists are saved, so the next batch run (the night's
 * delta too) loads the index instead of building it. Returns the snapshot's file.
 */
export async function indexCurrentLists(lists: ListStore, dir: string): Promise<string> {
  const { key, entitiesJson } = await loadCurrentLists(lists);
  const cached = await cachedIndex(dir, key);
  if (cached.bytes === null) {
    const index = buildEntityIndex(JSON.parse(await entitiesJson()) as Entity[]);
    await saveIndex(cached, snapshotEntityIndex(index));
  }
  return cached.file;
}

/**
 * As indexCurrentLists, from an index a running server already built of the same versions, in the
 * same order: only its snapshot is written, the one the list thread made when there is one, else
 * taken of the index (0.2 s for OFAC SDN, where building it again held a server's loop for 5.8 s).
 * Null, and nothing written, when the versions differ.
 */
export async function snapshotActiveLists(
  active: {
    readonly index: EntityIndex;
    readonly versions: readonly { readonly id: string }[];
    readonly snapshot?: Uint8Array | null;
  },
  lists: ListStore,
  dir: string,
): Promise<string | null> {
  const { versions, key } = await loadCurrentLists(lists);
  if (versions.map((v) => v.id).join('\n') !== active.versions.map((v) => v.id).join('\n')) return null;
  const cached = await cachedIndex(dir, key);
  if (cached.bytes === null) await saveIndex(cached, active.snapshot ?? snapshotEntityIndex(active.index));
  return cached.file;
}
