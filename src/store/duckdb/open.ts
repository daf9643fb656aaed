/**
 * Opens (and migrates) the embedded default store: one DuckDB file. A log left with superseded rows
 * is compacted first: in place, or, when most of a large log is superseded (a file from before
 * compaction existed), by rewriting the file (rewrite-log.ts).
 */
import type { Store } from '../store.js';
import { migrate, openDuckDb, SerialConnection } from './connection.js';
import { DuckDbLists } from './lists.js';
import { DuckDbRecords, type DuckDbRecordsOptions } from './records.js';
import { rewriteLog } from './rewrite-log.js';

/** Superseded rows above which a log at least a third superseded is rewritten rather than thinned. */
const REWRITE_ABOVE = 100_000;

export interface DuckDbStoreOptions extends DuckDbRecordsOptions {
  /** Superseded rows above which a mostly superseded log is rewritten (default REWRITE_ABOVE). */
  readonly rewriteAbove?: number;
}

export async function openDuckDbStore(path: string, options: DuckDbStoreOptions = {}): Promise<Store> {
  const store = await openOnce(path, options);
  const { superseded, live } = store.records;
  if (superseded > (options.rewriteAbove ?? REWRITE_ABOVE) && superseded * 2 >= live) {
    await store.close();
    if (await rewriteLog(path)) return openOnce(path, options);
    const unchanged = await openOnce(path, options);
    await unchanged.records.compact();
    return unchanged;
  }
  if (superseded > 0) await store.records.compact();
  return store;
}

async function openOnce(path: string, options: DuckDbRecordsOptions) {
  const instance = await openDuckDb(path);
  // Three connections: a long list import (one transaction) never holds up a record write, and a
  // body read never waits behind a commit.
  const listsCon = new SerialConnection(await instance.connect());
  const recordsCon = new SerialConnection(await instance.connect());
  const readsCon = new SerialConnection(await instance.connect());
  await migrate(listsCon);
  const records = await DuckDbRecords.open(recordsCon, readsCon, options);
  return {
    lists: new DuckDbLists(listsCon),
    records,
    location: path,
    async close(): Promise<void> {
      await records.close();
      await listsCon.exclusive(async () => undefined);
      listsCon.raw.closeSync();
      recordsCon.raw.closeSync();
      readsCon.raw.closeSync();
      instance.closeSync();
    },
  };
}
