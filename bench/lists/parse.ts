/**
 * List parse figures: wall time, entities and peak RSS per source, each parsed in its own child
 * process so that one source's peak does not hide another's. Prints, never asserts.
 * Run: npx tsx bench/lists/parse.ts [case…]   (cases: ofac-legacy ofac-advanced un uk pep addresses)
 * Bars (issue "Watchlists"): OFAC legacy folder ≤ 3 s end-to-end, advanced XML ≤ 20 s, RSS ≤ 500 MiB.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  readLabelledAddressFile,
  readListSource,
  type EntityListSource,
} from '../../src/lists/read-source.js';

const here = dirname(fileURLToPath(import.meta.url));
const shared = process.env.WARDEN_SHARED_DATASETS ?? resolve(here, '../../../shared/datasets');

const CASES: Readonly<Record<string, { source: EntityListSource | 'addresses'; path: string }>> = {
  'ofac-legacy': { source: 'ofac', path: join(shared, 'ofac/sdn_2023-12-28') },
  'ofac-advanced': {
    source: 'ofac-advanced',
    path: join(shared, 'ofac/sdn_advanced_2025-11-19/sdn_advanced.xml.bz2'),
  },
  un: { source: 'un', path: join(shared, 'un/consolidated_2026-02-27.xml') },
  uk: { source: 'uk', path: join(shared, 'uk/ofsi_conlist_2025-04-10.csv.gz') },
  pep: { source: 'pep', path: join(shared, 'pep/us_congress_and_executive_peps_2026-06-15.csv') },
  addresses: { source: 'addresses', path: join(shared, 'crypto/labelled_addresses.csv') },
};

interface Figures {
  case: string;
  seconds: number;
  /** User + system CPU time of the process, worker threads included: less sensitive to a busy machine. */
  cpuSeconds: number;
  records: number;
  issues: number;
  peakRssMiB: number;
}

/** Runs one case in this process and prints its figures as one JSON line. */
async function measure(name: string): Promise<void> {
  const spec = CASES[name];
  if (spec === undefined) throw new Error(`Unknown case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const { records, issues } =
    spec.source === 'addresses'
      ? await readLabelledAddressFile(spec.path).then((r) => ({
          records: r.addresses.length,
          issues: r.issues.length,
        }))
      : await readListSource(spec.source, spec.path).then((r) => ({
          records: r.entities.length,
          issues: r.issues.length,
        }));
  const cpu = process.cpuUsage(cpuStart);
  const figures: Figures = {
    case: name,
    seconds: Math.round(performance.now() - started) / 1000,
    cpuSeconds: Math.round((cpu.user + cpu.system) / 1000) / 1000,
    records,
    issues,
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  console.log(JSON.stringify(figures));
}

if (process.env.WARDEN_BENCH_CHILD === '1') {
  await measure(process.argv[2] ?? '');
} else {
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(CASES);
  console.log('case            seconds   cpu s   records  issues  peak RSS (MiB)');
  for (const name of names) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], {
      env: { ...process.env, WARDEN_BENCH_CHILD: '1' },
      encoding: 'utf8',
    });
    const line = child.stdout.trim().split('\n').at(-1) ?? '';
    if (child.status !== 0 || !line.startsWith('{')) {
      console.log(`${name.padEnd(15)} failed: ${child.stderr.trim().split('\n').at(-1) ?? ''}`);
      continue;
    }
    const f = JSON.parse(line) as Figures;
    console.log(
      `${f.case.padEnd(15)} ${f.seconds.toFixed(2).padStart(7)} ${f.cpuSeconds.toFixed(2).padStart(7)} ${String(f.records).padStart(9)} ${String(f.issues).padStart(7)} ${String(f.peakRssMiB).padStart(15)}`,
    );
  }
}
