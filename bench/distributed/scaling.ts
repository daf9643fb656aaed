/**
 * Distributed re-screening (DESIGN.md §6: "N workers one core each ≈ N× one worker"): the same
 * portfolio against OFAC SDN with aliases, screened by N `warden worker`s of one thread each, worker
 * i pinned to core i with taskset, for N = 1 … the cores; beside them, in the same session, local
 * runs on 1 and N threads (`warden batch --workers N`). Each time is the coordinator's whole run:
 * plan, shards written, the workers' pools restoring the index from the published snapshot,
 * screening, gather, report off. The workers are started (and idle) before the clock starts. Prints
 * figures; asserts nothing.
 *
 *   npm run build && npx tsx bench/distributed/scaling.ts [--rows 200000] [--shard-rows 10000] [--repeat 2]
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { distributedArgs, openBenchFleet, startWorkers, stopWorkers, timeBatch } from './bench-fleet.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    'shard-rows': { type: 'string', default: '10000' },
    repeat: { type: 'string', default: '2' },
  },
});
const rows = Number(values.rows);
const shardRows = Number(values['shard-rows']);
const cores = availableParallelism();
const fleet = await openBenchFleet(rows);
const lines: string[] = [];
const report = (what: string, seconds: number[], base?: number) => {
  const best = Math.min(...seconds);
  const rate = Math.round(rows / best).toLocaleString('en-US');
  const ratio = base === undefined ? '' : `, ${(base / best).toFixed(2)}× one worker`;
  const line = `${what.padEnd(34)} ${seconds.map((s) => s.toFixed(2)).join(' / ')} s (best ${rate} rows/s${ratio})`;
  lines.push(line);
  console.log(line);
};
try {
  console.log(`${rows.toLocaleString('en-US')} rows, OFAC SDN, ${shardRows}-row shards, ${cores} cores`);
  let one: number | undefined;
  for (let n = 1; n <= cores; n++) {
    const times: number[] = [];
    for (let r = 0; r < Number(values.repeat); r++) {
      // Local first, then distributed, interleaved: the shared machine's speed moves.
      times.push(
        (await timeBatch(fleet, join(fleet.dir, `local-${n}.jsonl`), ['--workers', String(n)])).seconds,
      );
    }
    report(`local, ${n} thread(s)`, times);
    const workers = await startWorkers(fleet, n, { pin: true });
    const dist: number[] = [];
    for (let r = 0; r < Number(values.repeat); r++) {
      const run = await timeBatch(
        fleet,
        join(fleet.dir, `distributed-${n}.jsonl`),
        distributedArgs(fleet, shardRows),
      );
      dist.push(run.seconds);
    }
    await stopWorkers(workers);
    if (n === 1) one = Math.min(...dist);
    report(`distributed, ${n} pinned worker(s)`, dist, one);
  }
} finally {
  await fleet.dispose();
}
console.log(`\n${lines.join('\n')}`);
