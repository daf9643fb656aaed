/**
 * Child process for the kill-and-resume tests: runs (or resumes) one batch run on worker threads
 * with frequent checkpoints, stopping cleanly on SIGINT/SIGTERM like the CLI does. Prints
 * "done …" when it completes, "interrupted …" (exit code 130/143) when a signal stopped it.
 * Usage: node --import tsx run-batch-child.ts ENTITIES_JSON PORTFOLIO OUT
 */
import { readFileSync } from 'node:fs';
import { runBatch, stopOnSignals } from '../../../src/batch/index.js';
import type { Entity } from '../../../src/model/entity.js';

const [entitiesPath, portfolio, out] = process.argv.slice(2) as [string, string, string];
const entities = JSON.parse(readFileSync(entitiesPath, 'utf8')) as Entity[];
const stop = stopOnSignals();
try {
  const summary = await runBatch({
    portfolio,
    out,
    entities,
    resume: true,
    workers: 2,
    chunkSize: 100,
    checkpointIntervalMs: 20,
    progress: 'off',
    signal: stop.signal,
  });
  process.stdout.write(`${summary.status === 'completed' ? 'done' : 'interrupted'} ${summary.rows}\n`);
  process.exitCode = stop.exitCode() ?? 0;
} finally {
  stop.dispose();
}
