/**
 * `warden worker` stopped on purpose (a deploy, a scale-in), real processes on a real Redis: a first
 * SIGTERM lets the shard in hand finish and exits 0; a second hands it back to the queue at once, so
 * another worker takes it without waiting out the lock (30 s here). Either way no shard stalls and
 * the output is the local run's.
 */
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeWithDatasets } from '../support/datasets.js';
import { describeWithRedis } from '../support/redis-server.js';
import {
  openFleet,
  readText,
  recordOf,
  startCoordinator,
  startWorker,
  type Fleet,
  type WorkerProcess,
} from './support/fleet.js';

describeWithDatasets('a worker stopped on purpose', () => {
  describeWithRedis('real workers, real Redis', () => {
    let fleet: Fleet;
    let portfolio: string;
    let reference: string;
    let redis: Redis;

    beforeAll(async () => {
      fleet = await openFleet('warden-worker-stop-');
      portfolio = await fleet.portfolio('portfolio.csv', 8_000, 5);
      reference = join(fleet.dir, 'local.jsonl');
      await fleet.local(portfolio, reference, ['--no-report']);
      redis = new Redis(fleet.redis.url);
    });
    afterEach(async () => {
      for (const w of fleet.workers) w.kill('SIGKILL');
      await Promise.all([...fleet.workers].map((w) => w.done));
    });
    afterAll(async () => {
      redis?.disconnect();
      await fleet?.dispose();
    });

    /** Resolves once `worker` holds a shard (after its first): its name on an active job. */
    async function holding(worker: WorkerProcess): Promise<void> {
      await worker.saw(/shard \d+ of run-/);
      for (;;) {
        for (const id of await redis.lrange('bull:warden-shards:active', 0, -1)) {
          const by = await redis.hget(`bull:warden-shards:${id}`, 'pb');
          if (by?.endsWith(`-${worker.child.pid}`)) return;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    }

    it.each([
      ['SIGTERM finishes the shard in hand, then exits 0', 1, /finishing the shards in hand/],
      ['a second SIGTERM hands the shard back to the queue at once', 2, /handed back to the queue/],
    ])('%s', async (_, signals, said) => {
      const stopped = await startWorker(fleet);
      const out = join(fleet.dir, `stopped-${signals}.jsonl`);
      const coordinator = startCoordinator(fleet, portfolio, out, ['--shard-rows', '2000', '--no-report']);
      await holding(stopped);
      stopped.kill('SIGTERM');
      // Signals sent at once may arrive as one: the second waits for the first to be heard.
      if (signals === 2) {
        await stopped.saw('SIGTERM received');
        stopped.kill('SIGTERM');
      }
      const exit = await stopped.done;
      expect(exit.code, exit.stderr).toBe(0);
      expect(exit.stderr).toMatch(said);
      // Another worker finishes the run; with the default 30 s lock, a stalled shard would wait it out.
      await startWorker(fleet);
      const run = await coordinator.done;
      expect(run.code, run.stderr).toBe(0);
      expect(readText(out)).toBe(readText(reference));
      expect(recordOf(out).attempts!.stalled).toBe(0);
    });
  });
});
