/** Both Store implementations for suites that must hold on each: memory, and DuckDB in a temp file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDuckDbStore, openMemoryStore, type Store } from '../../src/store/index.js';

/** A DuckDB file path in a fresh temp directory, plus its removal. */
export function tempDbPath(prefix = 'warden-'): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { path: join(dir, 'warden.duckdb'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface OpenedStore {
  readonly store: Store;
  /** Closes and opens the same data again (memory: the same object, nothing to reopen). */
  reopen(): Promise<Store>;
  dispose(): Promise<void>;
}

export const STORE_KINDS: readonly [string, () => Promise<OpenedStore>][] = [
  [
    'memory',
    async () => {
      const store = openMemoryStore();
      return { store, reopen: async () => store, dispose: () => store.close() };
    },
  ],
  [
    'duckdb',
    async () => {
      const { path, remove } = tempDbPath('warden-clients-');
      let store = await openDuckDbStore(path);
      return {
        get store() {
          return store;
        },
        async reopen() {
          await store.close();
          store = await openDuckDbStore(path);
          return store;
        },
        async dispose() {
          await store.close();
          remove();
        },
      };
    },
  ],
];
