/** `warden batch PORTFOLIO --out OUT …`: re-screens a portfolio through the worker pool (DESIGN.md §5). */
import { indexCacheBeside, runBatch, stopOnSignals, type RunBatchOptions } from '../../batch/index.js';
import { openStore } from '../../store/open-store.js';
import { parseFlags, printJson, UsageError, type CommandContext } from '../args.js';
import { batchExitCode } from '../batch-exit-code.js';

/** `--columns full_name=Name,birth_date=DOB` → a column mapping. */
function columnMapping(text: string | undefined): RunBatchOptions['columns'] {
  if (!text) return undefined;
  const mapping: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [ours, theirs] = pair.split('=').map((s) => s.trim());
    if (!ours || !theirs) throw new UsageError(`--columns takes ours=theirs pairs, not "${pair}".`);
    mapping[ours] = theirs;
  }
  return mapping as RunBatchOptions['columns'];
}

export async function run(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseFlags(args, {
    out: { type: 'string' },
    workers: { type: 'string' },
    'delta-since': { type: 'string' },
    'since-run': { type: 'string' },
    resume: { type: 'boolean' },
    columns: { type: 'string' },
    'no-report': { type: 'boolean' },
    client: { type: 'string' },
    'review-queue': { type: 'boolean' },
  });
  const portfolio = positionals[0];
  if (!portfolio || positionals.length > 1)
    throw new UsageError('batch needs one PORTFOLIO (.csv, .parquet or duckdb:TABLE).');
  if (!values.out) throw new UsageError('batch needs --out OUT (.jsonl, .csv or .duckdb).');
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 0)) {
    throw new UsageError(`--workers takes a whole number, not "${values.workers}".`);
  }
  if (values.client !== undefined && values.client.trim() === '') {
    throw new UsageError('--client needs the id of a client of --db.');
  }
  if (values['review-queue'] && values.client === undefined) {
    throw new UsageError("--review-queue needs --client CLIENT_ID: the review queue is a client's.");
  }
  const stop = stopOnSignals();
  const store = await openStore(ctx.db);
  try {
    const summary = await runBatch({
      portfolio,
      out: values.out,
      store,
      db: ctx.db,
      indexCache: indexCacheBeside(ctx.db),
      signal: stop.signal,
      report: !values['no-report'],
      ...(workers === undefined ? {} : { workers }),
      ...(values['delta-since'] ? { deltaSince: values['delta-since'] } : {}),
      ...(values['since-run'] ? { sinceRun: values['since-run'] } : {}),
      ...(values.resume ? { resume: true } : {}),
      ...(values.columns ? { columns: columnMapping(values.columns) } : {}),
      ...(values.client === undefined
        ? {}
        : { review: { clientId: values.client, feedQueue: values['review-queue'] === true } }),
    });
    printJson(ctx, summary);
    if (summary.errors > 0) {
      ctx.stderr.write(
        `warden: ${summary.errors} row(s) could not be screened; their lines carry "error"${summary.report ? ` and ${summary.report} lists the first` : ''}.\n`,
      );
    }
    return stop.exitCode() ?? batchExitCode(summary);
  } finally {
    stop.dispose();
    await store.close();
  }
}
