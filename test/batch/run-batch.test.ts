import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, expect, it } from 'vitest';
import { runBatch, type RowResult, type ScreenedRow } from '../../src/batch/index.js';
import { WardenError } from '../../src/model/errors.js';
import { describeWithDatasets } from '../support/datasets.js';
import {
  byId,
  ofacEntities,
  PORTFOLIO_HEADER,
  readJsonl,
  tempFolder,
  writePortfolio,
} from './support/batch-fixtures.js';

const KNOWN = [
  'c-1,"MADURO MOROS, Nicolas",PERSON,1962-11-23,VEN,M,',
  'c-2,Nicolas Maduro Moros,,,,,',
  'c-3,"BOUT, Viktor Anatolijevitch",PERSON,,,,',
  'c-4,BANCO NACIONAL DE CUBA,COMPANY,,,,',
  'c-5,Abu Bakr al Baghdadi,PERSON,,,,',
  'c-6,John Smith,PERSON,1980-01-01,USA,MALE,',
];

const BAD = [
  'b-1,,PERSON,,,,',
  'b-2,Jane Doe,VESSEL,,,,',
  `b-3,${'A'.repeat(1200)},PERSON,,,,`,
  'b-4,Jane Doe,PERSON,1990-02-30,,,',
  'b-5,"Broken quote,PERSON,,,,',
  'c-7,"MADURO MOROS, Nicolas",PERSON,,,,',
];

function matchesOf(result: RowResult | undefined): ScreenedRow['matches'] {
  if (result === undefined || 'error' in result)
    throw new Error(`expected a screened row, got ${JSON.stringify(result)}`);
  return result.matches;
}

