/** The one way the edges open a store: a DuckDB file path, or ":memory:" for an ephemeral one. */
import { openDuckDbStore } from './duckdb/index.js';
import { openMemoryStore } from './memory.js';
import type { Store } from './store.js';

export const DEFAULT_DB = 'warden.duckdb';

export async function openStore(location: string = DEFAULT_DB): Promise<Store> {
  return location === ':memory:' ? openMemoryStore() : openDuckDbStore(location);
}
