/** `warden serve`: the spec's HTTP interface on one server, over the engine of --db. */
import { startServer } from '../../api/server.js';
import { createEngine } from '../../engine/create-engine.js';
import { parseFlags, UsageError, type CommandContext } from '../args.js';

export async function run(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values } = parseFlags(
    args,
    {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-retention-days': { type: 'string', default: '30' },
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
  const engine = await createEngine({ db: ctx.db, webhookRetentionDays: retention });
  const server = await startServer({ engine, host: values.host, port, handleSignals: true });
  ctx.stderr.write(
    `warden: serving ${server.url} (lists: ${
      engine
        .activeLists()
        .versions.map((v) => v.id)
        .join(', ') || 'none'
    })\n`,
  );
  // The process now lives until SIGINT/SIGTERM, which close the server and then the engine.
  return 0;
}
