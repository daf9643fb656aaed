/**
 * `warden serve --update-lists-every DURATION`: the server downloads the official lists on a
 * schedule and imports them into its own engine. A file already stored is not stored again; a
 * failed download or import is logged and leaves the previous version active until the next run.
 */
import type { Engine } from '../engine/types.js';
import { WardenError } from '../model/errors.js';
import type { OfficialSource } from '../lists/official-sources.js';
import { downloadOfficialSource } from './download-official-list.js';
import { importIntoEngine } from './import-into-engine.js';

export interface ListUpdateSchedule {
  /** Resolves when a run in progress has finished. */
  stop(): Promise<void>;
}

export interface ListUpdateOptions {
  readonly everyMs: number;
  readonly sources: readonly OfficialSource[];
  readonly mirror?: string;
  /** One line per list and run: what was imported, or why not. */
  readonly log: (line: string) => void;
}

/** One run: every source, one after another. */
export async function updateListsOnce(engine: Engine, db: string, options: ListUpdateOptions): Promise<void> {
  for (const source of options.sources) {
    try {
      const download = await downloadOfficialSource(source, options.mirror ? { mirror: options.mirror } : {});
      try {
        const { summary } = await importIntoEngine(engine, db, {
          source: source.source,
          path: download.path,
          skipUnchangedFile: true,
        });
        options.log(
          summary.new_version
            ? `lists: ${summary.version} is active (+${summary.added} ~${summary.changed} −${summary.removed})`
            : `lists: ${source.source} unchanged (${summary.version})`,
        );
      } finally {
        download.cleanup();
      }
    } catch (e) {
      if (!(e instanceof WardenError)) throw e;
      options.log(`lists: ${source.source}: ${e.message} The previous version stays active.`);
    }
  }
}

/** A first run at once (a server started on old lists catches up), then one every `everyMs`. */
export function scheduleListUpdates(
  engine: Engine,
  db: string,
  options: ListUpdateOptions,
): ListUpdateSchedule {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      updateListsOnce(engine, db, options).catch((e: unknown) =>
        options.log(`lists: the scheduled update failed: ${e instanceof Error ? e.message : String(e)}`),
      ),
    );
  };
  run();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
