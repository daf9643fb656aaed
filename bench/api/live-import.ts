/**
 * What a list import costs a running server (issue #31): `warden serve` on a DuckDB file with the UN
 * list answers screening requests one after another, as a client would send them, while
 * `warden lists import` hands it the OFAC SDN list through the control socket. Prints the import's
 * time to the new version being served, and the screening latency before, during and after it —
 * the "gap" is the longest wait a request had, and the count of requests that failed.
 *
 *   npx tsx bench/api/live-import.ts
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT, sharedPath } from '../../test/support/datasets.js';
import { lastJsonLine, runCli } from '../../test/support/cli.js';
import { startServeProcess } from '../../test/support/serve-process.js';
import { tempDbPath } from '../../test/support/temp-stores.js';

const db = tempDbPath('warden-live-import-');
const run = (args: string[]) => runCli([...args, '--db', db.path]);

await run(['lists', 'import', '--source', 'un', sharedPath('un', 'consolidated_2026-02-27.xml')]);
const { client_id, client_secret } = lastJsonLine<{ client_id: string; client_secret: string }>(
  (await run(['clients', 'create', '--name', 'bench'])).stdout,
);
const server = await startServeProcess(['--db', db.path]);

const phase: { name: 'before' | 'during' | 'after' } = { name: 'before' };
const latencies: Record<typeof phase.name, number[]> = { before: [], during: [], after: [] };
let failed = 0;
let stop = false;
const body = JSON.stringify({ client_id, client_secret, full_name: 'Eric Badege' });
const load = (async () => {
  while (!stop) {
    const t = performance.now();
    const response = await fetch(`${server.url}/api/v1/screening/entities/individuals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => null);
    if (response === null || response.status !== 201) failed++;
    else await response.arrayBuffer();
    latencies[phase.name].push(performance.now() - t);
  }
})();

await new Promise((resolve) => setTimeout(resolve, 3000));
phase.name = 'during';
const started = performance.now();
const child = spawn(
  process.execPath,
  [
    join(REPO_ROOT, 'dist/cli/main.js'),
    'lists',
    'import',
    '--source',
    'ofac',
    sharedPath('ofac', 'sdn_2023-12-28'),
    '--db',
    db.path,
  ],
  { stdio: 'ignore' },
);
let servedAt = 0;
for (;;) {
  const health = (await (await fetch(`${server.url}/healthz`)).json()) as { lists: { list: string }[] };
  if (health.lists.some((l) => l.list === 'ofac-sdn')) {
    servedAt = performance.now() - started;
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await new Promise((resolve) => child.on('exit', resolve));
const commandDone = performance.now() - started;
phase.name = 'after';
await new Promise((resolve) => setTimeout(resolve, 3000));
stop = true;
await load;
await server.stop();
db.remove();

const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
console.log(
  `OFAC SDN served ${(servedAt / 1000).toFixed(1)} s after the import began (command exited after ${(commandDone / 1000).toFixed(1)} s)`,
);
for (const name of ['before', 'during', 'after'] as const) {
  const xs = latencies[name];
  console.log(
    `${name.padEnd(7)} ${String(xs.length).padStart(6)} requests  p50 ${q(xs, 0.5).toFixed(1)} ms  p99 ${q(xs, 0.99).toFixed(1)} ms  max ${Math.max(...xs).toFixed(0)} ms`,
  );
}
console.log(`failed requests: ${failed}`);
