/** The one way the edges open a store: a DuckDB file path, or ":memory:" for an ephemeral one. */
import { openDuckDbStore } from './duckdb/index.js';
import type { DuckDbRecordsOptions } from './duckdb/records.js';
import { openMemoryStore } from './memory.js';
import type { Store } from './store.js';
import { DEFAULT_DB } from './default-db.js';

export { DEFAULT_DB };

export type StoreOptions = DuckDbRecordsOptions;

export async function openStore(location: string = DEFAULT_DB, options: StoreOptions = {}): Promise<Store> {
  return location === ':memory:' ? openMemoryStore() : openDuckDbStore(location, options);
}
