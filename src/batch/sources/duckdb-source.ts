/**
 * Parquet files and DuckDB tables as portfolios, streamed chunk by chunk through @duckdb/node-api
 * (`for await (const chunk of await con.stream(sql))`), so a table of any size is never
 * materialised. Values of any column type are read as text (a DATE column gives YYYY-MM-DD).
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { WardenError } from '../../model/errors.js';
import type { ColumnMapping } from '../portfolio-row.js';
import { resolveColumns, rowFromFields } from './columns.js';
import type { PortfolioSource, RowBatch, RowSelection } from './portfolio-source.js';

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

/**
 * A checksum of a table's rows and their order (each row hashed with its rowid, XOR-ed: one scan,
 * ~70 ms for 1M rows), or null when the relation has no rowid (a view): its content then has no
 * cheap fingerprint.
 */
async function tableChecksum(con: DuckDBConnection, relation: string): Promise<string | null> {
  try {
    const result = await con.runAndReadAll(`SELECT bit_xor(hash(rowid, t)) FROM ${relation} t`);
    return String(result.getRows()[0]?.[0] ?? 0);
  } catch {
    return null;
  }
}

async function openRelation(
  instance: DuckDBInstance,
  relation: string,
  what: string,
  mapping: ColumnMapping,
  description: string,
  fingerprint: string,
  /** Tables: fingerprint the content too (a file's size and modification time already do). */
  checksum: boolean,
): Promise<PortfolioSource> {
  const con: DuckDBConnection = await instance.connect();
  let header: string[];
  let total: number;
  let content: string | null = checksum ? null : '';
  try {
    header = (await con.runAndReadAll(`SELECT * FROM ${relation} LIMIT 0`)).columnNames();
    const counted = await con.runAndReadAll(`SELECT count(*) FROM ${relation}`);
    total = Number(counted.getRows()[0]?.[0] ?? 0);
    if (checksum) content = await tableChecksum(con, relation);
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
    fingerprint: `${fingerprint}:${total}${content ? `:${content}` : ''}`,
    stable: content !== null,
    csv: null,
    totalRows: total,
    progress: () => (total === 0 ? null : Math.min(1, read / total)),
    seekPoints: () => null,
    async *read(skip: number, only?: RowSelection): AsyncGenerator<RowBatch> {
      // A plain scan keeps insertion order (DuckDB's preserve_insertion_order is on by default), so
      // skipping the first `skip` rows of the same query resumes exactly where the last run stopped.
      const result = await con.stream(`SELECT * FROM ${relation}`);
      let ordinal = 0;
      for await (const chunk of result) {
        const start = ordinal;
        const end = start + chunk.rowCount;
        ordinal = end;
        read = end;
        const from = Math.max(start, skip);
        if (end <= from) continue;
        if (only === undefined) {
          const values = chunk.getRows().slice(from - start);
          yield { from, to: end, rows: values.map((fields) => rowFromFields(fields, at)), ordinals: null };
          continue;
        }
        const wanted: number[] = [];
        for (let o = from; o < end; o++) if (only(o)) wanted.push(o);
        // A chunk without a wanted row is never converted to JavaScript values.
        const values = wanted.length > 0 ? chunk.getRows() : [];
        const rows = wanted.map((o) => rowFromFields(values[o - start]!, at));
        yield { from, to: end, rows, ordinals: wanted };
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
    false,
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
    true,
  );
}
