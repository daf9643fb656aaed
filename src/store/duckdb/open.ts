/** Opens (and migrates) the embedded default store: one DuckDB file. */
import type { Store } from '../store.js';
import { migrate, openDuckDb, SerialConnection } from './connection.js';
import { DuckDbLists } from './lists.js';
import { DuckDbRecords } from './records.js';

export async function openDuckDbStore(path: string): Promise<Store> {
  const instance = await openDuckDb(path);
  // Two connections: a long list import (one transaction) never holds up a record write.
  const listsCon = new SerialConnection(await instance.connect());
  const recordsCon = new SerialConnection(await instance.connect());
  await migrate(listsCon);
  const records = await DuckDbRecords.open(recordsCon);
  return {
    lists: new DuckDbLists(listsCon),
    records,
    location: path,
    async close() {
      await records.close();
      await listsCon.exclusive(async () => undefined);
      listsCon.raw.closeSync();
      recordsCon.raw.closeSync();
      instance.closeSync();
    },
  };
}
