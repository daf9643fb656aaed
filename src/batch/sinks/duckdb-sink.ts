/**
 * DuckDB output: a `results` table in the OUT file, one record per match (result-records.ts), bulk
 * written with the Appender. Each record carries its input row's ordinal, so a resume deletes the
 * records past the checkpoint and appends from there.
 */
import { DuckDBInstance, type DuckDBAppender } from '@duckdb/node-api';
import { WardenError } from '../../model/errors.js';
import type { ChunkOutput } from '../chunk-task.js';
import { resultColumns } from '../result-records.js';
import type { BatchSink, SinkResume } from './batch-sink.js';

const NUMERIC = new Set<string>(['score']);

const createResults = (review: boolean) =>
  `CREATE TABLE IF NOT EXISTS results (row_index BIGINT, ${resultColumns(review)
    .map((c) => `${c} ${NUMERIC.has(c) ? 'DOUBLE' : 'VARCHAR'}`)
    .join(', ')})`;

/** `review`: a run for a client, whose table has one more column (result-records.ts). */
export async function openDuckDbSink(
  path: string,
  resume: SinkResume | null,
  review = false,
): Promise<BatchSink> {
  let instance: DuckDBInstance;
  try {
    instance = await DuckDBInstance.create(path);
  } catch (e) {
    const reason = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
    throw new WardenError('VALIDATION_ERROR', `Cannot write the output database ${path}: ${reason}`, {
      cause: e,
    });
  }
  const con = await instance.connect();
  // A fresh run replaces the `results` table (an older run's rows must not mix with this one's) and
  // leaves anything else in the file alone.
  if (resume === null) await con.run('DROP TABLE IF EXISTS results');
  await con.run(createResults(review));
  // A resumed output written before the warnings column existed gets it, so the appender fits.
  await con.run('ALTER TABLE results ADD COLUMN IF NOT EXISTS warnings VARCHAR');
  if (resume !== null) await con.run(`DELETE FROM results WHERE row_index >= ${Math.trunc(resume.rows)}`);
  const appender: DuckDBAppender = await con.createAppender('results');
  return {
    encoding: 'records',
    async write(output: ChunkOutput) {
      for (const record of output.records ?? []) {
        appender.appendBigInt(BigInt(record[0] as number));
        for (let i = 1; i < record.length; i++) {
          const value = record[i];
          if (value === null || value === undefined) appender.appendNull();
          else if (typeof value === 'number') appender.appendDouble(value);
          else appender.appendVarchar(value);
        }
        appender.endRow();
      }
    },
    async sync() {
      // A flush commits the appended rows; DuckDB syncs its write-ahead log on commit.
      appender.flushSync();
      return null;
    },
    async close() {
      appender.closeSync();
      await con.run('CHECKPOINT');
      con.closeSync();
      instance.closeSync();
    },
  };
}
