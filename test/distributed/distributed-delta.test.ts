/**
 * A distributed delta run (`--delta-since last`) after a list update, against a local one: both
 * follow a full run of their own, and the newest token sidecar of the portfolio (in the store's
 * portfolio cache) lets the row gate leave out the rows that cannot meet a changed entity (the
 * coordinator gates, on a small pool of its own, before it cuts the shards); both withdraw and add
 * the same matches, and write the same rows.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/batch/index.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { describeWithDatasets } from '../support/datasets.js';
import { describeWithRedis } from '../support/redis-server.js';
import { countsOf, openFleet, readText, startCoordinator, startWorker, type Fleet } from './support/fleet.js';

describeWithDatasets('a distributed delta run', () => {
  describeWithRedis('on two workers and a real Redis (built CLI, real UN list)', () => {
    let fleet: Fleet;
    let portfolio: string;

    beforeAll(async () => {
      fleet = await openFleet('warden-distributed-delta-');
      portfolio = await fleet.portfolio('portfolio.csv', 5_000, 9);
      await Promise.all([startWorker(fleet), startWorker(fleet)]);
    });
    afterAll(async () => {
      await fleet?.dispose();
    });

    it('after a list update, screens and writes what a local delta run does', async () => {
      const localOut = join(fleet.dir, 'local.jsonl');
      const out = join(fleet.dir, 'distributed.jsonl');
      await fleet.local(portfolio, localOut, ['--no-report']);
      const full = await startCoordinator(fleet, portfolio, out, ['--shard-rows', '500', '--no-report']).done;
      expect(full.code, full.stderr).toBe(0);

      // A house list naming three people of the portfolio: the delta's new entities.
      const names = readText(portfolio)
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
        .filter((fields) => fields.length > 2 && fields[2] === 'PERSON' && !fields.join().includes('"'))
        .map((fields) => fields[1]!);
      const house = join(fleet.dir, 'house.csv');
      const picked = [names[10]!, names[2_000]!, names.at(-10)!];
      writeFileSync(house, `id,name,type\n${picked.map((n, i) => `H-${i},${n},individual`).join('\n')}\n`);
      const imported = await runCli([
        'lists',
        'import',
        '--source',
        'csv',
        house,
        '--list-name',
        'house',
        '--db',
        fleet.db,
      ]);
      expect(imported.code, imported.stderr).toBe(0);

      const local = await fleet.local(portfolio, localOut, ['--delta-since', 'last']);
      const run = await startCoordinator(fleet, portfolio, out, [
        '--shard-rows',
        '500',
        '--delta-since',
        'last',
      ]).done;
      expect(run.code, run.stderr).toBe(0);
      const summary = lastJsonLine<BatchSummary>(run.stdout);
      expect(readText(out)).toBe(readText(localOut));
      // The gate left most rows out, as it did locally, each run from its own full run's sidecar.
      expect(summary.delta).toMatchObject({ entities: 3, skipped_rows: local.delta!.skipped_rows });
      expect(summary.delta!.skipped_rows).toBeGreaterThan(4_000);
      expect(summary.delta!.row_sources).toMatch(/\.portfolios\/.*\.sources$/);
      const withoutPaths = (s: BatchSummary) => ({
        ...countsOf(s),
        delta: { ...s.delta, previous_output: null, row_sources: null },
      });
      expect(withoutPaths(summary)).toEqual(withoutPaths(local));
      expect(summary.matches_by_list.house).toBeGreaterThanOrEqual(3);
    });
  });
});
