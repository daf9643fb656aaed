/**
 * How `warden batch` ends (src/cli/batch-summary.ts): a few lines for a person when stdout is a
 * terminal, one JSON line when it is piped or with --json. The command runs in-process with
 * `isTTY` set on its context (a child process cannot be handed a terminal), and once as the built
 * CLI with its stdout piped.
 */
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/batch/index.js';
import { run, type BatchCommandOptions } from '../../src/cli/commands/batch.js';
import { openDuckDbStore } from '../../src/store/index.js';
import { tempFolder, writePortfolio } from '../batch/support/batch-fixtures.js';
import { runCli } from '../support/cli.js';
import { HOUSE_ENTITY_NAME, importHouseList } from '../support/house-list.js';
import { tempDbPath } from '../support/temp-stores.js';

let db: { path: string; remove: () => void };
let dir: string;
let clean: string;
let withBadRow: string;
let runs = 0;

beforeAll(async () => {
  db = tempDbPath('warden-cli-batch-summary-');
  dir = tempFolder('warden-cli-batch-summary-out-');
  const store = await openDuckDbStore(db.path);
  await importHouseList(store);
  await store.close();
  clean = writePortfolio(
    dir,
    'clean.csv',
    [`p-1,${HOUSE_ENTITY_NAME}`, 'p-2,Maribel Ostrander'],
    'external_id,full_name',
  );
  withBadRow = writePortfolio(dir, 'bad.csv', [`p-1,${HOUSE_ENTITY_NAME}`, 'p-2,'], 'external_id,full_name');
});
afterAll(() => db.remove());

function captured(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

async function batch(portfolio: string, isTTY: boolean, flags: Partial<BatchCommandOptions> = {}) {
  const stdout = captured();
  const stderr = captured();
  const out = join(dir, `out-${++runs}.jsonl`);
  const code = await run(
    { portfolio, out, report: true, workers: '0', ...flags },
    { db: db.path, stdout: stdout.stream, stderr: stderr.stream, isTTY },
  );
  return { code, out, stdout: stdout.text(), stderr: stderr.text() };
}

describe('warden batch on a terminal', () => {
  it('ends with a few labelled lines a person reads, not JSON', async () => {
    const result = await batch(clean, true);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split(/\s{2,}/)[0])).toEqual([
      'status',
      'rows',
      'matched rows',
      'matches',
      'errors',
      'output',
      'report',
    ]);
    expect(result.stdout).toMatch(/^status\s+completed$/m);
    expect(result.stdout).toMatch(/^rows\s+2 in [\d.]+ s \([\d,]+ rows\/s, on the main thread\)$/m);
    expect(result.stdout).toMatch(/^matched rows\s+1$/m);
    expect(result.stdout).toMatch(/^matches\s+1 \(EXACT 1\)$/m);
    expect(result.stdout).toMatch(/^errors\s+0$/m);
    expect(result.stdout).toContain(`output        ${result.out}\n`);
    expect(result.stdout).toMatch(/^report\s+\S+\.report\.html$/m);
    expect(result.stderr).toBe('');
  });

  it('says why it exits 3 on its last line', async () => {
    const result = await batch(withBadRow, true);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/^errors\s+1$/m);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^exit 3: 1 row\(s\) could not be screened; their lines carry "error" and \S+\.report\.html lists the first\.$/,
    );
    expect(result.stderr).toBe('');
  });

  it('prints the one JSON line with --json', async () => {
    const result = await batch(clean, true, { json: true });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout) as BatchSummary).toMatchObject({ status: 'completed', rows: 2 });
  });
});

describe('warden batch piped', () => {
  it('prints the one JSON line, and says on stderr that rows were left unscreened', async () => {
    const result = await batch(withBadRow, false);
    expect(result.code).toBe(3);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout) as BatchSummary).toMatchObject({ rows: 2, errors: 1 });
    expect(result.stderr).toMatch(/^warden: 1 row\(s\) could not be screened; their lines carry "error"/);
  });

  it('as the built CLI, its stdout is the one JSON line', async () => {
    const result = await runCli([
      'batch',
      clean,
      '--out',
      join(dir, 'piped.jsonl'),
      '--workers',
      '0',
      '--db',
      db.path,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout) as BatchSummary).toMatchObject({
      status: 'completed',
      rows: 2,
      matched_rows: 1,
    });
  });
});