describeWithDatasets('runBatch against the OFAC SDN list (2023-12-28)', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempFolder();
    ofacEntities();
  });

  it('finds the listed names of a portfolio with the expected strength', async () => {
    const portfolio = writePortfolio(dir, 'known.csv', KNOWN);
    const out = join(dir, 'known.jsonl');
    const summary = await runBatch({ portfolio, out, entities: ofacEntities(), workers: 0, progress: 'off' });
    const results = byId(readJsonl(out));
    expect(results.size).toBe(KNOWN.length);
    expect(summary).toMatchObject({ status: 'completed', rows: KNOWN.length, errors: 0 });
    expect(matchesOf(results.get('c-1'))[0]).toMatchObject({
      list: 'ofac-sdn',
      entity_id: '22790',
      name: 'MADURO MOROS, Nicolas',
      strength: 'EXACT',
    });
    expect(results.get('c-1')).toMatchObject({ risk_level: 'HIGH' });
    expect(matchesOf(results.get('c-2'))[0]).toMatchObject({ entity_id: '22790', strength: 'EXACT' });
    expect(matchesOf(results.get('c-3'))[0]).toMatchObject({ entity_id: '8279', strength: 'EXACT' });
    expect(matchesOf(results.get('c-4'))[0]).toMatchObject({ entity_id: '306', strength: 'EXACT' });
    // Found through an alias: the match names the alias that met the query.
    expect(matchesOf(results.get('c-5'))[0]).toMatchObject({
      entity_id: '12926',
      matched_name: 'ABU BAKR AL-BAGHDADI',
      matched_name_type: 'LOW_QUALITY_AKA',
    });
    for (const r of results.values()) {
      const scores = matchesOf(r).map((m) => m.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    expect(summary.matches_by_strength.EXACT).toBeGreaterThanOrEqual(5);
    const report = readFileSync(summary.report!, 'utf8');
    expect(report).toContain('MADURO MOROS, Nicolas');
    expect(report).toContain('<svg');
    // Self-contained: one inline script, nothing loaded from anywhere.
    expect(report.match(/<script/g)).toEqual(['<script']);
    expect(report).not.toMatch(/<script src|<link|src="http/);
  });

  it('writes an error line for each bad row and screens the rows after them', async () => {
    const portfolio = writePortfolio(dir, 'bad.csv', [...BAD, ...KNOWN]);
    const out = join(dir, 'bad.jsonl');
    const summary = await runBatch({ portfolio, out, entities: ofacEntities(), workers: 0, progress: 'off' });
    const lines = readJsonl(out);
    const results = byId(lines);
    expect(lines).toHaveLength(BAD.length + KNOWN.length);
    // b-4's impossible date is left out with a warning; its name is still screened.
    expect(summary.errors).toBe(4);
    expect(summary.warning_rows).toBe(1);
    expect(results.get('b-1')).toEqual({ external_id: 'b-1', error: 'full_name must not be empty' });
    expect(results.get('b-2')).toMatchObject({
      error: expect.stringContaining('entity_type must be PERSON or COMPANY'),
    });
    expect(results.get('b-3')).toMatchObject({
      error: expect.stringContaining('longer than 1000 characters'),
    });
    expect(results.get('b-4')).toMatchObject({
      risk_level: 'NONE',
      warnings: [expect.stringMatching(/^birth_date .*"1990-02-30".*; ignored$/)],
    });
    expect(results.get('b-5')).toMatchObject({ error: expect.stringContaining('broken') });
    expect(matchesOf(results.get('c-7'))[0]).toMatchObject({ entity_id: '22790', strength: 'EXACT' });
    expect(matchesOf(results.get('c-1'))[0]).toMatchObject({ entity_id: '22790' });
  });

  it('reads semicolon- and tab-separated portfolios exactly as the same rows separated by commas', async () => {
    const rows = [...BAD, ...KNOWN];
    const run = async (name: string, lines: readonly string[], header: string) => {
      const out = join(dir, `${name}.jsonl`);
      const portfolio = writePortfolio(dir, name, lines, header);
      const summary = await runBatch({
        portfolio,
        out,
        entities: ofacEntities(),
        workers: 2,
        progress: 'off',
      });
      return { lines: readFileSync(out, 'utf8'), errors: summary.errors };
    };
    const commas = await run('commas.csv', rows, PORTFOLIO_HEADER);
    expect(commas.errors).toBe(4);
    for (const delimiter of [';', '\t']) {
      // The same fields, written with the other delimiter (quoted where they hold it, or a quote);
      // the broken line stays broken.
      const rewrite = (line: string) => {
        const parsed = Papa.parse<string[]>(line, { delimiter: ',' });
        if (parsed.errors.length > 0) return line.replaceAll(',', delimiter);
        return Papa.unparse(parsed.data, { delimiter, newline: '' });
      };
      const other = await run(
        `other-${delimiter === ';' ? 'semicolons' : 'tabs'}.csv`,
        rows.map(rewrite),
        rewrite(PORTFOLIO_HEADER),
      );
      expect(other).toEqual(commas);
    }
  });

  it('reads a Windows-1252 portfolio as the same rows in UTF-8, and refuses a UTF-16 one', async () => {
    const rows = [...KNOWN, 'c-8,José María García,PERSON,,,,', 'c-9,Zoë Ñúñez Müller,PERSON,,,,'];
    const run = async (name: string, bytes: Buffer) => {
      const portfolio = join(dir, name);
      writeFileSync(portfolio, bytes);
      const out = join(dir, `${name}.jsonl`);
      await runBatch({ portfolio, out, entities: ofacEntities(), workers: 0, progress: 'off' });
      return readFileSync(out, 'utf8');
    };
    const text = `${[PORTFOLIO_HEADER, ...rows].join('\n')}\n`;
    const utf8 = await run('utf8.csv', Buffer.from(text, 'utf8'));
    expect(utf8).toContain('"external_id":"c-8"');
    expect(await run('windows-1252.csv', Buffer.from(text, 'latin1'))).toBe(utf8);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    await expect(run('utf16.csv', utf16)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('UTF-16'),
    });
  });

  it('screens a birth date given as a year alone, or written DD.MM.YYYY', async () => {
    // OFAC SDN 22790, MADURO MOROS, Nicolas: born 1962-11-23.
    const portfolio = writePortfolio(dir, 'years.csv', [
      'y-1,"MADURO MOROS, Nicolas",PERSON,1962,,,',
      'y-2,"MADURO MOROS, Nicolas",PERSON,1990,,,',
      'y-3,"MADURO MOROS, Nicolas",PERSON,19620,,,',
      'y-4,"MADURO MOROS, Nicolas",PERSON,23.11.1962,,,',
    ]);
    const out = join(dir, 'years.jsonl');
    await runBatch({ portfolio, out, entities: ofacEntities(), workers: 0, progress: 'off' });
    const results = byId(readJsonl(out));
    const maduro = (id: string) => matchesOf(results.get(id)).find((m) => m.entity_id === '22790')!;
    expect(maduro('y-1').features.map((f) => f.name)).toContain('birthYearEqual');
    expect(maduro('y-2').features.map((f) => f.name)).toContain('birthDateConflict');
    expect(maduro('y-2').score).toBeLessThan(maduro('y-1').score);
    // An unreadable date is left out: the name still meets Maduro, with no date evidence either way.
    expect(results.get('y-3')).toMatchObject({ warnings: [expect.stringContaining('or a year YYYY')] });
    expect(maduro('y-3').features.map((f) => f.name)).not.toContain('birthDateConflict');
    expect(maduro('y-4').features.map((f) => f.name)).toContain('birthDateEqual');
  });

  it('refuses a portfolio without a required column before writing anything', async () => {
    const portfolio = writePortfolio(dir, 'no-name.csv', ['c-1,Someone'], 'external_id,name');
    const out = join(dir, 'never.jsonl');
    const run = runBatch({ portfolio, out, entities: ofacEntities(), workers: 0, progress: 'off' });
    await expect(run).rejects.toBeInstanceOf(WardenError);
    await expect(run).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('full_name'),
    });
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('never'))).toEqual([]);
  });

  it('refuses to write its output over the portfolio, by any path to it, and leaves the file whole', async () => {
    const portfolio = writePortfolio(dir, 'self.csv', KNOWN);
    mkdirSync(join(dir, 'sub'));
    const before = readFileSync(portfolio, 'utf8');
    symlinkSync(portfolio, join(dir, 'self-link.csv'));
    for (const out of [portfolio, `${dir}/sub/../self.csv`, join(dir, 'self-link.csv')]) {
      const run = runBatch({ portfolio, out, entities: ofacEntities(), workers: 0, progress: 'off' });
      await expect(run, out).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('is the portfolio itself'),
      });
    }
    expect(readFileSync(portfolio, 'utf8')).toBe(before);
  });

  it('reads a column mapping, writes CSV with one line per match, and screens on worker threads', async () => {
    const portfolio = writePortfolio(
      dir,
      'mapped.csv',
      ['c-1,"MADURO MOROS, Nicolas",PERSON', 'c-6,John Smith,PERSON'],
      'Customer,Name,Kind',
    );
    const out = join(dir, 'mapped.csv.out.csv');
    const summary = await runBatch({
      portfolio,
      out,
      entities: ofacEntities(),
      columns: { external_id: 'Customer', full_name: 'Name', entity_type: 'Kind' },
      workers: 2,
      progress: 'off',
    });
    expect(summary.workers).toBe(2);
    // Counted in the workers, merged across the thread boundary.
    expect(summary).toMatchObject({
      portfolio,
      lists: [{ list: 'ofac-sdn', id: null, source: null, entities: ofacEntities().length }],
      matches_by_list_strength: { 'ofac-sdn': { EXACT: summary.matches_by_strength.EXACT } },
      rows_by_risk: { HIGH: 1, NONE: 1 },
    });
    expect(Object.keys(summary.matches_by_program['ofac-sdn']!)).toContain('VENEZUELA');
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^external_id,risk_level,list,entity_id,/);
    const maduro = lines.filter((l) => l.startsWith('c-1,'));
    expect(maduro.length).toBe(summary.matches);
    expect(maduro[0]).toContain(',ofac-sdn,22790,individual,');
    // A row without a match still gets one line, with empty match columns.
    expect(lines.filter((l) => l.startsWith('c-6,'))).toEqual(['c-6,NONE,,,,,,,,,,,,,']);
  });
});
