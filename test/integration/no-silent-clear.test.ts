/**
 * No silent "clear", end to end: the built CLI on a real DuckDB file, and a real HTTP server on
 * 127.0.0.1. With no list loaded, `warden screen` exits 1, `warden batch` refuses to start and the
 * API answers 503 LISTS_NOT_LOADED. With a list, a row with a malformed secondary field is screened
 * with `warnings` (JSONL, CSV, DuckDB), a row that cannot be screened makes `warden batch` exit 3,
 * and the report names both.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/api/index.js';
import { createEngine } from '../../src/engine/create-engine.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { anIndividualRequest } from '../support/factories.js';
import { HOUSE_ENTITY_NAME, houseListImportArgs } from '../support/house-list.js';

interface Summary {
  readonly rows: number;
  readonly errors: number;
  readonly warning_rows: number;
  readonly report: string | null;
}

const dir = mkdtempSync(join(tmpdir(), 'warden-silent-'));
const db = join(dir, 'warden.duckdb');
const portfolio = join(dir, 'portfolio.csv');
const clean = join(dir, 'clean.csv');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  writeFileSync(
    portfolio,
    [
      'external_id,full_name,entity_type,birth_date,nationality,gender',
      `c-1,${HOUSE_ENTITY_NAME},PERSON,1901-01-01,,`,
      'c-2,Ivan Petrov,PERSON,1990-02-30,US,X',
      'c-3,,PERSON,,,',
      'c-4,Acme Trading Ltd,COMPANY,,GB,',
      '',
    ].join('\n'),
  );
  writeFileSync(clean, `external_id,full_name\nc-1,${HOUSE_ENTITY_NAME}\nc-2,Ivan Petrov\n`);
});

describe('with no list loaded (a fresh DuckDB file)', () => {
  it('`warden screen` exits 1 and says to import a list; it prints no result', async () => {
    const run = await runCli(['screen', '--name', 'Ivan Petrov', '--db', db]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^warden: No watchlist is loaded.*import a list/);
    expect(run.stdout).toBe('');
  });

  it('`warden batch` refuses to start, exits 1 and writes no output', async () => {
    const out = join(dir, 'never.jsonl');
    const run = await runCli(['batch', portfolio, '--out', out, '--db', db, '--workers', '0']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/No watchlist is loaded/);
    expect(existsSync(out)).toBe(false);
  });

  it('the HTTP API on 127.0.0.1 answers 503 LISTS_NOT_LOADED with the spec envelope', async () => {
    const engine = await createEngine({ db });
    const server = await startServer({ engine, port: 0 });
    try {
      const { client_id, client_secret } = await engine.clients.createClient({
        name: 'Test',
        now: Date.now(),
      });
      const response = await fetch(`${server.url}/api/v1/screening/entities/individuals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...anIndividualRequest(), client_id, client_secret }),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        success: false,
        error_code: 'LISTS_NOT_LOADED',
        details: expect.any(String),
      });
    } finally {
      await server.close();
    }
  });
});

describe('with a list loaded', () => {
  beforeAll(async () => {
    const run = await runCli(houseListImportArgs(db));
    expect(run.code, run.stderr).toBe(0);
  }, 60_000);

  it('`warden screen` answers', async () => {
    const run = await runCli(['screen', '--name', HOUSE_ENTITY_NAME, '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ coincidences: true });
  });

  it('screens warning rows by name, exits 3 for the unscreened row, and the report names both (JSONL)', async () => {
    const out = join(dir, 'results.jsonl');
    const run = await runCli(['batch', portfolio, '--out', out, '--db', db, '--workers', '2']);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toMatch(/1 row\(s\) could not be screened/);
    const summary = lastJsonLine<Summary>(run.stdout);
    expect(summary).toMatchObject({ rows: 4, errors: 1, warning_rows: 2 });
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ external_id: 'c-1', risk_level: 'HIGH' });
    expect(lines[0]).not.toHaveProperty('warnings');
    expect(lines[1]).toMatchObject({ external_id: 'c-2', risk_level: 'NONE', matches: [] });
    // In the portfolio's column order.
    expect(lines[1]!.warnings).toEqual([
      expect.stringMatching(/^birth_date .*"1990-02-30".*; ignored$/),
      expect.stringMatching(/^nationality .*"US".*; ignored$/),
      expect.stringMatching(/^gender .*"X".*; ignored$/),
    ]);
    expect(lines[2]).toEqual({ external_id: 'c-3', error: 'full_name must not be empty' });
    expect(lines[3]).toMatchObject({
      external_id: 'c-4',
      warnings: [expect.stringContaining('nationality')],
    });
    const html = readFileSync(summary.report!, 'utf8');
    expect(html).toContain('<h2>Rows not screened</h2>');
    expect(html).toContain('<td class="n">3</td><td>c-3</td><td>full_name must not be empty</td>');
    expect(html).toContain('<h2>Rows screened with warnings</h2>');
    expect(html).toMatch(/<td class="n">2<\/td><td>c-2<\/td><td>birth_date/);
  });

  it('writes the warnings column in CSV and in the DuckDB results table', async () => {
    const csv = join(dir, 'results.csv');
    expect((await runCli(['batch', portfolio, '--out', csv, '--db', db, '--workers', '0'])).code).toBe(3);
    const [header, ...rows] = readFileSync(csv, 'utf8').trim().split('\n');
    expect(header!.split(',').at(-1)).toBe('warnings');
    expect(rows.find((r) => r.startsWith('c-2,'))).toMatch(
      /,"?birth_date .*; ignored; nationality .*; ignored/,
    );

    const duck = join(dir, 'results.duckdb');
    expect((await runCli(['batch', portfolio, '--out', duck, '--db', db, '--workers', '0'])).code).toBe(3);
    const instance = await DuckDBInstance.create(duck);
    const con = await instance.connect();
    try {
      const reader = await con.runAndReadAll(
        'SELECT external_id, error, warnings FROM results ORDER BY row_index',
      );
      const rowsRead = reader.getRowObjects();
      expect(rowsRead.map((r) => r.external_id)).toEqual(['c-1', 'c-2', 'c-3', 'c-4']);
      expect(rowsRead[0]!.warnings).toBeNull();
      expect(String(rowsRead[1]!.warnings)).toMatch(/^birth_date .*; ignored; .*gender/);
      expect(rowsRead[2]).toMatchObject({ error: 'full_name must not be empty', warnings: null });
    } finally {
      con.closeSync();
      instance.closeSync();
    }
  });

  it('exits 0 when every row was screened', async () => {
    const run = await runCli([
      'batch',
      clean,
      '--out',
      join(dir, 'clean.jsonl'),
      '--db',
      db,
      '--workers',
      '0',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(lastJsonLine<Summary>(run.stdout)).toMatchObject({ rows: 2, errors: 0, warning_rows: 0 });
  });
});
