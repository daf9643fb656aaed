/**
 * Parquet files and DuckDB tables as portfolios, streamed chunk by chunk through @duckdb/node-api
 * (`for await (const chunk of await con.stream(sql))`), so a table of any size is never
 * materialised. Values of any column type are read as text (a DATE column gives YYYY-MM-DD).
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { WardenError } from '../../model/errors.js';
import type { ColumnMapping, PortfolioRow } from '../portfolio-row.js';
import { resolveColumns, rowFromFields } from './columns.js';
import type { PortfolioSource } from './portfolio-source.js';

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

async function openRelation(
  instance: DuckDBInstance,
  relation: string,
  what: string,
  mapping: ColumnMapping,
  description: string,
  fingerprint: string,
): Promise<PortfolioSource> {
  const con: DuckDBConnection = await instance.connect();
  let header: string[];
  let total: number;
  try {
    header = (await con.runAndReadAll(`SELECT * FROM ${relation} LIMIT 0`)).columnNames();
    const counted = await con.runAndReadAll(`SELECT count(*) FROM ${relation}`);
    total = Number(counted.getRows()[0]?.[0] ?? 0);
  } catch (e) {
    con.closeSync();
    instance.closeSync();
    const reason = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
    throw new WardenError('VALIDATION_ERROR', `Cannot read the portfolio ${what}: ${reason}`, { cause: e });
  }
  let at;
  try {
    at = resolveColumns(header, mapping);
  } catch (e) {
    con.closeSync();
    instance.closeSync();
    throw e;
  }
  let read = 0;
  return {
    description,
    fingerprint: `${fingerprint}:${total}`,
    totalRows: total,
    progress: () => (total === 0 ? null : Math.min(1, read / total)),
    async *rows(skip: number) {
      // A plain scan keeps insertion order (DuckDB's preserve_insertion_order is on by default), so
      // skipping the first `skip` rows of the same query resumes exactly where the last run stopped.
      const result = await con.stream(`SELECT * FROM ${relation}`);
      let toSkip = skip;
      for await (const chunk of result) {
        let rows = chunk.getRows();
        read += rows.length;
        if (toSkip > 0) {
          const dropped = Math.min(toSkip, rows.length);
          rows = rows.slice(dropped);
          toSkip -= dropped;
        }
        if (rows.length > 0) yield rows.map((fields): PortfolioRow => rowFromFields(fields, at));
      }
    },
    async close() {
      con.closeSync();
      instance.closeSync();
    },
  };
}

/** A Parquet portfolio, read with `read_parquet`. */
export async function openParquetPortfolio(
  path: string,
  mapping: ColumnMapping = {},
): Promise<PortfolioSource> {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new WardenError('VALIDATION_ERROR', `The portfolio file ${path} does not exist or cannot be read.`);
  }
  const instance = await DuckDBInstance.create(':memory:');
  return openRelation(
    instance,
    `read_parquet(${sqlString(path)})`,
    path,
    mapping,
    `${basename(path)} (${(stat.size / 1e6).toFixed(1)} MB)`,
    `parquet:${path}:${stat.size}:${Math.trunc(stat.mtimeMs)}`,
  );
}

/** A table in a DuckDB file (`duckdb:TABLE` with the CLI's --db). */
export async function openDuckDbTablePortfolio(
  dbPath: string,
  table: string,
  mapping: ColumnMapping = {},
): Promise<PortfolioSource> {
  if (!IDENTIFIER.test(table)) {
    throw new WardenError('VALIDATION_ERROR', `"${table}" is not a table name (letters, digits and _ only).`);
  }
  const quoted = table
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
  let instance: DuckDBInstance;
  try {
    instance = await DuckDBInstance.create(dbPath);
  } catch (e) {
    const reason = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
    throw new WardenError('VALIDATION_ERROR', `Cannot open the database ${dbPath}: ${reason}`, { cause: e });
  }
  return openRelation(
    instance,
    quoted,
    `table ${table} in ${dbPath}`,
    mapping,
    `table ${table}`,
    `duckdb:${dbPath}:${table}`,
  );
}
