/** `warden batch … --client ID [--review-queue]` through the built CLI (dist/), on a DuckDB file. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/batch/index.js';
import { tempFolder, writePortfolio } from '../batch/support/batch-fixtures.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { HOUSE_ENTITY_NAME, houseListImportArgs } from '../support/house-list.js';
import { tempDbPath } from '../support/temp-stores.js';

let db: { path: string; remove: () => void };
let dir: string;
let portfolio: string;
let clientId: string;

beforeAll(async () => {
  db = tempDbPath('warden-cli-batch-review-');
  dir = tempFolder('warden-cli-batch-review-out-');
  portfolio = writePortfolio(
    dir,
    'portfolio.csv',
    [`p-1,${HOUSE_ENTITY_NAME}`, 'p-2,Maribel Ostrander'],
    'external_id,full_name',
  );
  expect((await runCli(houseListImportArgs(db.path))).code).toBe(0);
  const created = await runCli(['clients', 'create', '--name', 'Acme', '--db', db.path]);
  clientId = lastJsonLine<{ client_id: string }>(created.stdout).client_id;
});
afterAll(() => db.remove());

const batch = (...flags: string[]) =>
  runCli(['batch', portfolio, '--out', join(dir, 'out.jsonl'), '--workers', '0', '--db', db.path, ...flags]);

describe('warden batch for a client', () => {
  it.each([
    [['--review-queue'], '--review-queue needs --client CLIENT_ID'],
    [['--client', ' '], '--client needs the id of a client'],
    [['--client', 'cl_nobody'], 'No client has the id "cl_nobody"'],
    [['--client', 'cl_nobody', '--review-queue'], 'No client has the id "cl_nobody"'],
  ])('%j is a usage error (exit 2) that says why', async (flags, message) => {
    const result = await batch(...flags);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('feeds the client’s review queue and says so in the summary, once', async () => {
    const first = await batch('--client', clientId, '--review-queue');
    expect(first.code).toBe(0);
    expect(lastJsonLine<BatchSummary>(first.stdout).review).toEqual({
      client_id: clientId,
      suppressions: 0,
      suppressed_matches: 0,
      suppressed_rows: 0,
      queued_items: 1,
      queued_matches: 1,
    });
    const again = await batch('--client', clientId, '--review-queue');
    expect(lastJsonLine<BatchSummary>(again.stdout).review).toMatchObject({ queued_items: 0 });
    const honourOnly = await batch('--client', clientId);
    expect(lastJsonLine<BatchSummary>(honourOnly.stdout).review).toMatchObject({ queued_items: null });
  });
});
