/**
 * Compaction of records_log: deletes every row but the newest of each id, and every row of a deleted
 * id (its tombstone with them, in the same statement, so no older copy can come back).
 *
 * What the audit trail needs survives, because it is inside the newest copy: a stored transaction
 * carries its whole state history and its screening audit (transactions/transaction-record.ts), a
 * webhook delivery its every attempt, an onboarding its status changes. A superseded copy only
 * repeats an earlier prefix of that.
 */
import type { SerialConnection } from './connection.js';

export interface CompactionOutcome {
  /** Rows deleted. */
  readonly removed: number;
  /** Rows left: the live records. */
  readonly rows: number;
}

/** Runs on the writing connection, so it never interleaves with a group commit. */
export function compactLog(con: SerialConnection): Promise<CompactionOutcome> {
  return con.exclusive(async (raw) => {
    // An anti-join on each id's newest seq: it holds one number per id, where a window over the log
    // would hold every row's columns (the rewrite's window ran out of the store's 256 MB).
    const deleted = await raw.run(
      `DELETE FROM records_log WHERE deleted
         OR seq NOT IN (SELECT max(seq) FROM records_log GROUP BY collection, client_id, id)`,
    );
    // The checkpoint writes the table without the deleted rows, so later inserts reuse their blocks.
    await raw.run('CHECKPOINT');
    const left = (await raw.runAndReadAll('SELECT count(*) FROM records_log')).getRowsJS();
    return { removed: Number(deleted.rowsChanged), rows: Number(left[0]![0]) };
  });
}
