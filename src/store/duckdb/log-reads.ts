/**
 * Reads record bodies back from records_log by their row's seq, on a connection of their own so a
 * read never waits behind a group commit. seq grows in insert order, so each row group's min/max
 * (DuckDB's zonemap) rules out all but one group; what a lookup still costs is decompressing part
 * of that group's JSON: 2–5 ms at a million transactions (bench/store/restart.ts). An ART index on
 * seq made a warm lookup 0.7 ms, but DuckDB never reclaims the space of rows deleted from an indexed
 * table, so compaction would stop shrinking the file (10k records written 21 times: 197 MB, against 16 MB
 * without the index): the body cache is what keeps recent records fast instead.
 */
import type { DuckDBPreparedStatement } from '@duckdb/node-api';
import type { SerialConnection } from './connection.js';

/** Seqs per IN list: one statement per this many bodies of a listing. */
const BATCH = 500;

export class LogReads {
  #one: DuckDBPreparedStatement | null = null;

  constructor(private readonly con: SerialConnection) {}

  /** The JSON of the row `seq`, or undefined when no such row is left (compacted since). */
  one(seq: number): Promise<string | undefined> {
    return this.con.exclusive(async (raw) => {
      this.#one ??= await raw.prepare('SELECT data FROM records_log WHERE seq = $1');
      this.#one.bindBigInt(1, BigInt(seq));
      const rows = (await this.#one.runAndReadAll()).getRowsJS();
      const data = rows[0]?.[0];
      return typeof data === 'string' ? data : undefined;
    });
  }

  /** The JSON of every row of `seqs` still present, by seq. */
  async many(seqs: readonly number[]): Promise<Map<number, string>> {
    const found = new Map<number, string>();
    for (let i = 0; i < seqs.length; i += BATCH) {
      // Only numbers this store generated are spliced in, never caller text.
      const list = seqs.slice(i, i + BATCH).join(', ');
      const rows = await this.con.exclusive(async (raw) =>
        (await raw.runAndReadAll(`SELECT seq, data FROM records_log WHERE seq IN (${list})`)).getRowsJS(),
      );
      for (const [seq, data] of rows) found.set(Number(seq), String(data));
    }
    return found;
  }

  close(): Promise<void> {
    return this.con.exclusive(async () => {
      this.#one?.destroySync();
      this.#one = null;
    });
  }
}
