/** Opens (and migrates) the embedded default store: one DuckDB file. */
import type { Store } from '../store.js';
import { migrate, openDuckDb, SerialConnection } from './connection.js';
import { DuckDbLists } from './lists.js';
import { DuckDbRecords, type DuckDbRecordsOptions } from './records.js';

export async function openDuckDbStore(path: string, options: DuckDbRecordsOptions = {}): Promise<Store> {
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
    async close() {
      await records.close();
      await listsCon.exclusive(async () => undefined);
      listsCon.raw.closeSync();
      recordsCon.raw.closeSync();
      readsCon.raw.closeSync();
      instance.closeSync();
    },
  };
}
