/** `warden clients create --name N [--webhook URL]`: registers an API client and prints its credentials once. */
import { openClientRegistry } from '../../clients/index.js';
import { openStore } from '../../store/open-store.js';
import { printJson, type CommandContext } from '../command-context.js';
import { viaRunningServer } from '../running-server.js';

export async function createClient(
  options: { name: string; webhook?: string },
  ctx: CommandContext,
): Promise<number> {
  const webhookUrl = options.webhook ?? null;
  const served = await viaRunningServer(ctx, { op: 'clients.create', name: options.name, webhookUrl });
  if (served !== undefined) {
    printJson(ctx, served);
    return 0;
  }
  const store = await openStore(ctx.db);
  try {
    const registry = await openClientRegistry(store.records, { now: Date.now() });
    const created = await registry.createClient({
      name: options.name,
      webhookUrl,
      now: Date.now(),
    });
    printJson(ctx, created);
    return 0;
  } finally {
    await store.close();
  }
}
