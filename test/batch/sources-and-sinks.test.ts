import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, expect, it } from 'vitest';
import { checkpointPath, generatePortfolio, runBatch } from '../../src/batch/index.js';
import type { Entity } from '../../src/model/entity.js';
import { describeWithDatasets } from '../support/datasets.js';
import { openPortfolio } from '../../src/batch/sources/open-portfolio.js';
import { readJsonl, stopAfterFirstCheckpoint, tempFolder, writePortfolio } from './support/batch-fixtures.js';
import { sdnSubset } from './support/subset.js';

async function query(path: string, sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(path);
  const con = await instance.connect();
  try {
    return (await con.runAndReadAll(sql)).getRowObjectsJS();
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}

async function exec(path: string, sql: string): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const con = await instance.connect();
  await con.run(sql);
  con.closeSync();
  instance.closeSync();
}

const RESULTS =
  'SELECT * EXCLUDE (explanation) FROM results ORDER BY row_index, score DESC NULLS LAST, entity_id';

describeWithDatasets('batch sources (Parquet, DuckDB table) and the DuckDB sink', () => {
  let dir: string;
  let entities: Entity[];
  let csv: string;
  beforeAll(() => {
    dir = tempFolder();
    entities = sdnSubset();
    csv = writePortfolio(dir, 'p.csv', [
      'c-1,"MADURO MOROS, Nicolas",PERSON,1962-11-23,VEN,M,',
      'c-2,Jane Doe,PERSON,,,,',
      'c-3,,PERSON,,,,',
    ]);
  });

  it('reads a Parquet portfolio and writes a results table', async () => {
    const parquet = join(dir, 'p.parquet');
    await exec(
      ':memory:',
      `COPY (SELECT * FROM read_csv('${csv}', all_varchar = true)) TO '${parquet}' (FORMAT parquet)`,
    );
    const out = join(dir, 'parquet.duckdb');
    const summary = await runBatch({ portfolio: parquet, out, entities, workers: 0, progress: 'off' });
    expect(summary).toMatchObject({ rows: 3, errors: 1 });
    const rows = await query(out, RESULTS);
    expect(rows[0]).toMatchObject({
      row_index: 0n,
      external_id: 'c-1',
      entity_id: '22790',
      strength: 'EXACT',
    });
    expect(rows.find((r) => r.external_id === 'c-2')).toMatchObject({ risk_level: 'NONE', entity_id: null });
    expect(rows.find((r) => r.external_id === 'c-3')).toMatchObject({ error: 'full_name must not be empty' });
  });

  it('reads a DuckDB table with its own column names and types', async () => {
    const db = join(dir, 'warden.duckdb');
    await exec(
      db,
      `CREATE TABLE customers AS SELECT * FROM (VALUES ('k-1', 'Nicolas MADURO MOROS', DATE '1962-11-23'), ('k-2', 'Jane Doe', NULL)) t(customer_id, name, dob)`,
    );
    const out = join(dir, 'table.jsonl');
    const summary = await runBatch({
      portfolio: 'duckdb:customers',
      db,
      out,
      entities,
      columns: { external_id: 'customer_id', full_name: 'name', birth_date: 'dob' },
      workers: 0,
      progress: 'off',
    });
    expect(summary.rows).toBe(2);
    const [first] = readJsonl(out);
    expect(first).toMatchObject({ external_id: 'k-1', matches: [{ entity_id: '22790', strength: 'EXACT' }] });
  });

  it('fingerprints a table by its content, so a sidecar of an edited table is not trusted', async () => {
    const db = join(dir, 'fingerprint.duckdb');
    await exec(
      db,
      `CREATE TABLE p AS SELECT 'k-' || range AS external_id, 'Name ' || range AS full_name FROM range(50)`,
    );
    const fingerprint = async () => {
      const source = await openPortfolio('duckdb:p', { db });
      await source.close();
      return { fingerprint: source.fingerprint, stable: source.stable };
    };
    const before = await fingerprint();
    expect(before.stable).toBe(true);
    expect(await fingerprint()).toEqual(before);
    await exec(db, `UPDATE p SET full_name = 'Nicolas Maduro' WHERE external_id = 'k-7'`);
    const edited = await fingerprint();
    expect(edited.fingerprint).not.toBe(before.fingerprint);
    await exec(db, `CREATE OR REPLACE TABLE p AS SELECT * FROM p ORDER BY full_name DESC`);
    expect((await fingerprint()).fingerprint).not.toBe(edited.fingerprint);
    await exec(db, `CREATE VIEW v AS SELECT * FROM p`);
    const view = await openPortfolio('duckdb:v', { db });
    await view.close();
    expect(view.stable).toBe(false);
  });

  it('names a missing table column in its error', async () => {
    const db = join(dir, 'warden.duckdb');
    const run = runBatch({
      portfolio: 'duckdb:customers',
      db,
      out: join(dir, 'x.jsonl'),
      entities,
      workers: 0,
    });
    await expect(run).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('external_id'),
    });
  });

  it('stops at a chunk boundary when aborted, then resumes into the same table without duplicates', async () => {
    const portfolio = join(dir, 'gen.csv');
    await generatePortfolio(portfolio, { rows: 3000, seed: 5, listed: entities, listedShare: 0.05 });
    const reference = join(dir, 'reference.duckdb');
    await runBatch({ portfolio, out: reference, entities, workers: 0, progress: 'off' });

    const out = join(dir, 'aborted.duckdb');
    // On a worker thread, as the CLI runs it.
    const first = await runBatch({
      portfolio,
      out,
      entities,
      workers: 1,
      chunkSize: 100,
      checkpointIntervalMs: 0,
      signal: stopAfterFirstCheckpoint(out),
      progress: 'off',
    });
    expect(first.status).toBe('interrupted');
    expect(first.rows).toBeLessThan(3000);
    expect(existsSync(checkpointPath(out))).toBe(true);

    const resumed = await runBatch({
      portfolio,
      out,
      entities,
      workers: 0,
      chunkSize: 100,
      resume: true,
      progress: 'off',
    });
    expect(resumed).toMatchObject({ status: 'completed', rows: 3000, resumed_from_row: first.rows });
    expect(await query(out, RESULTS)).toEqual(await query(reference, RESULTS));
    expect(resumed.matches_by_strength).toEqual(
      (await runBatch({ portfolio, out: join(dir, 'again.jsonl'), entities, workers: 0, progress: 'off' }))
        .matches_by_strength,
    );
  });
});
