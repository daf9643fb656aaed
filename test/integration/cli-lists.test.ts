import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityChange, ImportSummary, ListVersion } from '../../src/model/list-version.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

describeWithDatasets('warden lists (real OFAC and UN files, real DuckDB file)', () => {
  let dir: string;
  let db: string;
  const cli = (...args: string[]) => runCli([...args, '--db', db]);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'warden-cli-lists-'));
    db = join(dir, 'warden.duckdb');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let first: ImportSummary;
  let second: ImportSummary;

  it('imports the OFAC 2023-12-28 folder and prints the summary as the last line', async () => {
    const run = await cli('lists', 'import', '--source', 'ofac', sharedPath('ofac/sdn_2023-12-28'));
    expect(run.code, run.stderr).toBe(0);
    first = lastJsonLine<ImportSummary>(run.stdout);
    expect(first).toMatchObject({
      list: 'ofac-sdn',
      entities: 13_821,
      added: 13_821,
      changed: 0,
      removed: 0,
    });
    // The lists are indexed for the batch runs that follow: their snapshot sits beside the store.
    const index = /^index: (.+)$/m.exec(run.stderr)?.[1];
    expect(index?.startsWith(`${db}.indexes`)).toBe(true);
    expect(readdirSync(`${db}.indexes`)).toEqual([basename(index!)]);
  });

  it('reports 0/0/0 and creates no version when the same folder is imported again', async () => {
    const again = lastJsonLine<ImportSummary>(
      (await cli('lists', 'import', '--source', 'ofac', sharedPath('ofac/sdn_2023-12-28'))).stdout,
    );
    expect(again).toMatchObject({
      version: first.version,
      added: 0,
      changed: 0,
      removed: 0,
      new_version: false,
    });
  });

  it('imports the 2024-05-03 list, and `lists diff` agrees with the import summary', async () => {
    const run = await cli('lists', 'import', '--source', 'ofac', sharedPath('ofac/sdn_2024-05-03'));
    expect(run.code, run.stderr).toBe(0);
    second = lastJsonLine<ImportSummary>(run.stdout);
    expect(second.entities).toBe(14_965);
    // New lists, a new snapshot; the earlier one stays (a delta run may still meet those lists).
    expect(readdirSync(`${db}.indexes`)).toHaveLength(2);
    expect(second.added).toBeGreaterThan(1_000);
    const diff = await cli('lists', 'diff', first.version, second.version);
    expect(diff.code, diff.stderr).toBe(0);
    const changes = diff.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as EntityChange);
    const count = (kind: string) => changes.filter((c) => c.change === kind).length;
    expect([count('added'), count('changed'), count('removed')]).toEqual([
      second.added,
      second.changed,
      second.removed,
    ]);
    // An entity added in 2024 carries its whole record in the diff.
    expect(changes.find((c) => c.change === 'added')?.entity.name).toBeTruthy();
  });

  it('lists the loaded versions', async () => {
    const run = await cli('lists', '--json');
    const versions = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ListVersion);
    expect(versions.map((v) => v.id)).toEqual([first.version, second.version]);
  });

  it('screens an organization by name and country, and a person by a nickname', async () => {
    const org = await cli(
      'screen',
      '--name',
      'Banco Nacional de Cuba',
      '--type',
      'organization',
      '--country',
      'CUB',
    );
    expect(org.code, org.stderr).toBe(0);
    expect((JSON.parse(org.stdout) as { coincidences: boolean }).coincidences).toBe(true);
    const person = await cli('screen', '--name', 'Volodya Putin', '--explain');
    expect(person.code, person.stderr).toBe(0);
    expect(person.stdout).toMatch(/PUTIN, Vladimir/);
    expect(person.stdout).toMatch(/volodya.*vladimir.*NICKNAME/i);
  });

  it.each([
    [['lists', 'import', '--source', 'ofac', '/no/such/folder'], /no file or folder/i],
    [['lists', 'import', '--source', 'eu', 'x.xml'], /'--source <source>' argument 'eu' is invalid/],
    [['lists', 'import', 'x.xml'], /required option '--source <source>' not specified/],
    [['lists', 'diff', 'ofac-sdn@1'], /missing required argument 'v2'/],
    [['screen', '--name', 'IRGC', '--type', 'organization'], /needs --country XXX/],
  ])('refuses bad usage %# with exit 2 and one sentence', async (args, message) => {
    const run = await cli(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a truncated UN file with exit 2 and leaves the store untouched', async () => {
    const xml = readFileSync(sharedPath('un/consolidated_2026-02-27.xml'));
    const truncated = join(dir, 'truncated.xml');
    writeFileSync(truncated, xml.subarray(0, Math.floor(xml.length / 2)));
    const run = await cli('lists', 'import', '--source', 'un', truncated);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/warden: /);
    const versions = (await cli('lists', '--json')).stdout.trim().split('\n');
    expect(versions).toHaveLength(2);
  });

  describe('lists update from a loopback mirror', () => {
    let server: Server;
    let mirror: string;
    let truncate = false;
    beforeAll(async () => {
      const un = readFileSync(sharedPath('un/consolidated_2026-02-27.xml'));
      server = createServer((req, res) => {
        if (req.url !== '/consolidated.xml') return res.writeHead(404).end();
        const body = truncate ? un.subarray(0, 10_000) : un;
        res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(body.length) });
        res.end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('downloads and imports the UN list', async () => {
      const run = await cli('lists', 'update', '--source', 'un', '--mirror', mirror);
      expect(run.code, run.stderr).toBe(0);
      expect(lastJsonLine<ImportSummary>(run.stdout)).toMatchObject({ list: 'un', entities: 1_003 });
    });

    it('keeps the previous version when the download is truncated', async () => {
      truncate = true;
      const run = await cli('lists', 'update', '--source', 'un', '--mirror', mirror);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/previous version stays active/);
      const un = (await cli('lists', '--json')).stdout
        .trim()
        .split('\n')
        .filter((l) => l.includes('"list":"un"'));
      expect(un).toHaveLength(1);
    });
  });
});
