/**
 * One DuckDB file, migrated on open. DuckDB allows one writing process per file; every
 * connection here is serialised by its own queue because a connection runs one statement at a time.
 */
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { WardenError } from '../../model/errors.js';
import { MIGRATIONS } from './migrations.js';

/** A connection whose calls run one after another, with `transaction` for all-or-nothing work. */
export class SerialConnection {
  #tail: Promise<unknown> = Promise.resolve();
  constructor(readonly raw: DuckDBConnection) {}

  /** Runs `work` alone on this connection. */
  exclusive<T>(work: (con: DuckDBConnection) => Promise<T>): Promise<T> {
    const next = this.#tail.then(() => work(this.raw));
    this.#tail = next.catch(() => undefined);
    return next;
  }

  transaction<T>(work: (con: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.exclusive(async (con) => {
      await con.run('BEGIN TRANSACTION');
      try {
        const result = await work(con);
        await con.run('COMMIT');
        return result;
      } catch (e) {
        await con.run('ROLLBACK');
        throw e;
      }
    });
  }

  async rows(sql: string, values?: DuckDBValue[]): Promise<Record<string, unknown>[]> {
    return this.exclusive(async (con) => (await con.runAndReadAll(sql, values)).getRowObjectsJS());
  }
}

/**
 * DuckDB's own cache of file blocks. Its default, 80 % of the machine's memory, let a server that
 * reads old records back grow by every block it read (+500 MB over 1,000 status reads at 100k
 * transactions, bench/store/restart.ts); record bodies have their own bounded cache (body-cache.ts).
 */
export const STORE_MEMORY_LIMIT = '256MB';

export async function openDuckDb(path: string): Promise<DuckDBInstance> {
  try {
    return await DuckDBInstance.create(path, { memory_limit: STORE_MEMORY_LIMIT });
  } catch (e) {
    const reason = e instanceof Error ? e.message.split('\n')[0]! : String(e);
    const holder = /Conflicting lock is held in .*\(PID (\d+)\)/.exec(reason)?.[1];
    if (holder !== undefined) {
      // DuckDB lets one process open a file; the usual holder is a running `warden serve`.
      throw new WardenError(
        'STORE_ERROR',
        `The database file "${path}" is in use by process ${holder} (a running warden serve?). List imports and updates, clients and reviewers are handed to a running server; other commands need the file to themselves.`,
        { cause: e },
      );
    }
    throw new WardenError('STORE_ERROR', `Cannot open the database file "${path}": ${reason}`, { cause: e });
  }
}

export async function migrate(con: SerialConnection): Promise<void> {
  await con.exclusive((c) =>
    c.run(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR, applied_at BIGINT)`,
    ),
  );
  const applied = new Set(
    (await con.rows('SELECT version FROM schema_migrations')).map((r) => Number(r.version)),
  );
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    await con.transaction(async (c) => {
      for (const sql of m.statements) await c.run(sql);
      await c.run('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
    });
  }
}
