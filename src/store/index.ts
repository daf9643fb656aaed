export type {
  ListStore,
  NewListVersion,
  PutOptions,
  RecordStore,
  SavedListVersion,
  Store,
  StoredRecord,
} from './store.js';
export { openMemoryStore } from './memory.js';
export { openDuckDbStore } from './duckdb/index.js';
export { DEFAULT_DB, openStore } from './open-store.js';
