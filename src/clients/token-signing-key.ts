/**
 * The server's Bearer-token signing key. Kept in the store (collection "server") so tokens issued
 * before a restart still verify after it; generated once, on first open, when the host passes none.
 * Anyone holding the database file can forge tokens, but they hold every record already.
 */
import { z } from 'zod';
import type { RecordStore } from '../store/store.js';

export const SERVER_COLLECTION = 'server';
// Owner of server-wide records; "cl_" ids can never equal it.
const SERVER_SCOPE = 'warden';
const SIGNING_KEY_ID = 'token-signing-key';
const KEY_BYTES = 32;

const StoredSigningKey = z.object({ algorithm: z.literal('HS256'), key: z.string().min(1) });

// One load per store object: two registries opening a fresh DuckDB store together would otherwise
// each generate and commit a key (in separate commits), and each sign with its own.
const loads = new WeakMap<RecordStore, Promise<Buffer>>();

/** Returns the stored key, or generates, stores (durably) and returns a new one. */
export function loadTokenSigningKey(
  records: RecordStore,
  randomBytes: (size: number) => Uint8Array,
  now: number,
): Promise<Buffer> {
  let load = loads.get(records);
  if (load === undefined) {
    load = loadOrCreate(records, randomBytes, now);
    loads.set(records, load);
    // A failed write must not stick: the next open tries again.
    load.catch(() => loads.delete(records));
  }
  return load;
}

async function loadOrCreate(
  records: RecordStore,
  randomBytes: (size: number) => Uint8Array,
  now: number,
): Promise<Buffer> {
  const existing = await records.get<unknown>(SERVER_COLLECTION, SERVER_SCOPE, SIGNING_KEY_ID);
  if (existing !== undefined) return Buffer.from(StoredSigningKey.parse(existing.data).key, 'base64url');
  const key = Buffer.from(randomBytes(KEY_BYTES));
  await records.put({
    collection: SERVER_COLLECTION,
    id: SIGNING_KEY_ID,
    client_id: SERVER_SCOPE,
    key: null,
    created_at: now,
    updated_at: now,
    data: { algorithm: 'HS256', key: key.toString('base64url') },
  });
  return key;
}
