/**
 * Batch throughput (DESIGN.md §6): a full re-screen of N portfolio rows (default 1,000,000) against
 * OFAC SDN with aliases on 2 workers, the same with N/10 rows (peak RSS should not grow with N), and
 * a delta re-screen after a list update of a few hundred entries, as a ratio to the full run. The
 * delta run is given the full run's output as its previous output, as a nightly job would: it reads
 * the earlier matches there and the full run's token sidecar beside it; it runs on the workers a
 * delta run starts by default (defaultWorkers: half the cores), and again on as many as the full run.
 * Every run loads the lists' index from the snapshot the import left (indexCurrentLists, as
 * `warden lists import` does), but one more delta run that builds its own, as after an import that
 * left none. With --fallback, also a delta run without the sidecar (every row screened against the
 * changed entities). --added and --removed size the update (300 and 100 by default): with
 * `--added 1 --removed 0` the delta measures its floor: its start, the postings searched, the index restored.
 * Bars: 1M rows ≤ 30 s, peak RSS ≤ 1.5 GiB, delta ≥ 20× faster. Prints figures; asserts nothing.
 *
 *   npm run build && npx tsx bench/batch/throughput.ts [--rows 1000000] [--workers 2] [--fallback]
 *     [--added 300] [--removed 100]
 *
 * Each run is a child process so its peak RSS (process.resourceUsage().maxRSS: the main thread and
 * the worker threads together, as they share the process) is its own.
 */
import { listMemberOf } from '../../src/lists/save-list.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultWorkers, generatePortfolio, indexCurrentLists, runBatch } from '../../src/batch/index.js';
import { listContentHash } from '../../src/lists/content-hash.js';
import { parseOfacLegacy } from '../../src/lists/ofac-legacy.js';
import { readOfacLegacyFolder } from '../../src/lists/read-source.js';
import type { Entity } from '../../src/model/entity.js';
import { openDuckDbStore, type Store } from '../../src/store/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const shared = process.env.WARDEN_SHARED_DATASETS ?? resolve(root, '../shared/datasets');
const work = join(root, 'datasets/generated/bench-batch');
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    workers: { type: 'string', default: '2' },
    child: { type: 'string' },
    portfolio: { type: 'string' },
    previous: { type: 'string' },
    'index-cache': { type: 'string' },
    fallback: { type: 'boolean', default: false },
    added: { type: 'string', default: '300' },
    removed: { type: 'string', default: '100' },
  },
});
const workers = Number(values.workers);
/** The child's --workers: a number, or "default" for what runBatch chooses. */
const childWorkers = values.workers === 'default' ? undefined : workers;

/**
 * v1: SDN 2023-12-28 with aliases. v2: v1 plus the first --added entries added by 2024-05-03, minus
 * the first --removed entries it removed.
 */
function listVersions(): { v1: Entity[]; v2: Entity[] } {
  const v1 = readOfacLegacyFolder(join(shared, 'ofac/sdn_2023-12-28')).entities;
  const later = parseOfacLegacy({
    sdn: readFileSync(join(shared, 'ofac/sdn_2024-05-03/sdn.csv'), 'utf8'),
  }).entities;
  const known = new Set(v1.map((e) => e.entity_id));
  const kept = new Set(later.map((e) => e.entity_id));
  const removed = new Set(
    v1
      .filter((e) => !kept.has(e.entity_id))
      .slice(0, Number(values.removed))
      .map((e) => e.entity_id),
  );
  const added = later.filter((e) => !known.has(e.entity_id)).slice(0, Number(values.added));
  return { v1, v2: [...v1.filter((e) => !removed.has(e.entity_id)), ...added] };
}

async function save(store: Store, entities: Entity[], publishedAt: string): Promise<string> {
  const saved = await store.lists.saveVersion({
    list: 'ofac-sdn',
    source: 'ofac',
    publishedAt,
    importedAt: Date.parse(publishedAt),
    issues: 0,
    contentHash: listContentHash(entities),
    entities: entities.map((entity) => listMemberOf(entity)),
  });
  return saved.version.id;
}

