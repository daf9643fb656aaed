/**
 * `warden reviewers create|list|disable --client ID …`: the people of a client who use the review
 * API (issue #30). `create` prints the generated password once, in its last-line JSON.
 */
import { openClientRegistry } from '../../clients/index.js';
import { openReviewerRegistry } from '../../review/index.js';
import { openStore } from '../../store/open-store.js';
import { parseFlags, printJson, UsageError, type CommandContext } from '../args.js';
import { viaRunningServer } from '../running-server.js';

const USAGE =
  'Use "warden reviewers create --client CLIENT_ID --name NAME --role analyst|approver", "warden reviewers list --client CLIENT_ID" or "warden reviewers disable --client CLIENT_ID --name NAME".';

export async function run(args: readonly string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'create' && sub !== 'list' && sub !== 'disable') throw new UsageError(USAGE);
  const { values } = parseFlags(
    rest,
    { client: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    false,
  );
  if (!values.client) throw new UsageError(`reviewers ${sub} needs --client.`);
  if (sub !== 'list' && !values.name) throw new UsageError(`reviewers ${sub} needs --name.`);
  if (sub === 'create' && !values.role)
    throw new UsageError('reviewers create needs --role analyst|approver.');
  const client = values.client;
  const request =
    sub === 'create'
      ? ({ op: 'reviewers.create', clientId: client, name: values.name!, role: values.role! } as const)
      : sub === 'disable'
        ? ({ op: 'reviewers.disable', clientId: client, name: values.name! } as const)
        : ({ op: 'reviewers.list', clientId: client } as const);
  const served = await viaRunningServer<unknown>(ctx, request);
  if (served !== undefined) {
    for (const line of Array.isArray(served) ? served : [served]) printJson(ctx, line);
    return 0;
  }
  const store = await openStore(ctx.db);
  try {
    const now = Date.now();
    // An unknown client is RESOURCE_NOT_FOUND (exit 2), not a reviewer of nobody.
    (await openClientRegistry(store.records, { now })).getClient(values.client);
    const reviewers = await openReviewerRegistry(store.records, { now });
    if (sub === 'create') {
      printJson(
        ctx,
        await reviewers.create({ clientId: values.client, name: values.name!, role: values.role!, now }),
      );
    } else if (sub === 'disable') {
      printJson(ctx, await reviewers.disable(values.client, values.name!, now));
    } else {
      for (const reviewer of reviewers.list(values.client)) printJson(ctx, reviewer);
    }
    return 0;
  } finally {
    await store.close();
  }
}
