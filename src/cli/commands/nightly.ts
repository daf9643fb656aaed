/**
 * `warden nightly` (what `npm start` runs): the compliance team's nightly job on the embedded
 * default. Imports the real lists from the shared datasets into --db (an unchanged list adds no
 * version), generates the project's reproducible portfolio once, re-screens it, and says where the
 * report is.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  generatePortfolio,
  indexCacheBeside,
  portfolioCacheBeside,
  runBatch,
  stopOnSignals,
} from '../../batch/index.js';
import { importListFile, type ListSource } from '../../engine/import-list.js';
import { WardenError } from '../../model/errors.js';
import { openStore } from '../../store/open-store.js';
import { printJson, UsageError, type CommandContext } from '../command-context.js';
import { batchExitCode } from '../batch-exit-code.js';

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The lists the nightly job screens against, as found under the shared datasets folder. */
const NIGHTLY_LISTS: readonly { source: ListSource; path: string }[] = [
  { source: 'ofac', path: 'ofac/sdn_2023-12-28' },
  { source: 'ofac', path: 'ofac/consolidated_non_sdn_2025-12-19' },
  { source: 'un', path: 'un/consolidated_2026-02-27.xml' },
  { source: 'uk', path: 'uk/ofsi_conlist_2025-04-10.csv.gz' },
  { source: 'pep', path: 'pep/us_congress_and_executive_peps_2026-06-15.csv' },
];

export interface NightlyOptions {
  readonly rows: string;
  readonly workers?: string;
  /** --datasets, else $WARDEN_SHARED_DATASETS (commander reads it). */
  readonly datasets?: string;
}

export async function run(options: NightlyOptions, ctx: CommandContext): Promise<number> {
  const rows = Number(options.rows);
  if (!Number.isInteger(rows) || rows <= 0)
    throw new UsageError(`--rows takes a positive whole number, not "${options.rows}".`);
  const datasets = resolve(options.datasets || join(PACKAGE_ROOT, '../shared/datasets'));
  if (!existsSync(datasets)) {
    throw new WardenError(
      'INVALID_LIST_FILE',
      `The shared datasets folder ${datasets} is missing; pass --datasets PATH.`,
    );
  }
  const store = await openStore(ctx.db);
  const stop = stopOnSignals();
  try {
    for (const list of NIGHTLY_LISTS) {
      const saved = await importListFile(store, {
        source: list.source,
        path: join(datasets, list.path),
        now: Date.now(),
        skipUnchangedFile: true,
      });
      ctx.stderr.write(
        `lists: ${saved.summary.list} ${saved.summary.version} (${saved.summary.entities} entities${saved.summary.new_version ? ', new' : ', unchanged'})\n`,
      );
    }
    const generated = join(PACKAGE_ROOT, 'datasets/generated');
    mkdirSync(generated, { recursive: true });
    const portfolio = join(generated, `portfolio-${rows}.csv`);
    if (!existsSync(portfolio)) {
      const latest = await store.lists.latest('ofac-sdn');
      const listed = latest ? await store.lists.entities(latest.id) : [];
      await generatePortfolio(portfolio, { rows, listed });
      ctx.stderr.write(`portfolio: generated ${portfolio}\n`);
    }
    const out = join(PACKAGE_ROOT, 'reports', `nightly-${new Date().toISOString().slice(0, 10)}.jsonl`);
    mkdirSync(dirname(out), { recursive: true });
    const summary = await runBatch({
      portfolio,
      out,
      store,
      indexCache: indexCacheBeside(ctx.db),
      portfolioCache: portfolioCacheBeside(ctx.db),
      signal: stop.signal,
      ...(options.workers ? { workers: Number(options.workers) } : {}),
    });
    printJson(ctx, summary);
    ctx.stderr.write(`report: ${summary.report ?? '(none)'}\n`);
    return stop.exitCode() ?? batchExitCode(summary);
  } finally {
    stop.dispose();
    await store.close();
  }
}
