import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  cachedRowSources,
  cachedRowSourcesBase,
  portfolioCacheBeside,
  pruneCachedRowSources,
} from '../../src/batch/portfolio-cache.js';
import { rowSourcesFiles } from '../../src/batch/row-sources.js';

const identity = (portfolio: string) => ({ portfolio, columns: {}, normalization: 'n1' });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'warden-portfolio-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A sidecar's files at `base`, the manifest last and dated `at` seconds. */
function writeSidecar(base: string, at: number, complete = true): void {
  const files = rowSourcesFiles(base);
  writeFileSync(files.rows, 'rows');
  writeFileSync(files.strings, 'strings');
  writeFileSync(files.postings, 'postings');
  if (!complete) return;
  writeFileSync(files.manifest, '{}');
  utimesSync(files.manifest, at, at);
}

it('names a sidecar by its portfolio and its output, in the cache folder', async () => {
  const cache = join(dir, 'cache');
  const a = await cachedRowSourcesBase(cache, identity('csv:/p.csv:10:1'), '/out/a.jsonl');
  expect(existsSync(cache)).toBe(true);
  expect(a.startsWith(join(cache, ''))).toBe(true);
  expect(a.endsWith('.sources')).toBe(true);
  expect(await cachedRowSourcesBase(cache, identity('csv:/p.csv:10:1'), '/out/a.jsonl')).toBe(a);
  expect(await cachedRowSourcesBase(cache, identity('csv:/p.csv:10:1'), '/out/b.jsonl')).not.toBe(a);
  expect(await cachedRowSourcesBase(cache, identity('csv:/p.csv:11:1'), '/out/a.jsonl')).not.toBe(a);
  expect(portfolioCacheBeside('/db/warden.duckdb')).toBe('/db/warden.duckdb.portfolios');
  expect(portfolioCacheBeside(':memory:')).toBeUndefined();
});

it("lists a portfolio's complete sidecars newest first, and no other portfolio's", async () => {
  const mine = identity('csv:/p.csv:10:1');
  const older = await cachedRowSourcesBase(dir, mine, '/out/a.jsonl');
  const newer = await cachedRowSourcesBase(dir, mine, '/out/b.jsonl');
  const unfinished = await cachedRowSourcesBase(dir, mine, '/out/c.jsonl');
  const other = await cachedRowSourcesBase(dir, identity('csv:/q.csv:10:1'), '/out/a.jsonl');
  writeSidecar(older, 1_000);
  writeSidecar(newer, 2_000);
  writeSidecar(unfinished, 3_000, false);
  writeSidecar(other, 4_000);
  expect(await cachedRowSources(dir, mine)).toEqual([newer, older]);
  expect(await cachedRowSources(join(dir, 'none'), mine)).toEqual([]);
});

it('keeps the newest four complete sidecars and leaves one being written alone', async () => {
  const bases: string[] = [];
  for (let i = 0; i < 6; i++) {
    const base = await cachedRowSourcesBase(dir, identity(`csv:/p${i}.csv:10:1`), '/out/a.jsonl');
    writeSidecar(base, 1_000 + i);
    bases.push(base);
  }
  const writing = await cachedRowSourcesBase(dir, identity('csv:/w.csv:1:1'), '/out/a.jsonl');
  writeSidecar(writing, 0, false);
  mkdirSync(join(dir, 'unrelated'));
  await pruneCachedRowSources(dir);
  const kept = (base: string) => Object.values(rowSourcesFiles(base)).every((f) => existsSync(f));
  const gone = (base: string) => Object.values(rowSourcesFiles(base)).every((f) => !existsSync(f));
  expect(bases.map(kept)).toEqual([false, false, true, true, true, true]);
  expect(gone(bases[0]!) && gone(bases[1]!)).toBe(true);
  expect(existsSync(rowSourcesFiles(writing).rows)).toBe(true);
});
