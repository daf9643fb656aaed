import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatedSelection } from '../../src/batch/gated-selection.js';
import { openPortfolio } from '../../src/batch/sources/open-portfolio.js';
import { readShardInput, writeShards } from '../../src/distributed/shard-input.js';
import { shardInputPath } from '../../src/distributed/work-dir.js';

const HEADER = 'external_id,full_name';

describe('writeShards and readShardInput', () => {
  let dir: string;
  let runDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'warden-shards-'));
    runDir = join(dir, 'run');
    mkdirSync(join(runDir, 'shards'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A CSV portfolio of `rows` rows, one with a quoted "LAST, First" name. */
  function portfolio(rows: number): string {
    const path = join(dir, 'p.csv');
    const lines = Array.from({ length: rows }, (_, i) =>
      i === 5 ? `c-${i},"DOE, Jane"` : `c-${i},Name ${i}`,
    );
    writeFileSync(path, `${[HEADER, ...lines].join('\n')}\n`);
    return path;
  }

  it('cuts chunks and shards at their sizes, covering every row once, in order', async () => {
    const source = await openPortfolio(portfolio(1_050));
    const shards = await writeShards(source, null, runDir, { shardRows: 400, chunkRows: 100 });
    await source.close();
    expect(shards).toEqual([
      { first: 0, count: 400, rows: 400 },
      { first: 400, count: 400, rows: 400 },
      { first: 800, count: 250, rows: 250 },
    ]);
    expect(readdirSync(join(runDir, 'shards'))).toEqual(['000000.jsonl', '000001.jsonl', '000002.jsonl']);
    const chunks = (
      await Promise.all(shards.map((_, i) => readShardInput(shardInputPath(runDir, i))))
    ).flat();
    expect(chunks.map((c) => [c.first, c.count, c.rows.length])).toEqual([
      ...Array.from({ length: 10 }, (_, i) => [i * 100, 100, 100]),
      [1_000, 50, 50],
    ]);
    // CSV rows travel as their raw records, as they do to a local run's workers.
    expect(chunks[0]!.rows[5]).toBe('c-5,"DOE, Jane"');
    expect(chunks[10]!.rows.at(-1)).toBe('c-1049,Name 1049');
  });

  it('caps a chunk at the shard size', async () => {
    const source = await openPortfolio(portfolio(30));
    const shards = await writeShards(source, null, runDir, { shardRows: 8, chunkRows: 1_000 });
    await source.close();
    expect(shards.map((s) => s.rows)).toEqual([8, 8, 8, 6]);
  });

  it('keeps only the rows a delta run selected, with their ordinals, still covering every ordinal', async () => {
    const source = await openPortfolio(portfolio(100));
    const wanted = new Set([3, 4, 50, 97]);
    const selection = new GatedSelection(
      100,
      [
        {
          first: 0,
          end: 100,
          rows: Uint32Array.from({ length: 100 }, (_, i) => i),
          bytes: new Uint8Array(0),
        },
      ],
      async () => ({ selected: Uint8Array.from({ length: 100 }, (_, i) => (wanted.has(i) ? 1 : 0)) }),
      1,
    );
    const shards = await writeShards(source, selection, runDir, { shardRows: 2, chunkRows: 1_000 });
    await source.close();
    // The ordinals after the last selected row make a shard of their own, with no row to screen.
    expect(shards).toEqual([
      { first: 0, count: 5, rows: 2 },
      { first: 5, count: 93, rows: 2 },
      { first: 98, count: 2, rows: 0 },
    ]);
    const chunks = (
      await Promise.all(shards.map((_, i) => readShardInput(shardInputPath(runDir, i))))
    ).flat();
    expect(chunks.map((c) => c.ordinals)).toEqual([[3, 4], [50, 97], []]);
    expect(chunks[1]!.rows).toEqual(['c-50,Name 50', 'c-97,Name 97']);
  });

  it('refuses a damaged shard file', async () => {
    const path = shardInputPath(runDir, 0);
    writeFileSync(path, '{"first":0,"count":3,"rows":3,"ordinals":null}\n"a,b"\n');
    await expect(readShardInput(path)).rejects.toThrow(/is damaged/);
  });
});