const outOf = (kind: string, rows: number) => join(work, `${kind}-${rows}.jsonl`);

/** An output and everything a run writes beside it. */
function removeOutput(out: string): void {
  for (const suffix of [
    '',
    '.run.json',
    '.sources.json',
    '.sources.bin',
    '.sources.txt',
    '.sources.postings',
    '.delta.json',
  ])
    rmSync(`${out}${suffix}`, { force: true });
}

/** One measured run, in this (child) process; prints one JSON line. */
async function child(kind: string, portfolio: string): Promise<void> {
  const store = await openDuckDbStore(join(work, 'lists.duckdb'));
  const out = outOf(kind, Number(values.rows));
  const [v1] = (await store.lists.versions()).sort((a, b) => a.seq - b.seq);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const summary = await runBatch({
    portfolio,
    out,
    store,
    ...(childWorkers === undefined ? {} : { workers: childWorkers }),
    progress: 'off',
    report: false,
    ...(kind.startsWith('delta') ? { deltaSince: v1!.id } : {}),
    ...(values.previous ? { previousOutput: values.previous } : {}),
    ...(values['index-cache'] ? { indexCache: values['index-cache'] } : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  // CPU time of every thread of the process: a steadier figure than wall time on a shared machine.
  const { user, system } = process.cpuUsage(cpu);
  await store.close();
  const rssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    JSON.stringify({
      kind,
      rows: summary.rows,
      seconds,
      cpu_seconds: (user + system) / 1e6,
      rows_per_second: Math.round(summary.rows / seconds),
      peak_rss_mib: rssMiB,
      matches: summary.matches,
      delta_entities: summary.delta?.entities ?? null,
      skipped_rows: summary.delta?.skipped_rows ?? null,
      full_scan_reason: summary.delta?.full_scan_reason ?? null,
    }),
  );
  // The full run's output and sidecar stay for the delta run that follows; the parent removes them.
  if (kind !== 'full') removeOutput(out);
}

async function main(): Promise<void> {
  mkdirSync(work, { recursive: true });
  const rows = Number(values.rows);
  const { v1, v2 } = listVersions();
  rmSync(join(work, 'lists.duckdb'), { force: true });
  const store = await openDuckDbStore(join(work, 'lists.duckdb'));
  await save(store, v1, '2023-12-28');
  await save(store, v2, '2024-05-03');
  // As `warden lists import` leaves them: the current lists indexed for the runs that follow.
  const indexes = join(work, 'lists.duckdb.indexes');
  rmSync(indexes, { recursive: true, force: true });
  const indexStarted = performance.now();
  await indexCurrentLists(store.lists, indexes);
  const importIndexSeconds = (performance.now() - indexStarted) / 1000;
  await store.close();
  // A delta run right after an import that left no index (an older Warden, another store).
  const noIndexes = join(work, 'no.indexes');
  const portfolios: [string, number][] = [];
  for (const n of [rows, Math.max(1, Math.round(rows / 10))]) {
    const path = join(work, `portfolio-${n}.csv`);
    if (!existsSync(path)) await generatePortfolio(path, { rows: n, seed: 42, listed: v2 });
    portfolios.push([path, n]);
  }
  const measure = (
    kind: string,
    path: string,
    n: number,
    previous?: string,
    threads: number | 'default' = workers,
    cache = indexes,
  ) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(import.meta.url),
          '--child',
          kind,
          '--portfolio',
          path,
          '--rows',
          String(n),
          '--workers',
          String(threads),
          ...(previous === undefined ? [] : ['--previous', previous]),
          '--index-cache',
          cache,
        ],
        {
          cwd: root,
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        },
      )
        .trim()
        .split('\n')
        .at(-1)!,
    ) as {
      kind: string;
      rows: number;
      seconds: number;
      cpu_seconds: number;
      rows_per_second: number;
      peak_rss_mib: number;
      skipped_rows: number | null;
      full_scan_reason: string | null;
    };
  const [[big, n], [small, m]] = portfolios as [[string, number], [string, number]];
  const tenth = measure('full', small, m);
  removeOutput(outOf('full', m));
  const full = measure('full', big, n);
  const deltaWorkers = defaultWorkers('delta');
  const delta = measure('delta', big, n, outOf('full', n), 'default');
  rmSync(noIndexes, { recursive: true, force: true });
  const deltaBuilding = measure('delta', big, n, outOf('full', n), 'default', noIndexes);
  rmSync(noIndexes, { recursive: true, force: true });
  // Each worker builds its own index and pays the gate's per-token work: measured on as many workers
  // as the full run as well.
  const deltaAll = deltaWorkers === workers ? null : measure('delta', big, n, outOf('full', n));
  const fallback = values.fallback ? measure('delta-fallback', big, n) : null;
  removeOutput(outOf('full', n));
  console.log(
    JSON.stringify(
      {
        full,
        tenth,
        delta,
        delta_building_its_index: deltaBuilding,
        delta_on_full_run_workers: deltaAll,
        fallback,
        import_index_seconds: importIndexSeconds,
      },
      null,
      2,
    ),
  );
  console.log(
    [
      `full re-screen: ${full.rows.toLocaleString('en-US')} rows in ${full.seconds.toFixed(1)} s (${full.rows_per_second.toLocaleString('en-US')} rows/s), peak RSS ${full.peak_rss_mib} MiB (bar: 1M rows ≤ 30 s, ≤ 1536 MiB)`,
      `N/10 rows: peak RSS ${tenth.peak_rss_mib} MiB (flat if close to the full run's)`,
      `delta re-screen after an update of +${values.added} / −${values.removed} entries (default ${deltaWorkers} worker${deltaWorkers === 1 ? '' : 's'}): ${delta.seconds.toFixed(1)} s — ${(full.seconds / delta.seconds).toFixed(1)}× faster than full by wall time, ${(full.cpu_seconds / delta.cpu_seconds).toFixed(1)}× by CPU time (bar ≥ 20×)`,
      `delta re-screen building its index (no snapshot of the new lists): ${deltaBuilding.seconds.toFixed(1)} s — ${(full.seconds / deltaBuilding.seconds).toFixed(1)}× by wall time; indexing the lists at import took ${importIndexSeconds.toFixed(1)} s`,
      ...(deltaAll === null
        ? []
        : [
            `delta re-screen on ${workers} workers: ${deltaAll.seconds.toFixed(1)} s — ${(full.seconds / deltaAll.seconds).toFixed(1)}× faster than the full run by wall time, ${(full.cpu_seconds / deltaAll.cpu_seconds).toFixed(1)}× by CPU time`,
          ]),
      `CPU: full ${full.cpu_seconds.toFixed(1)} s (${((full.cpu_seconds / full.rows) * 1e6).toFixed(0)} µs/row), delta ${delta.cpu_seconds.toFixed(1)} s`,
      `delta screened ${delta.rows.toLocaleString('en-US')} rows and skipped ${(delta.skipped_rows ?? 0).toLocaleString('en-US')} (${delta.full_scan_reason ?? "with the full run's sidecar"})`,
      ...(fallback === null
        ? []
        : [
            `delta without a sidecar: ${fallback.seconds.toFixed(1)} s — ${(full.seconds / fallback.seconds).toFixed(1)}× by wall time, ${(full.cpu_seconds / fallback.cpu_seconds).toFixed(1)}× by CPU time`,
          ]),
    ].join('\n'),
  );
}

if (values.child !== undefined) await child(values.child, values.portfolio!);
else await main();
