import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

interface Line {
  readonly external_id: string;
  readonly matches: readonly { readonly entity_id: string; readonly strength: string }[];
}

describeWithDatasets('warden batch (built CLI, real OFAC list, real DuckDB file)', () => {
  let dir: string;
  let db: string;
  let portfolio: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warden-cli-batch-'));
    db = join(dir, 'warden.duckdb');
    portfolio = join(dir, 'portfolio.csv');
    const run = await runCli([
      'lists',
      'import',
      '--source',
      'ofac',
      sharedPath('ofac/sdn_2023-12-28'),
      '--db',
      db,
    ]);
    expect(run.code, run.stderr).toBe(0);
    writeFileSync(portfolio, 'external_id,full_name\nc-1,Vladimir Putin\nc-2,Jane Example\n');
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // V8 flags are the process's: Node refuses them in a worker's execArgv (ERR_WORKER_INVALID_EXEC_ARGV).
  it('screens on worker threads when node itself was given V8 flags (a larger heap, a deeper stack)', async () => {
    const out = join(dir, 'flags.jsonl');
    const run = await runCli(
      ['batch', portfolio, '--out', out, '--db', db, '--workers', '2', '--no-report'],
      {},
      ['--max-old-space-size=2048', '--stack-size=2000'],
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Line);
    expect(lines.map((line) => line.external_id)).toEqual(['c-1', 'c-2']);
    // OFAC SDN 35096: PUTIN, Vladimir Vladimirovich (a.k.a. PUTIN, Vladimir).
    expect(lines[0]!.matches[0]).toMatchObject({ entity_id: '35096', strength: 'EXACT' });
    expect(lines[1]!.matches).toEqual([]);
  });
});
