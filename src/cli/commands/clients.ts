/** `warden clients create --name N [--webhook URL]`: registers an API client and prints its credentials once. */
import { openClientRegistry } from '../../clients/index.js';
import { openStore } from '../../store/open-store.js';
import { parseFlags, printJson, UsageError, type CommandContext } from '../args.js';
import { viaRunningServer } from '../running-server.js';

export async function run(args: readonly string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'create') throw new UsageError('Use "warden clients create --name NAME [--webhook URL]".');
  const { values } = parseFlags(rest, { name: { type: 'string' }, webhook: { type: 'string' } }, false);
  if (!values.name) throw new UsageError('clients create needs --name.');
  const webhookUrl = values.webhook ?? null;
  const served = await viaRunningServer(ctx, { op: 'clients.create', name: values.name, webhookUrl });
  if (served !== undefined) {
    printJson(ctx, served);
    return 0;
  }
  const store = await openStore(ctx.db);
  try {
    const registry = await openClientRegistry(store.records, { now: Date.now() });
    const created = await registry.createClient({
      name: values.name,
      webhookUrl,
      now: Date.now(),
    });
    printJson(ctx, created);
    return 0;
  } finally {
    await store.close();
  }
}
