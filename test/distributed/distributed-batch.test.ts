/**
 * `warden batch … --distributed URL --work-dir DIR` with two `warden worker`s, real processes on a real
 * Redis, against a local run of the same portfolio: the same bytes in OUT (JSONL, and DuckDB's
 * results table), the same summary counts, report and token sidecar; a coordinator killed mid-run
 * continues with --resume; an unreachable Redis is one sentence and exit 1. Nothing of the run is left in Redis or DIR.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readRunRecord, type BatchSummary } from '../../src/batch/index.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { describeWithDatasets } from '../support/datasets.js';
import { describeWithRedis } from '../support/redis-server.js';
import {
  countsOf,
  openFleet,
  readText,
  recordOf,
  startCoordinator,
  startWorker,
  type Fleet,
} from './support/fleet.js';

async function resultsTable(path: string): Promise<unknown[]> {
  const instance = await DuckDBInstance.create(path);
  const con = await instance.connect();
  try {
    const reader = await con.runAndReadAll('SELECT * FROM results ORDER BY row_index, entity_id, change');
    return reader.getRowObjectsJson();
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}

describeWithDatasets('a distributed batch run', () => {
  describeWithRedis('on two workers and a real Redis (built CLI, real UN list)', () => {
    let fleet: Fleet;
    let portfolio: string;
    let redis: Redis;

    beforeAll(async () => {
      fleet = await openFleet('warden-distributed-');
      portfolio = await fleet.portfolio('portfolio.csv', 6_000, 7);
      await Promise.all([startWorker(fleet), startWorker(fleet)]);
      redis = new Redis(fleet.redis.url);
    });
    afterAll(async () => {
      redis?.disconnect();
      await fleet?.dispose();
    });

    it('writes the rows of a local run, byte for byte, with the same counts, report and sidecar', async () => {
      const localOut = join(fleet.dir, 'local.jsonl');
      const local = await fleet.local(portfolio, localOut);
      const out = join(fleet.dir, 'distributed.jsonl');
      const run = await startCoordinator(fleet, portfolio, out, ['--shard-rows', '500']).done;
      expect(run.code, run.stderr).toBe(0);
      const summary = lastJsonLine<BatchSummary>(run.stdout);
      expect(readText(out)).toBe(readText(localOut));
      expect(countsOf(summary)).toEqual(countsOf(local));
      expect(summary.matches).toBeGreaterThan(50);
      expect(summary.report).toBe(`${out}.report.html`);
      expect(existsSync(summary.report!)).toBe(true);
      // The token sidecars, in the store's portfolio cache (named by portfolio and OUT): the same rows.
      const sidecar = (path: string) => readRunRecord(path).then((r) => r.row_sources!);
      const [mine, theirs] = [await sidecar(out), await sidecar(localOut)];
      expect(mine).not.toBe(theirs);
      expect(readFileSync(`${mine}.bin`)).toEqual(readFileSync(`${theirs}.bin`));
      expect(existsSync(`${mine}.json`)).toBe(true);
      expect(run.stderr).toMatch(/distributed: 6,000 of 6,000 rows \(100\.0%\), [\d,]+ rows\/s, ETA/);

      const record = recordOf(out);
      expect(record).toMatchObject({ status: 'completed', shards: 12 });
      expect(record.attempts!.started).toBeGreaterThanOrEqual(12);
      expect(record.workers.length).toBeGreaterThan(0);
      // Nothing of the run is left: its folder (the lists' snapshot stays for the next run), its jobs.
      expect(readdirSync(join(fleet.workDir, 'runs'))).toEqual([]);
      expect(await redis.keys(`*${record.run}*`)).toEqual([]);
    });

    it('writes the DuckDB results table a local run writes', async () => {
      const localOut = join(fleet.dir, 'local.duckdb');
      await fleet.local(portfolio, localOut);
      const out = join(fleet.dir, 'distributed.duckdb');
      const run = await startCoordinator(fleet, portfolio, out, ['--shard-rows', '1000', '--no-report']).done;
      expect(run.code, run.stderr).toBe(0);
      const [a, b] = [await resultsTable(localOut), await resultsTable(out)];
      expect(b.length).toBeGreaterThanOrEqual(6_000);
      expect(b).toEqual(a);
    });

    it('continues a coordinator killed mid-run with --resume: no row lost, none twice', async () => {
      const out = join(fleet.dir, 'resumed.jsonl');
      const first = startCoordinator(fleet, portfolio, out, ['--shard-rows', '300']);
      // Killed once a few shards are in: the workers go on while no coordinator runs.
      for (;;) {
        const record = existsSync(`${out}.distributed.json`) ? recordOf(out) : null;
        const results = record && join(fleet.workDir, 'runs', record.run, 'results');
        if (results && existsSync(results) && readdirSync(results).length >= 3) break;
        expect(first.running, first.stderr).toBe(true);
        await new Promise((r) => setTimeout(r, 10));
      }
      first.kill('SIGKILL');
      const killed = await first.done;
      expect(killed.signal).toBe('SIGKILL');
      const run = recordOf(out).run;
      const second = await startCoordinator(fleet, portfolio, out, ['--shard-rows', '300', '--resume']).done;
      expect(second.code, second.stderr).toBe(0);
      expect(recordOf(out)).toMatchObject({ run, status: 'completed', shards: 20 });
      expect(readText(out)).toBe(readText(join(fleet.dir, 'local.jsonl')));
    });

    it('says in one sentence that Redis cannot be reached, and exits 1', async () => {
      const run = await runCli([
        'batch',
        portfolio,
        '--out',
        join(fleet.dir, 'never.jsonl'),
        '--db',
        fleet.db,
        '--distributed',
        'redis://127.0.0.1:1',
        '--work-dir',
        fleet.workDir,
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toMatch(
        /^warden: Cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(.*ECONNREFUSED.*\)/,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(join(fleet.dir, 'never.jsonl'))).toBe(false);
    });
  });
});
