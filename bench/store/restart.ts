/**
 * Restart bench (issue #29, item 3): what a server needs to start on a store that has seen N
 * transactions — time to open, memory, file size — and what a read of an old record costs.
 *
 *   npx tsx bench/store/restart.ts [--sizes 100000,300000,1000000] [--before ROOT]
 *
 * For each N a writer process stores N transactions as the service does: the decided transaction
 * and its webhook delivery in one commit, then the delivery's attempt and the transaction's
 * notification (4 log rows per transaction, half of them superseded). The records are copies of one
 * real transaction screened against the OFAC SDN list, with their own ids. Then fresh processes
 * open the file: this tree's engine (which compacts at open), and with --before ROOT the engine of
 * another checkout (e.g. the commit before issue #29), on a copy of the same uncompacted file.
 * Each reports the open time, RSS after open, and RSS and read latency after 1,000 random status
 * reads (mostly not in the body cache). One run per N: a cold process is what is measured.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type * as EngineModuleType from '../../src/engine/create-engine.js';

type EngineModule = typeof EngineModuleType;

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT = 'bench-client';
/** Transactions stored through the store itself; the rest are SQL copies of them (replicate). */
const WRITTEN = 10_000;

interface Opened {
  readonly openMs: number;
  readonly rssAfterOpenMb: number;
  readonly rssAfterReadsMb: number;
  readonly readP50Ms: number;
  readonly readP99Ms: number;
  readonly heapUsedMb: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const fileMb = (path: string) =>
  mb(statSync(path).size + (existsSync(`${path}.wal`) ? statSync(`${path}.wal`).size : 0));

/** Runs this file in a fresh process in `mode`; returns the JSON it prints last. */
function child<T>(mode: string, ...args: string[]): T {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', join(ROOT, 'bench/store/restart.ts'), '--mode', mode, ...args],
    { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}

async function write(db: string, n: number): Promise<void> {
  const { createEngine } = await import('../../src/engine/create-engine.js');
  const shared = process.env.WARDEN_SHARED_DATASETS ?? join(ROOT, '../shared/datasets');
  const engine = await createEngine({
    db,
    lists: [{ source: 'ofac', path: join(shared, 'ofac/sdn_2023-12-28') }],
  });
  const client = engine.forClient(CLIENT);
  const report = await client.submitTransaction({
    transaction: {
      external_transaction_id: 'template',
      transaction_type: 'FIAT',
      sending_amount: 1500,
      sending_currency: 'USD',
      receiving_amount: 6_123_450,
      receiving_currency: 'COP',
    },
    remitter: {
      external_id: 'rem-1',
      entity_type: 'PERSON',
      natural_person: {
        full_name: 'María Fernanda Gómez Restrepo',
        nationality: 'COL',
        birth_date: '1988-04-17',
      },
    },
    beneficiary: {
      external_id: 'ben-1',
      entity_type: 'PERSON',
      natural_person: { full_name: 'Nicolas Maduro Moros', nationality: 'VEN', birth_date: '1962-11-23' },
    },
  });
  const { records } = engine.store;
  const template = (await records.getByKey('transactions', CLIENT, 'template'))!;
  const json = JSON.stringify(template.data)
    .replaceAll(report.transaction.id, '@ID')
    .replaceAll('template', '@EXT');
  const state = report.transaction.state;
  const body = (i: number) =>
    JSON.parse(json.replaceAll('@ID', `tx_${i}`).replaceAll('@EXT', `ext-${i}`)) as object;
  const delivery = (i: number, status: string) => ({
    id: `whd_tx_${i}_1`,
    status,
    url: 'https://hooks.example.com/warden',
    envelope: { id: `whd_tx_${i}_1`, event: 'transaction.state_changed', data: { id: `tx_${i}`, state } },
    attempts: status === 'PENDING' ? [] : [{ attempt: 1, status_code: 200, successful: true }],
  });
  const row = (
    collection: string,
    id: string,
    key: string | null,
    tag: string,
    data: object,
    at: number,
  ) => ({
    collection,
    id,
    client_id: CLIENT,
    key,
    tag,
    created_at: at,
    updated_at: at,
    data,
  });
  const started = performance.now();
  const CHUNK = 2000;
  for (let from = 0; from < Math.min(n, WRITTEN); from += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, n - from) }, (_, k) => from + k);
    const at = Date.now();
    await Promise.all(
      ids.map((i) =>
        records.putAll([
          row('transactions', `tx_${i}`, `ext-${i}`, state, body(i), at),
          row('webhook_outbox', `whd_tx_${i}_1`, null, 'PENDING', delivery(i, 'PENDING'), at),
        ]),
      ),
    );
    await Promise.all(
      ids.flatMap((i) => [
        records.put(
          row('webhook_outbox', `whd_tx_${i}_1`, null, 'DELIVERED', delivery(i, 'DELIVERED'), at + 1),
        ),
        records.put(
          row('transactions', `tx_${i}`, `ext-${i}`, state, { ...body(i), notified: true }, at + 1),
        ),
      ]),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  console.error(`  stored ${Math.min(n, WRITTEN)} transactions through the store in ${seconds.toFixed(1)} s`);
  await engine.close();
  await replicate(db, n);
  console.log(JSON.stringify({ ok: true }));
}

/**
 * Copies the rows of the first WRITTEN transactions in SQL until there are `n`: storing a million
 * through the store would take ~15 minutes (4 log rows each at ~4,000 rows/s), and the rows are the
 * same but for their ids. Copy k renames tx_I to tx_k-I and ext-I to ext-k-I, and keeps the
 * written rows' interleaving of seqs.
 */
async function replicate(db: string, n: number): Promise<void> {
  if (n <= WRITTEN) return;
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(db);
  const con = await instance.connect();
  const [[maxSeq]] = (await con.runAndReadAll('SELECT max(seq) FROM records_log')).getRowsJS() as [[bigint]];
  const rename = (column: string, k: number) =>
    `replace(replace(${column}, 'tx_', 'tx_${k}-'), 'ext-', 'ext-${k}-')`;
  for (let k = 1; k * WRITTEN < n; k++) {
    await con.run(
      `INSERT INTO records_log (seq, collection, client_id, id, key, created_at, updated_at, deleted, data, tag)
       SELECT seq + ${k} * ${maxSeq}, collection, client_id, ${rename('id', k)}, ${rename('key', k)},
              created_at, updated_at, deleted, ${rename('data', k)}, tag
       FROM records_log WHERE seq <= ${maxSeq} AND collection IN ('transactions', 'webhook_outbox')
         AND coalesce(key, '') <> 'template' AND (id LIKE 'tx\\_%' ESCAPE '\\' OR id LIKE 'whd\\_tx\\_%' ESCAPE '\\')
         AND CAST(regexp_extract(id, '(\\d+)', 1) AS INTEGER) < ${n - k * WRITTEN}`,
    );
  }
  await con.run('CHECKPOINT');
  con.closeSync();
  instance.closeSync();
}

/** The external id of transaction i: the first WRITTEN as stored, the others as replicate() named them. */
const keyOf = (i: number) => (i < WRITTEN ? `ext-${i}` : `ext-${Math.floor(i / WRITTEN)}-${i % WRITTEN}`);

async function open(db: string, root: string, n: number): Promise<void> {
  // Another checkout's engine (--before): typed as this tree's, whose open/read API it shares.
  const { createEngine } = (await import(join(root, 'src/engine/create-engine.ts'))) as EngineModule;
  const t = performance.now();
  const engine = await createEngine({ db });
  const openMs = performance.now() - t;
  (globalThis as { gc?: () => void }).gc?.();
  const rssAfterOpenMb = mb(process.memoryUsage().rss);
  const client = engine.forClient(CLIENT);
  const times: number[] = [];
  for (let k = 0; k < 1000; k++) {
    const key = keyOf(Math.floor(Math.random() * n));
    const t0 = performance.now();
    const page = await client.getTransactions({ external_transaction_id: key });
    times.push(performance.now() - t0);
    if (page.items.length !== 1) throw new Error(`${key} not found`);
  }
  times.sort((a, b) => a - b);
  (globalThis as { gc?: () => void }).gc?.();
  const opened: Opened = {
    openMs,
    rssAfterOpenMb,
    rssAfterReadsMb: mb(process.memoryUsage().rss),
    readP50Ms: times[500]!,
    readP99Ms: times[990]!,
    heapUsedMb: mb(process.memoryUsage().heapUsed),
  };
  await engine.close();
  console.log(JSON.stringify(opened));
}

const { values } = parseArgs({
  options: {
    mode: { type: 'string' },
    db: { type: 'string' },
    root: { type: 'string' },
    n: { type: 'string' },
    sizes: { type: 'string', default: '100000,300000,1000000' },
    before: { type: 'string' },
  },
});

if (values.mode === 'write') await write(values.db!, Number(values.n));
else if (values.mode === 'open') await open(values.db!, values.root!, Number(values.n));
else {
  const dir = mkdtempSync(join(tmpdir(), 'warden-restart-'));
  const f = (x: number, digits = 0) => x.toFixed(digits);
  const lines: string[] = [];
  /** One table row: a fresh process of `root`'s engine opening `db`, or why it could not. */
  const row = (n: number, engine: string, written: number, db: string, root: string) => {
    const head = `| ${n.toLocaleString('en')} | ${engine} | ${f(written)} MB`;
    try {
      const o = child<Opened>('open', '--db', db, '--root', root, '--n', String(n));
      return `${head} | ${f(fileMb(db))} MB | ${f(o.openMs / 1000, 1)} s | ${f(o.rssAfterOpenMb)} MB | ${f(o.rssAfterReadsMb)} MB | ${f(o.heapUsedMb)} MB | ${f(o.readP50Ms, 3)} / ${f(o.readP99Ms, 2)} ms |`;
    } catch (e) {
      // The code before issue #29 read every body into memory: at 1M it runs out of heap.
      return `${head} | | failed: ${String(e).split('\n')[0]!.slice(0, 50)} | | | | |`;
    }
  };
  for (const n of values.sizes.split(',').map(Number)) {
    const db = join(dir, `n${n}.duckdb`);
    child('write', '--db', db, '--n', String(n));
    const written = fileMb(db);
    if (values.before !== undefined) {
      const copy = join(dir, `before-${n}.duckdb`);
      copyFileSync(db, copy);
      lines.push(row(n, 'before', written, copy, resolve(values.before)));
      console.log(lines.at(-1));
      rmSync(copy, { force: true });
    }
    lines.push(row(n, 'this tree', written, db, ROOT));
    console.log(lines.at(-1));
    rmSync(db, { force: true });
  }
  console.log(
    '\n| transactions | engine | file written | file after open | open | RSS after open | RSS after 1,000 reads | JS heap | read p50 / p99 |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const line of lines) console.log(line);
  rmSync(dir, { recursive: true, force: true });
}
