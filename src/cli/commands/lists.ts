/** `warden lists …`: show, import, diff and update watchlists in the --db store. */
import { resolve } from 'node:path';
import { indexCacheBeside, indexCurrentLists } from '../../batch/index.js';
import { WardenError } from '../../model/errors.js';
import type { ParseIssue } from '../../model/entity.js';
import { importListFile, type ListSource } from '../../engine/import-list.js';
import type { SavedList } from '../../lists/save-list.js';
import { openStore } from '../../store/open-store.js';
import type { Store } from '../../store/store.js';
import { printJson, UsageError, type CommandContext } from '../command-context.js';
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

/** `warden lists import --source SOURCE PATH [--list-name NAME]` (commander checked SOURCE). */
export async function importList(
  options: { path: string; source: ListSource; listName?: string },
  ctx: CommandContext,
): Promise<number> {
  const listName = options.listName ? { listName: options.listName } : {};
  const saved = await importThroughServerOrStore(ctx, {
    source: options.source,
    path: resolve(options.path),
    ...listName,
  });
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

/** `warden lists [--json]`: the loaded lists, a table for a person or JSON lines. */
export async function showLists(
  options: { json?: boolean; subcommand?: string },
  ctx: CommandContext,
): Promise<number> {
  if (options.subcommand !== undefined)
    throw new UsageError(`unknown command 'lists ${options.subcommand}'; see "warden lists --help".`);
  const versions = await withStore(ctx, (store) => store.lists.versions());
  if (options.json) {
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

/** `warden lists diff V1 V2`: one JSON line per entity added, changed or removed. */
export async function diffLists(options: { v1: string; v2: string }, ctx: CommandContext): Promise<number> {
  const changes = await withStore(ctx, (store) => store.lists.diff(options.v1, options.v2));
  for (const change of changes) printJson(ctx, change);
  return 0;
}

/** `warden lists update [--source …] [--mirror URL]` (the mirror defaults to $WARDEN_LIST_MIRROR). */
export async function updateLists(
  options: { source: readonly string[]; mirror?: string },
  ctx: CommandContext,
): Promise<number> {
  const sources = officialSourcesNamed(options.source);
  const mirror = options.mirror;
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
