/**
 * Where a server serving a DuckDB file listens for the command line: a Unix socket beside the file,
 * readable and writable by its owner only — the file's own permission is the access control, as it
 * is for the DuckDB file. A socket path is limited to 107 bytes; a longer one moves to the temp
 * folder under a name derived from the file's absolute path, which both sides compute alike.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const MAX_SOCKET_PATH = 100;

/** The control socket of the server on `db`; null for an in-memory store, which no other process shares. */
export function controlSocketOf(db: string): string | null {
  if (db === ':memory:') return null;
  const beside = `${resolve(db)}.control`;
  if (beside.length <= MAX_SOCKET_PATH) return beside;
  const digest = createHash('sha256').update(resolve(db)).digest('hex').slice(0, 24);
  return join(tmpdir(), `warden-${digest}.control`);
}
