/**
 * Workers that die, pause or take long, real processes on a real Redis: every time the distributed
 * run writes exactly the local run's rows (none lost, none twice, the same matches). SIGKILL at
 * random moments, again and again (BullMQ's stalled-job check hands the killed worker's shard on);
 * SIGSTOP past the lock duration, then SIGCONT (the shard is handed on, and the paused worker's
 * late result cannot replace the committed one); a shard that takes many lock durations on a
 * healthy worker is never taken for a stalled one (the lock is renewed while the pool screens).
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

const LOCK = ['--lock-duration', '1500'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The worker's name in Redis: `warden worker` names itself HOST-PID. */
const nameOf = (worker: WorkerProcess) => new RegExp(`-${worker.child.pid}$`);

describeWithDatasets('a distributed run whose workers fail', () => {
  describeWithRedis('real workers, real Redis', () => {
    let fleet: Fleet;
    let portfolio: string;
    let reference: string;
    let redis: Redis;

    beforeAll(async () => {
      fleet = await openFleet('warden-faults-');
      portfolio = await fleet.portfolio('portfolio.csv', 12_000, 21);
      reference = join(fleet.dir, 'local.jsonl');
      await fleet.local(portfolio, reference, ['--no-report']);
      redis = new Redis(fleet.redis.url);
    });
    afterAll(async () => {
      redis?.disconnect();
      await fleet?.dispose();
    });

    // Each test starts its own workers.
    afterEach(async () => {
      for (const w of fleet.workers) w.kill('SIGKILL');
      await Promise.all([...fleet.workers].map((w) => w.done));
    });

    it('loses no row and screens none twice when workers are SIGKILLed at random moments, again and again', async () => {
      await Promise.all([startWorker(fleet, LOCK), startWorker(fleet, LOCK)]);
      const out = join(fleet.dir, 'killed.jsonl');
      const coordinator = startCoordinator(fleet, portfolio, out, ['--shard-rows', '300', '--no-report']);
      const delays: number[] = [];
      await coordinator.saw('distributed:');
      while (delays.length < 6 && coordinator.running) {
        const delay = Math.floor(150 + Math.random() * 900);
        delays.push(delay);
        await sleep(delay);
        const running = [...fleet.workers];
        const victim = running[Math.floor(Math.random() * running.length)];
        victim?.kill('SIGKILL');
        await victim?.done;
        await startWorker(fleet, LOCK);
      }
      const run = await coordinator.done;
      const context = `kills after ${delays.join(', ')} ms`;
      expect(run.code, `${context}\n${run.stderr}`).toBe(0);
      expect(readText(out), context).toBe(readText(reference));
      const record = recordOf(out);
      expect(record.shards).toBe(40);
      // Some kill landed mid-shard: BullMQ recovered it from the dead worker, and it ran again.
      expect(record.attempts!.stalled, context).toBeGreaterThan(0);
      expect(record.attempts!.started, context).toBeGreaterThan(40);
    });

    it('hands on the shard of a worker paused past the lock duration, and drops its late result (SIGSTOP, SIGCONT)', async () => {
      const [paused] = await Promise.all([startWorker(fleet, LOCK), startWorker(fleet, LOCK)]);
      const out = join(fleet.dir, 'paused.jsonl');
      const coordinator = startCoordinator(fleet, portfolio, out, ['--shard-rows', '1000', '--no-report']);
      // Paused while it screens a shard on its warm pool: after its first shard, once the id of
      // another is among the active jobs, processed by it.
      await paused!.saw(/shard \d+ of run-/);
      for (let holding = false; !holding; await sleep(5)) {
        expect(coordinator.running, coordinator.stderr).toBe(true);
        for (const id of await redis.lrange('bull:warden-shards:active', 0, -1)) {
          // BullMQ keeps the worker's name in the job's `pb` field (Job.processedBy).
          const by = await redis.hget(`bull:warden-shards:${id}`, 'pb');
          if (by !== null && nameOf(paused!).test(by)) holding = true;
        }
      }
      paused!.kill('SIGSTOP');
      // Three lock durations: the lock expires, the other worker's check hands the shard on.
      await sleep(4_500);
      paused!.kill('SIGCONT');
      const run = await coordinator.done;
      expect(run.code, run.stderr).toBe(0);
      expect(readText(out)).toBe(readText(reference));
      const record = recordOf(out);
      expect(record.attempts!.stalled).toBeGreaterThan(0);
      expect(record.attempts!.started).toBeGreaterThan(record.shards!);
      // The paused worker woke up and finished its copy of the shard, which only one result stands for.
      await paused!.saw(
        /shard \d+ of run-\S+(, \d+ rows in [\d.]+ s \(another attempt committed it first|: the run is over)/,
      );
    });

    it('never takes a slow shard for a stalled one: its lock is renewed while the pool screens', async () => {
      // One shard of 60,000 rows on one thread: several lock durations long, with a lock long enough
      // that a busy machine's late timers (the suite runs files in parallel) do not read as a stall.
      const slow = await fleet.portfolio('slow.csv', 60_000, 22);
      const slowReference = join(fleet.dir, 'slow-local.jsonl');
      await fleet.local(slow, slowReference, ['--no-report']);
      const worker = await startWorker(fleet, ['--lock-duration', '600']);
      const out = join(fleet.dir, 'slow.jsonl');
      const run = await startCoordinator(fleet, slow, out, ['--shard-rows', '60000', '--no-report']).done;
      expect(run.code, run.stderr).toBe(0);
      expect(readText(out)).toBe(readText(slowReference));
      await worker.saw(/60000 rows in/);
      const seconds = Number(/60000 rows in ([\d.]+) s/.exec(worker.stderr)?.[1]);
      // Well past the lock: renewed every 300 ms, checked for stalls every 600 ms.
      expect(seconds, worker.stderr).toBeGreaterThan(1.8);
      expect(recordOf(out).attempts).toEqual({ started: 1, stalled: 0 });
    });
  });
});
