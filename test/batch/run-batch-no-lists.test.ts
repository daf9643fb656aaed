/** runBatch refuses to start with no list, before writing anything (a run would clear every row). */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/index.js';
import { openMemoryStore } from '../../src/store/index.js';
import { importHouseList } from '../support/house-list.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-no-lists-'));
const portfolio = join(dir, 'portfolio.csv');
writeFileSync(portfolio, 'external_id,full_name\nc-1,Ivan Petrov\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runBatch with no list loaded', () => {
  it.each([
    ['no entities given', () => ({ entities: [] })],
    ['a store without lists', () => ({ store: openMemoryStore() })],
  ])('refuses with LISTS_NOT_LOADED and writes nothing (%s)', async (_name, lists) => {
    const out = join(dir, 'never.jsonl');
    await expect(runBatch({ portfolio, out, workers: 0, progress: 'off', ...lists() })).rejects.toMatchObject(
      {
        code: 'LISTS_NOT_LOADED',
      },
    );
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('never'))).toEqual([]);
  });

  it('runs once a list is in the store', async () => {
    const store = openMemoryStore();
    await importHouseList(store);
    const summary = await runBatch({
      portfolio,
      out: join(dir, 'ok.jsonl'),
      store,
      workers: 0,
      progress: 'off',
    });
    expect(summary).toMatchObject({ rows: 1, errors: 0, warning_rows: 0 });
  });
});
