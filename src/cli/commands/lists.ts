/** `warden lists …`: show, import, diff and update watchlists in the --db store. */
import { resolve } from 'node:path';
import { indexCacheBeside, indexCurrentLists } from '../../batch/index.js';
import { WardenError } from '../../model/errors.js';
import type { ParseIssue } from '../../model/entity.js';
import { importListFile, isListSource, LIST_SOURCES, type ListSource } from '../../engine/import-list.js';
import type { SavedList } from '../../lists/save-list.js';
import { openStore } from '../../store/open-store.js';
import type { Store } from '../../store/store.js';
import { parseFlags, printJson, UsageError, type CommandContext } from '../args.js';
import { downloadOfficialSource } from '../../control/download-official-list.js';
import { officialSourcesNamed } from '../official-source-flags.js';
import { viaRunningServer } from '../running-server.js';

const MAX_ISSUES_SHOWN = 20;

async function withStore<T>(ctx: CommandContext, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(ctx.db);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * After an import: indexes the current lists into the batch runs' index cache (beside the DuckDB
 * file), so the next run loads their index. A cache that cannot be written costs that run a build.
 */
async function indexForBatchRuns(ctx: CommandContext, store: Store): Promise<void> {
  const dir = indexCacheBeside(ctx.db);
  if (dir === undefined) return;
  try {
    ctx.stderr.write(`index: ${await indexCurrentLists(store.lists, dir)}\n`);
  } catch (e) {
    ctx.stderr.write(
      `warden: the lists are saved, but their index was not cached: ${(e as Error).message}\n`,
    );
  }
}

function reportIssues(ctx: CommandContext, issues: readonly ParseIssue[]): void {
  for (const issue of issues.slice(0, MAX_ISSUES_SHOWN))
    ctx.stderr.write(`skipped ${issue.location}: ${issue.reason}\n`);
  if (issues.length > MAX_ISSUES_SHOWN)
    ctx.stderr.write(`… and ${issues.length - MAX_ISSUES_SHOWN} more skipped records\n`);
}

async function importCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseFlags(args, {
    source: { type: 'string' },
    'list-name': { type: 'string' },
  });
  const source = values.source;
  if (!source) throw new UsageError(`lists import needs --source (${LIST_SOURCES.join(', ')}).`);
  if (!isListSource(source))
    throw new UsageError(`Unknown --source "${source}"; use one of ${LIST_SOURCES.join(', ')}.`);
  const path = positionals[0];
  if (!path || positionals.length > 1) throw new UsageError('lists import needs exactly one PATH.');
  const listName = values['list-name'] ? { listName: values['list-name'] } : {};
  const saved = await importThroughServerOrStore(ctx, { source, path: resolve(path), ...listName });
  reportIssues(ctx, saved.issues);
  printJson(ctx, saved.summary);
  return 0;
}

/**
 * Imports into the running server's engine when one holds the file (it also refreshes the index
 * cache), else into the file itself, indexing for batch runs unless `indexAfter` is false.
 */
async function importThroughServerOrStore(
  ctx: CommandContext,
  request: { source: ListSource; path: string; listName?: string },
  indexAfter = true,
): Promise<SavedList & { served?: boolean }> {
  const served = await viaRunningServer<SavedList & { index: string | null }>(ctx, {
    op: 'lists.import',
    ...request,
  });
  if (served !== undefined) {
    if (served.index !== null) ctx.stderr.write(`index: ${served.index}\n`);
    return { ...served, served: true };
  }
  return withStore(ctx, async (store) => {
    const imported = await importListFile(store, { ...request, now: Date.now() });
    if (indexAfter) await indexForBatchRuns(ctx, store);
    return imported;
  });
}

async function showCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values } = parseFlags(args, { json: { type: 'boolean' } }, false);
  const versions = await withStore(ctx, (store) => store.lists.versions());
  if (values.json) {
    for (const v of versions) printJson(ctx, v);
    return 0;
  }
  if (versions.length === 0) {
    ctx.stdout.write(`No lists are loaded in ${ctx.db}. Load one with "warden lists import".\n`);
    return 0;
  }
  const latest = new Map(versions.map((v) => [v.list, v]));
  ctx.stdout.write(
    `${'list'.padEnd(14)}${'version'.padEnd(18)}${'entities'.padStart(9)}  published   imported             versions\n`,
  );
  for (const v of latest.values()) {
    const count = versions.filter((x) => x.list === v.list).length;
    ctx.stdout.write(
      `${v.list.padEnd(14)}${v.id.padEnd(18)}${String(v.entities).padStart(9)}  ${(v.published_at ?? '-').padEnd(10)}  ${new Date(v.imported_at).toISOString().slice(0, 19)}  ${count}\n`,
    );
  }
  return 0;
}

async function diffCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { positionals } = parseFlags(args, {});
  if (positionals.length !== 2)
    throw new UsageError('lists diff needs two version ids: warden lists diff V1 V2');
  const changes = await withStore(ctx, (store) => store.lists.diff(positionals[0]!, positionals[1]!));
  for (const change of changes) printJson(ctx, change);
  return 0;
}

async function updateCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values } = parseFlags(
    args,
    { source: { type: 'string', multiple: true }, mirror: { type: 'string' } },
    false,
  );
  const sources = officialSourcesNamed(values.source);
  const mirror = values.mirror ?? ctx.env.WARDEN_LIST_MIRROR;
  let failed = 0;
  let storedHere = false;
  for (const source of sources) {
    try {
      const download = await downloadOfficialSource(source, mirror ? { mirror } : {});
      try {
        const saved = await importThroughServerOrStore(
          ctx,
          { source: source.source, path: download.path },
          false,
        );
        storedHere ||= saved.served !== true;
        reportIssues(ctx, saved.issues);
        printJson(ctx, saved.summary);
      } finally {
        download.cleanup();
      }
    } catch (e) {
      if (!(e instanceof WardenError)) throw e;
      failed++;
      ctx.stderr.write(`warden: ${source.source}: ${e.message} The previous version stays active.\n`);
    }
  }
  // One index of all the lists, after the last of them (a server indexes after each import itself).
  if (storedHere) await withStore(ctx, (store) => indexForBatchRuns(ctx, store));
  return failed === 0 ? 0 : 1;
}

const SUBCOMMANDS: Readonly<
  Record<string, (args: readonly string[], ctx: CommandContext) => Promise<number>>
> = {
  import: importCommand,
  diff: diffCommand,
  update: updateCommand,
  show: showCommand,
};

export async function run(args: readonly string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub.startsWith('-')) return showCommand(args, ctx);
  const command = SUBCOMMANDS[sub];
  if (!command) throw new UsageError(`Unknown "lists ${sub}"; use import, diff, update or no subcommand.`);
  return command(rest, ctx);
}
