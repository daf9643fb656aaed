/**
 * `warden serve`: the spec's HTTP interface on one server, over the engine of --db. The command line
 * hands its writes on the same file to this server (src/control); `--update-lists-every` makes the
 * server download and import the official lists itself; --max-list-age, --log and --no-metrics are
 * for operators (probes, request logs, /metrics).
 */
import { startServer, type RunningServer } from '../../api/server.js';
import { scheduleListUpdates, type ListUpdateSchedule } from '../../control/list-update-schedule.js';
import { createEngine } from '../../engine/create-engine.js';
import { CommandFailure, UsageError, type CommandContext } from '../command-context.js';
import { parseDuration } from '../duration.js';
import { officialSourcesNamed } from '../official-source-flags.js';

const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ServeOptions {
  readonly port: string;
  readonly host: string;
  readonly webhookRetentionDays: string;
  readonly updateListsEvery?: string;
  readonly updateSource: readonly string[];
  /** --mirror, else $WARDEN_LIST_MIRROR (commander reads it). */
  readonly mirror?: string;
  readonly maxListAge?: string;
  readonly log?: boolean;
  /** False with --no-metrics. */
  readonly metrics: boolean;
}

/** Why the server could not listen, said in the command's words, or undefined for another error. */
function listenFailure(error: unknown, host: string, port: number): CommandFailure | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE')
    return new CommandFailure(`port ${port} on ${host} is already in use; pick another with --port`);
  if (code === 'EACCES')
    return new CommandFailure(
      `port ${port} on ${host} needs privileges this process does not have; pick another with --port`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new CommandFailure(`${host} is not an address of this machine; pick another with --host`);
  return undefined;
}

export async function run(options: ServeOptions, ctx: CommandContext): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port takes 0–65535, not "${options.port}".`);
  const retention = Number(options.webhookRetentionDays);
  if (!(retention > 0))
    throw new UsageError(
      `--webhook-retention-days takes a positive number, not "${options.webhookRetentionDays}".`,
    );
  const every = options.updateListsEvery;
  const updateEveryMs = every === undefined ? null : parseDuration('--update-lists-every', every);
  // Node's timers hold at most 2^31 − 1 ms (24.8 days); a longer one would fire at once, forever.
  if (updateEveryMs !== null && updateEveryMs > MAX_TIMER_MS)
    throw new UsageError(`--update-lists-every takes at most 24d, not "${every}".`);
  const sources = officialSourcesNamed(options.updateSource, '--update-source');
  const mirror = options.mirror;
  const maxListAge = options.maxListAge;
  const operations = {
    log: options.log === true,
    metrics: options.metrics,
    ...(maxListAge === undefined ? {} : { maxListAgeMs: parseDuration('--max-list-age', maxListAge) }),
  };

  const engine = await createEngine({ db: ctx.db, webhookRetentionDays: retention });
  let updates: ListUpdateSchedule | null = null;
  let server: RunningServer;
  try {
    server = await startServer({
      engine,
      host: options.host,
      port,
      handleSignals: true,
      controlDb: ctx.db,
      beforeClose: async () => updates?.stop(),
      ...operations,
    });
  } catch (error) {
    await engine.close();
    throw listenFailure(error, options.host, port) ?? error;
  }
  ctx.stderr.write(
    `warden: serving ${server.url} (lists: ${
      engine
        .activeLists()
        .versions.map((v) => v.id)
        .join(', ') || 'none'
    })\n`,
  );
  if (updateEveryMs !== null) {
    updates = scheduleListUpdates(engine, ctx.db, {
      everyMs: updateEveryMs,
      sources,
      ...(mirror ? { mirror } : {}),
      log: (line) => ctx.stderr.write(`warden: ${line}\n`),
    });
  }
  // The process now lives until SIGINT/SIGTERM, which close the server and then the engine.
  return 0;
}
