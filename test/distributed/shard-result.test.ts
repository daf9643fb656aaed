import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addResults, emptyStats } from '../../src/batch/batch-stats.js';
import type { ChunkOutput } from '../../src/batch/chunk-task.js';
import { encodeJsonl } from '../../src/batch/result-records.js';
import {
  commitShardResult,
  decodeShardResult,
  encodeShardResult,
  mergeChunkOutputs,
  readShardResult,
  type ShardResultMeta,
} from '../../src/distributed/shard-result.js';
import { shardResultPath } from '../../src/distributed/work-dir.js';
import { aBatchMatch, aScreenedRow } from '../support/factories.js';

const encoder = new TextEncoder();

/** A chunk of `rows` screened rows from `first`, every third one matched, with its sidecar part. */
function aChunk(first: number, rows: number): ChunkOutput {
  const results = Array.from({ length: rows }, (_, i) =>
    aScreenedRow({ external_id: `c-${first + i}`, ...(i % 3 === 0 ? { matches: [aBatchMatch()] } : {}) }),
  );
  return {
    first,
    count: rows,
    bytes: encoder.encode(encodeJsonl(results)),
    records: null,
    stats: addResults(
      emptyStats(),
      results,
      results.map((r) => r.external_id),
      first,
    ),
    sources: {
      heads: Uint16Array.from({ length: rows }, () => (1 << 2) | 1),
      idHashes: Uint32Array.from({ length: rows }, (_, i) => first + i),
      secondary: new Uint32Array(rows),
      hashes: Uint32Array.from({ length: rows }, (_, i) => 7 * (first + i)),
      classes: new Uint8Array(rows),
      strings: `0000000${first % 10} token${first}\n`,
      stringCount: 1,
    },
    hits: null,
  };
}

const meta = (attempt: string, output: ChunkOutput): ShardResultMeta => ({
  shard: 3,
  first: output.first,
  count: output.count,
  rows: output.stats.rows,
  attempt,
  worker: `host-${attempt}`,
});

describe('mergeChunkOutputs and the shard result file', () => {
  it('merges chunks in order: text, counts and sidecar arrays end to end', () => {
    const merged = mergeChunkOutputs([aChunk(100, 4), aChunk(104, 5)], 'jsonl');
    expect(merged).toMatchObject({ first: 100, count: 9 });
    expect(merged.stats.rows).toBe(9);
    expect(merged.stats.matches).toBe(4);
    const lines = new TextDecoder().decode(merged.bytes!).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { external_id: string }).external_id)).toEqual(
      Array.from({ length: 9 }, (_, i) => `c-${100 + i}`),
    );
    expect([...merged.sources!.idHashes]).toEqual(Array.from({ length: 9 }, (_, i) => 100 + i));
    expect(merged.sources!.stringCount).toBe(2);
  });

  it('reads back what it writes, the sidecar arrays and the counts included', () => {
    const output = mergeChunkOutputs([aChunk(0, 3), aChunk(3, 2)], 'jsonl');
    const file = Buffer.concat(encodeShardResult(meta('a1', output), output));
    const back = decodeShardResult(file, 'x.result');
    expect(back.meta).toEqual(meta('a1', output));
    expect(back.output.bytes).toEqual(output.bytes);
    expect(back.output.stats).toEqual(output.stats);
    expect(back.output.sources).toEqual(output.sources);
    expect(back.output.records).toBeNull();
  });

  it('keeps DuckDB records as records', () => {
    const chunk: ChunkOutput = {
      ...aChunk(0, 2),
      bytes: null,
      records: [
        [0, 'c-0', 'NONE'],
        [1, 'c-1', null],
      ],
    };
    const back = decodeShardResult(Buffer.concat(encodeShardResult(meta('r', chunk), chunk)), 'x.result');
    expect(back.output.records).toEqual(chunk.records);
    expect(back.output.bytes).toBeNull();
  });

  it.each([
    ['cut short', (file: Buffer) => file.subarray(0, file.length - 1)],
    ['with bytes after its sections', (file: Buffer) => Buffer.concat([file, Buffer.from('x')])],
    ['not a shard result', () => Buffer.from('{"rows":1}\n')],
  ])('refuses a file %s', (_, damage) => {
    const output = aChunk(0, 3);
    const file = Buffer.concat(encodeShardResult(meta('a', output), output));
    expect(() => decodeShardResult(damage(file), 'x.result')).toThrow(/x\.result is damaged/);
  });
});

describe('commitShardResult: at-least-once attempts, exactly one result', () => {
  let runDir: string;
  beforeEach(() => {
    runDir = mkdtempSync(join(tmpdir(), 'warden-commit-'));
    mkdirSync(join(runDir, 'results'));
  });
  afterEach(() => rmSync(runDir, { recursive: true, force: true }));

  it('lets the first attempt commit and drops every later one, leaving no partial file', async () => {
    const output = aChunk(0, 3);
    expect(
      await commitShardResult(runDir, 3, 'first', encodeShardResult(meta('first', output), output)),
    ).toBe(true);
    expect(await commitShardResult(runDir, 3, 'late', encodeShardResult(meta('late', output), output))).toBe(
      false,
    );
    expect((await readShardResult(runDir, 3)).meta.attempt).toBe('first');
    expect(readdirSync(join(runDir, 'results'))).toEqual(['000003.result']);
  });

  it('lets exactly one of many attempts racing for a shard win', async () => {
    const output = aChunk(0, 50);
    const won = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        commitShardResult(runDir, 3, `a${i}`, encodeShardResult(meta(`a${i}`, output), output)),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = `a${won.indexOf(true)}`;
    expect((await readShardResult(runDir, 3)).meta.attempt).toBe(winner);
    expect(readdirSync(join(runDir, 'results'))).toEqual(['000003.result']);
  });

  it('never replaces a committed result, even with other bytes', async () => {
    const output = aChunk(0, 3);
    await commitShardResult(runDir, 3, 'first', encodeShardResult(meta('first', output), output));
    const before = readFileSync(shardResultPath(runDir, 3));
    const other = aChunk(0, 4);
    expect(await commitShardResult(runDir, 3, 'other', encodeShardResult(meta('other', other), other))).toBe(
      false,
    );
    expect(readFileSync(shardResultPath(runDir, 3))).toEqual(before);
  });
});
