import { readdirSync, readFileSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/index.js';
import { cachedIndex, saveIndex } from '../../src/batch/index-cache.js';
import { describeWithDatasets } from '../support/datasets.js';
import { ofacEntities, tempFolder, writePortfolio } from './support/batch-fixtures.js';

const ROWS = [
  'c-1,"MADURO MOROS, Nicolas",PERSON,1962-11-23,VEN,M,',
  'c-2,"BOUT, Viktor Anatolijevitch",PERSON,,,,',
  'c-3,BANCO NACIONAL DE CUBA,COMPANY,,,,',
  'c-4,Abu Bakr al Baghdadi,PERSON,,,,',
  'c-5,Margaret Okonkwo,PERSON,1980-01-01,GBR,FEMALE,',
];

/** The output's lines, in any order: workers may finish chunks out of order, the writer does not. */
const linesOf = (out: string): string[] => readFileSync(out, 'utf8').split('\n').filter(Boolean).sort();

const snapshots = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.index'));

describeWithDatasets('runBatch with an index cache (OFAC SDN 2023-12-28)', () => {
  let dir: string;
  let cache: string;
  let portfolio: string;
  beforeAll(() => {
    dir = tempFolder();
    cache = join(dir, 'indexes');
    portfolio = writePortfolio(dir, 'portfolio.csv', ROWS);
  });

  const run = async (name: string, workers: number) => {
    const out = join(dir, name);
    await runBatch({
      portfolio,
      out,
      entities: ofacEntities(),
      workers,
      progress: 'off',
      report: false,
      indexCache: cache,
    });
    return linesOf(out);
  };

  it('builds the index once, leaves its snapshot, and later runs screen alike from it', async () => {
    const first = await run('first.jsonl', 1);
    expect(first.filter((line) => line.includes('"strength":"EXACT"')).length).toBeGreaterThanOrEqual(3);
    const [file] = snapshots(cache);
    expect(snapshots(cache)).toHaveLength(1);
    const written = statSync(join(cache, file!)).mtimeMs;
    // Restored on a worker thread (from the shared buffer) and on the calling thread.
    expect(await run('second.jsonl', 1)).toEqual(first);
    expect(await run('third.jsonl', 0)).toEqual(first);
    // Restored, so not written again.
    expect(statSync(join(cache, file!)).mtimeMs).toBe(written);
  });

  it('builds again past a damaged snapshot, with the same results, and replaces it', async () => {
    const expected = await run('before.jsonl', 1);
    const [file] = snapshots(cache);
    const path = join(cache, file!);
    const size = statSync(path).size;
    truncateSync(path, size >> 1);
    expect(await run('damaged.jsonl', 1)).toEqual(expected);
    expect(statSync(path).size).toBe(size);
  });
});

describe('index cache files', () => {
  const cache = tempFolder('warden-index-cache-');
  it('keeps the newest three snapshots, one per set of lists', async () => {
    for (let n = 0; n < 5; n++) {
      const cached = await cachedIndex(cache, `[{"n":${n}}]`);
      expect(cached.bytes).toBeNull();
      await saveIndex(cached, Uint8Array.of(n));
      // Distinct modification times, so "newest" is well defined.
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect(snapshots(cache)).toHaveLength(3);
    const latest = await cachedIndex(cache, '[{"n":4}]');
    expect(latest.bytes && [...latest.bytes]).toEqual([4]);
    expect(latest.bytes?.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect((await cachedIndex(cache, '[{"n":0}]')).bytes).toBeNull();
  });
});
