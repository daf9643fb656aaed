export type {
  ListStore,
  NewListVersion,
  PutOptions,
  RecordEntry,
  RecordRef,
  RecordStore,
  SavedListVersion,
  Store,
  StoredRecord,
} from './store.js';
export { openMemoryStore } from './memory.js';
export { openDuckDbStore } from './duckdb/index.js';
export { DEFAULT_DB, openStore, type StoreOptions } from './open-store.js';
export { ResidentRecords } from './resident-records.js';
