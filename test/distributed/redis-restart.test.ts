/**
 * Redis going away mid-run, real processes: restarted cleanly (SIGTERM: it writes its append-only
 * file) and killed outright (SIGKILL: the file's last second may be lost), each time while shards are
 * being screened. The coordinator and the workers reconnect by themselves; shards whose locks or
 * completions were lost are screened again, and only one result each stands: the output is the
 * local run's, byte for byte.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDatasets } from '../support/datasets.js';
import { describeWithRedis } from '../support/redis-server.js';
import { openFleet, readText, recordOf, startCoordinator, startWorker, type Fleet } from './support/fleet.js';

/** Shards committed so far in the run writing `out`. */
function committed(fleet: Fleet, out: string): number {
  if (!existsSync(`${out}.distributed.json`)) return 0;
  const results = join(fleet.workDir, 'runs', recordOf(out).run, 'results');
  return existsSync(results) ? readdirSync(results).filter((f) => f.endsWith('.result')).length : 0;
}

describeWithDatasets('a distributed run through Redis restarts', () => {
  describeWithRedis('real workers, real Redis', () => {
    let fleet: Fleet;
    let portfolio: string;
    let reference: string;

    beforeAll(async () => {
      fleet = await openFleet('warden-redis-restart-');
      portfolio = await fleet.portfolio('portfolio.csv', 12_000, 33);
      reference = join(fleet.dir, 'local.jsonl');
      await fleet.local(portfolio, reference, ['--no-report']);
      await Promise.all([
        startWorker(fleet, ['--lock-duration', '2000']),
        startWorker(fleet, ['--lock-duration', '2000']),
      ]);
    });
    afterAll(async () => {
      await fleet?.dispose();
    });

    it('loses no row and screens none twice when Redis restarts, cleanly and after a crash, mid-run', async () => {
      const out = join(fleet.dir, 'restarted.jsonl');
      const coordinator = startCoordinator(fleet, portfolio, out, ['--shard-rows', '400', '--no-report']);
      const waitFor = async (shards: number) => {
        while (committed(fleet, out) < shards) {
          expect(coordinator.running, coordinator.stderr).toBe(true);
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      await waitFor(3);
      await fleet.redis.restart(1_000, 'SIGTERM');
      await waitFor(committed(fleet, out) + 3);
      await fleet.redis.restart(500, 'SIGKILL');
      const run = await coordinator.done;
      expect(run.code, run.stderr).toBe(0);
      expect(committed(fleet, out)).toBe(0); // the run's folder is cleared once gathered
      expect(readText(out)).toBe(readText(reference));
      expect(recordOf(out)).toMatchObject({ status: 'completed', shards: 30 });
      // The workers are still there, and take the next run's shards.
      expect(fleet.workers.size).toBe(2);
      const next = join(fleet.dir, 'after.jsonl');
      const again = await startCoordinator(fleet, portfolio, next, ['--shard-rows', '3000', '--no-report'])
        .done;
      expect(again.code, again.stderr).toBe(0);
      expect(readText(next)).toBe(readText(reference));
    });
  });
});
