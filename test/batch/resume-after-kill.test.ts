import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { checkpointPath, generatePortfolio, runBatch } from '../../src/batch/index.js';
import { describeWithDatasets, REPO_ROOT } from '../support/datasets.js';
import { tempFolder } from './support/batch-fixtures.js';
import { sdnSubset } from './support/subset.js';

/**
 * Starts the child; sends it `signal` after `killAfterMs`, or as soon as `killWhen()` holds, unless
 * it finishes first.
 */
function runChild(
  args: readonly string[],
  killAfterMs: number | null,
  signal: NodeJS.Signals = 'SIGKILL',
  killWhen?: () => boolean,
): Promise<'killed' | 'done' | 'interrupted'> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'test/batch/support/run-batch-child.ts'), ...args],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill(signal), killAfterMs);
    // Once: a second SIGINT/SIGTERM means "quit now" to the child.
    const poll =
      killWhen &&
      setInterval(() => {
        if (!killWhen()) return;
        clearInterval(poll);
        child.kill(signal);
      }, 2);
    child.on('exit', (code, received) => {
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      if (received === 'SIGKILL') resolve('killed');
      else if (code === 0 && stdout.includes('done')) resolve('done');
      else if (code === 143 && stdout.includes('interrupted')) resolve('interrupted');
      else reject(new Error(`batch child failed (code ${code}): ${stderr}`));
    });
  });
}

const sortedLines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).sort();

describeWithDatasets('a batch run killed with SIGKILL and resumed', () => {
  let dir: string;
  let entitiesPath: string;
  let portfolio: string;
  beforeAll(async () => {
    dir = tempFolder('warden-kill-');
    const entities = sdnSubset(2000);
    entitiesPath = join(dir, 'entities.json');
    writeFileSync(entitiesPath, JSON.stringify(entities));
    portfolio = join(dir, 'portfolio.csv');
    await generatePortfolio(portfolio, { rows: 4000, seed: 11, listed: entities, listedShare: 0.05 });
  });

  it('produces the rows of an uninterrupted run: none lost, none twice', async () => {
    const reference = join(dir, 'reference.jsonl');
    const entities = JSON.parse(readFileSync(entitiesPath, 'utf8'));
    await runBatch({ portfolio, out: reference, entities, workers: 0, progress: 'off' });

    // How long an uninterrupted child takes here, so that the kills land before it would be done.
    const started = performance.now();
    expect(await runChild([entitiesPath, portfolio, join(dir, 'timed.jsonl')], null)).toBe('done');
    const duration = performance.now() - started;
    const out = join(dir, 'killed.jsonl');
    const delays: number[] = [];
    let outcomes: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      // Random points: during start-up, mid-run, or between a write and its checkpoint.
      const delay = Math.floor(200 + Math.random() * Math.max(0, duration * 0.9 - 200));
      delays.push(delay);
      outcomes = [...outcomes, await runChild([entitiesPath, portfolio, out], delay)];
    }
    outcomes.push(await runChild([entitiesPath, portfolio, out], null));
    const context = `kill delays ${delays.join(', ')} ms of a ${Math.round(duration)} ms run → ${outcomes.join(', ')}`;
    expect(outcomes.at(-1), context).toBe('done');
    expect(outcomes.filter((o) => o === 'killed').length, context).toBeGreaterThan(0);
    const lines = sortedLines(out);
    expect(lines.length, context).toBe(4000);
    expect(lines, context).toEqual(sortedLines(reference));
    expect(existsSync(checkpointPath(out))).toBe(false);
    // The token sidecar survived the kills too: the same row records, and complete.
    expect(readFileSync(`${out}.sources.bin`), context).toEqual(readFileSync(`${reference}.sources.bin`));
    expect(existsSync(`${out}.sources.json`)).toBe(true);
  });

  it('stops cleanly on SIGTERM with exit code 143 and a checkpoint, and resumes from it', async () => {
    const out = join(dir, 'terminated.jsonl');
    // SIGTERM once the first checkpoint exists: the run is then under way, well before its end.
    const first = await runChild([entitiesPath, portfolio, out], null, 'SIGTERM', () =>
      existsSync(checkpointPath(out)),
    );
    expect(first).toBe('interrupted');
    expect(existsSync(checkpointPath(out))).toBe(true);
    expect(await runChild([entitiesPath, portfolio, out], null)).toBe('done');
    expect(sortedLines(out)).toEqual(sortedLines(join(dir, 'reference.jsonl')));
  });
});
