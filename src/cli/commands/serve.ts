/**
 * `warden serve`: the spec's HTTP interface on one server, over the engine of --db. The command line
 * hands its writes on the same file to this server (src/control); `--update-lists-every` makes the
 * server download and import the official lists itself; --max-list-age, --log and --no-metrics are
 * for operators (probes, request logs, /metrics).
 */
import { startServer } from '../../api/server.js';
import { scheduleListUpdates, type ListUpdateSchedule } from '../../control/list-update-schedule.js';
import { createEngine } from '../../engine/create-engine.js';
import { parseFlags, UsageError, type CommandContext } from '../args.js';
import { parseDuration } from '../duration.js';
import { officialSourcesNamed } from '../official-source-flags.js';

const MAX_TIMER_MS = 2 ** 31 - 1;

export async function run(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values } = parseFlags(
    args,
    {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-retention-days': { type: 'string', default: '30' },
      'update-lists-every': { type: 'string' },
      'update-source': { type: 'string', multiple: true },
      mirror: { type: 'string' },
      'max-list-age': { type: 'string' },
      log: { type: 'boolean', default: false },
      'no-metrics': { type: 'boolean', default: false },
    },
    false,
  );
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port takes 0–65535, not "${values.port}".`);
  const retention = Number(values['webhook-retention-days']);
  if (!(retention > 0))
    throw new UsageError(
      `--webhook-retention-days takes a positive number, not "${values['webhook-retention-days']}".`,
    );
  const every = values['update-lists-every'];
  const updateEveryMs = every === undefined ? null : parseDuration('--update-lists-every', every);
  // Node's timers hold at most 2^31 − 1 ms (24.8 days); a longer one would fire at once, forever.
  if (updateEveryMs !== null && updateEveryMs > MAX_TIMER_MS)
    throw new UsageError(`--update-lists-every takes at most 24d, not "${every}".`);
  const sources = officialSourcesNamed(values['update-source'], '--update-source');
  const mirror = values.mirror ?? ctx.env.WARDEN_LIST_MIRROR;
  const maxListAge = values['max-list-age'];
  const operations = {
    log: values.log,
    metrics: !values['no-metrics'],
    ...(maxListAge === undefined ? {} : { maxListAgeMs: parseDuration('--max-list-age', maxListAge) }),
  };

  const engine = await createEngine({ db: ctx.db, webhookRetentionDays: retention });
  let updates: ListUpdateSchedule | null = null;
  const server = await startServer({
    engine,
    host: values.host,
    port,
    handleSignals: true,
    controlDb: ctx.db,
    beforeClose: async () => updates?.stop(),
    ...operations,
  });
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
