/**
 * What the review audit (issue #30: programmes, secondary fields and explanation per match, the
 * suppression lookup of each match) costs a submit, in process: `engine.submitTransaction` on a
 * DuckDB file with the house list, 50 submits in flight (group commits, as under the HTTP bench),
 * clean submits and submits whose remitter is a MEDIUM match. Reports the main thread's CPU per
 * submit (time it ran, so less inflated than wall time when other work shares the cores) and the
 * bytes of one stored transaction and its audit.
 *
 *   npx tsx bench/transactions/submit-audit.ts [--before ROOT] [--rounds 6] [--n 4000]
 *
 * Each round is a fresh process per tree, --before ROOT (another checkout, e.g. the commit before
 * issue #30) then this tree, alternately; the medians of the rounds are printed. The public engine
 * API is all it uses, so older checkouts run it unchanged.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type * as EngineModuleType from '../../src/engine/create-engine.js';
import type * as HouseListModuleType from '../../test/support/house-list.js';

const ROOT = resolve(import.meta.dirname, '../..');
const IN_FLIGHT = 50;
const CLEAN_NAME = 'María Fernanda Gómez Restrepo';

interface Measured {
  readonly cleanUs: number;
  readonly hitUs: number;
  readonly cleanBytes: number;
  readonly cleanAuditBytes: number;
  readonly hitBytes: number;
  readonly hitAuditBytes: number;
}

const { values } = parseArgs({
  options: {
    mode: { type: 'string' },
    root: { type: 'string' },
    before: { type: 'string' },
    rounds: { type: 'string', default: '6' },
    n: { type: 'string', default: '4000' },
  },
});

/** CPU seconds (user + system) the main thread has run (Linux /proc; USER_HZ 100). */
function mainThreadCpuSeconds(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// The remitter born decades after the listed entity: a MEDIUM match, so EVALUATION and one audited match.
const request = (id: string, remitter: string) => ({
  transaction: {
    external_transaction_id: id,
    transaction_type: 'FIAT' as const,
    sending_amount: 1500,
    sending_currency: 'USD',
    receiving_amount: 6123450,
    receiving_currency: 'COP',
  },
  remitter: {
    external_id: 'rem-1',
    entity_type: 'PERSON' as const,
    natural_person: { full_name: remitter, nationality: 'COL', birth_date: '1988-04-17' },
  },
  beneficiary: {
    external_id: 'ben-1',
    entity_type: 'PERSON' as const,
    natural_person: {
      full_name: 'Carlos Andrés Pérez Quintero',
      nationality: 'COL',
      birth_date: '1979-11-02',
    },
  },
});

async function measure(root: string, n: number): Promise<void> {
  // Another checkout's modules (--before): typed as this tree's, whose public API they share.
  const { createEngine } = (await import(
    join(root, 'src/engine/create-engine.ts')
  )) as typeof EngineModuleType;
  const { houseList, HOUSE_ENTITY_NAME } = (await import(
    join(root, 'test/support/house-list.ts')
  )) as typeof HouseListModuleType;
  const dir = mkdtempSync(join(tmpdir(), 'warden-submit-audit-'));
  const engine = await createEngine({ db: join(dir, 'bench.duckdb'), lists: [houseList()] });
  const submitAll = async (prefix: string, name: string, count: number) => {
    let next = 0;
    const lane = async () => {
      while (next < count) await engine.submitTransaction(request(`${prefix}-${next++}`, name));
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  };
  const cpuPerSubmit = async (prefix: string, name: string) => {
    const before = mainThreadCpuSeconds();
    await submitAll(prefix, name, n);
    return ((mainThreadCpuSeconds() - before) * 1e6) / n;
  };
  const bytesOf = async (key: string) => {
    const stored = (await engine.store.records.list('transactions')).find((r) => r.key === key)!;
    const data = stored.data as { audit?: unknown };
    return [JSON.stringify(data).length, JSON.stringify(data.audit ?? null).length] as const;
  };
  await submitAll('warm', CLEAN_NAME, 1000);
  await submitAll('warm-hit', HOUSE_ENTITY_NAME, 500);
  const cleanUs = await cpuPerSubmit('clean', CLEAN_NAME);
  const hitUs = await cpuPerSubmit('hit', HOUSE_ENTITY_NAME);
  const [cleanBytes, cleanAuditBytes] = await bytesOf('clean-0');
  const [hitBytes, hitAuditBytes] = await bytesOf('hit-0');
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
  const measured: Measured = { cleanUs, hitUs, cleanBytes, cleanAuditBytes, hitBytes, hitAuditBytes };
  console.log(JSON.stringify(measured));
}

function child(root: string): Measured {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'bench/transactions/submit-audit.ts'),
      '--mode',
      'measure',
      '--root',
      root,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Measured;
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

if (values.mode === 'measure') await measure(values.root!, Number(values.n));
else {
  const trees = values.before === undefined ? [ROOT] : [resolve(values.before), ROOT];
  const runs = new Map<string, Measured[]>(trees.map((t) => [t, []]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const tree of trees) runs.get(tree)!.push(child(tree));
  }
  console.log(
    '| tree | clean submit | submit with a match | stored clean (audit) | stored with a match (audit) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const [tree, measured] of runs) {
    const us = (key: 'cleanUs' | 'hitUs') =>
      `${median(measured.map((m) => m[key])).toFixed(0)} µs (${measured.map((m) => m[key].toFixed(0)).join(', ')})`;
    const [m] = measured;
    console.log(
      `| ${tree === ROOT ? 'this tree' : tree} | ${us('cleanUs')} | ${us('hitUs')} | ${m!.cleanBytes} B (${m!.cleanAuditBytes} B) | ${m!.hitBytes} B (${m!.hitAuditBytes} B) |`,
    );
  }
}
