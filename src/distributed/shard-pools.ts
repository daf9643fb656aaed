/**
 * A worker's screening pools, one per run it screens shards of: the run's lists restored from the
 * snapshot the coordinator published (each thread restores it once) and set up with the run's
 * WorkerSetup, then kept warm for every later shard of that run. The pool of the run last used stays
 * open when idle; older idle ones are closed (a worker serves one run at a time in the usual case,
 * and a pool holds an index per thread).
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { WorkerSetup } from '../batch/chunk-task.js';
import { readShared } from '../batch/index-cache.js';
import { openScreeningPool, type ScreeningPool } from '../batch/pool.js';
import { readRunManifest, type RunManifest } from './run-manifest.js';
import { listsFiles, runFiles } from './work-dir.js';

export interface RunPool {
  readonly manifest: RunManifest;
  readonly pool: ScreeningPool;
}

interface Entry {
  readonly ready: Promise<RunPool>;
  users: number;
}

async function openRunPool(runDir: string, threads: number): Promise<RunPool> {
  const files = runFiles(runDir);
  const manifest = await readRunManifest(files.manifest);
  if (manifest === null) throw new Error(`The run folder ${runDir} holds no manifest.`);
  const lists = listsFiles(dirname(dirname(runDir)), manifest.lists.key);
  const json = await readFile(lists.entities, 'utf8');
  const snapshot = readShared(lists.snapshot);
  const onlyJson = manifest.only ? await readFile(files.only, 'utf8') : null;
  const setup = JSON.parse(await readFile(files.setup, 'utf8')) as WorkerSetup;
  const pool = openScreeningPool(threads, manifest.lists.entities);
  pool.lists({ json, snapshot, onlyJson });
  pool.setup(setup);
  return { manifest, pool };
}

export class ShardPools {
  readonly #threads: number;
  readonly #pools = new Map<string, Entry>();
  #latest: string | null = null;

  constructor(threads: number) {
    this.#threads = threads;
  }

  /** The pool of the run in `runDir`, opened on first use; give it back with `release`. */
  async acquire(runDir: string): Promise<RunPool> {
    let entry = this.#pools.get(runDir);
    if (entry === undefined) {
      const ready = openRunPool(runDir, this.#threads);
      entry = { ready, users: 0 };
      this.#pools.set(runDir, entry);
      // A run that cannot be opened is forgotten, so a later job tries again.
      ready.catch(() => this.#pools.delete(runDir));
    }
    entry.users++;
    this.#latest = runDir;
    try {
      return await entry.ready;
    } catch (e) {
      entry.users--;
      throw e;
    }
  }

  release(runDir: string): void {
    const entry = this.#pools.get(runDir);
    if (entry !== undefined) entry.users--;
    for (const [dir, other] of this.#pools) {
      if (dir === this.#latest || other.users > 0) continue;
      this.#pools.delete(dir);
      void other.ready.then((p) => p.pool.close()).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const entries = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(entries.map((e) => e.ready.then((p) => p.pool.close()).catch(() => undefined)));
  }
}
