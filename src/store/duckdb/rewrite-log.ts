/**
 * Rewrites a store file into a fresh one holding only each record's newest row, and puts it in the
 * old file's place. Compacting in place frees a log's superseded rows but not the file: DuckDB
 * writes the thinned row groups anew and keeps the freed blocks for later writes, so the first
 * compaction of a log of 1M transactions, half of it superseded, took the file from 7.9 to 11.2 GB
 * (bench/store/restart.ts). Later writes reuse those blocks; a rewrite gives them back at once.
 *
 * Crash-safe by construction: the fresh file is written beside the old one and renamed over it only
 * when complete; a leftover from an interrupted rewrite is deleted on the next try.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { openDuckDb } from './connection.js';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rewrites the (migrated, closed) store file at `path`; false when it could not and left it as it was. */
export async function rewriteLog(path: string): Promise<boolean> {
  const fresh = `${path}.rewrite`;
  const removeFresh = () => {
    rmSync(fresh, { force: true });
    rmSync(`${fresh}.wal`, { force: true });
  };
  removeFresh();
  const instance = await openDuckDb(path);
  const con = await instance.connect();
  try {
    const [[db]] = (await con.runAndReadAll('SELECT current_database()')).getRowsJS() as [[string]];
    const tables = (
      await con.runAndReadAll(
        `SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'`,
      )
    ).getRowsJS() as [string][];
    await con.run(`ATTACH '${fresh.replaceAll("'", "''")}' AS rewritten`);
    await con.run(`COPY FROM DATABASE ${quoted(db)} TO rewritten (SCHEMA)`);
    for (const [table] of tables) {
      const source = `${quoted(db)}.main.${quoted(table)}`;
      await con.run(
        table === 'records_log'
          ? // A semi-join on seqs, not a window or a sort over rows that carry their JSON: those ran
            // out of the store's 256 MB at 60k transactions. The scan's order (seq order) is kept.
            `INSERT INTO rewritten.main.records_log SELECT * FROM ${source}
             WHERE NOT deleted AND seq IN (SELECT max(seq) FROM ${source} GROUP BY collection, client_id, id)`
          : `INSERT INTO rewritten.main.${quoted(table)} SELECT * FROM ${source}`,
      );
    }
    await con.run('DETACH rewritten');
  } catch {
    con.closeSync();
    instance.closeSync();
    removeFresh();
    return false;
  }
  con.closeSync();
  instance.closeSync();
  // A write-ahead log left beside the old file would be replayed onto the new one: keep the old file.
  if (existsSync(`${path}.wal`) || existsSync(`${fresh}.wal`)) {
    removeFresh();
    return false;
  }
  renameSync(fresh, path);
  return true;
}
