/**
 * `warden reviewers create|list|disable --client ID …`: the people of a client who use the review
 * API (issue #30). `create` prints the generated password once, in its last-line JSON.
 */
import { openClientRegistry } from '../../clients/index.js';
import type { ControlRequest } from '../../model/control-request.js';
import type { ReviewerRole } from '../../model/reviewer.js';
import { openReviewerRegistry, type ReviewerRegistry } from '../../review/index.js';
import { openStore } from '../../store/open-store.js';
import { printJson, type CommandContext } from '../command-context.js';
import { viaRunningServer } from '../running-server.js';

/**
 * Hands `request` to the server running on ctx.db, else opens the file and does `work` there; prints
 * the answer as JSON lines either way.
 */
async function onReviewers(
  ctx: CommandContext,
  clientId: string,
  request: ControlRequest,
  work: (reviewers: ReviewerRegistry, now: number) => Promise<unknown> | unknown,
): Promise<number> {
  const served = await viaRunningServer<unknown>(ctx, request);
  const answer = served ?? (await onStore(ctx, clientId, work));
  for (const line of Array.isArray(answer) ? answer : [answer]) printJson(ctx, line);
  return 0;
}

async function onStore<T>(
  ctx: CommandContext,
  clientId: string,
  work: (reviewers: ReviewerRegistry, now: number) => Promise<T> | T,
): Promise<T> {
  const store = await openStore(ctx.db);
  try {
    const now = Date.now();
    // An unknown client is RESOURCE_NOT_FOUND (exit 2), not a reviewer of nobody.
    (await openClientRegistry(store.records, { now })).getClient(clientId);
    return await work(await openReviewerRegistry(store.records, { now }), now);
  } finally {
    await store.close();
  }
}

export function createReviewer(
  options: { client: string; name: string; role: ReviewerRole },
  ctx: CommandContext,
): Promise<number> {
  const { client: clientId, name, role } = options;
  return onReviewers(ctx, clientId, { op: 'reviewers.create', clientId, name, role }, (reviewers, now) =>
    reviewers.create({ clientId, name, role, now }),
  );
}

export function listReviewers(options: { client: string }, ctx: CommandContext): Promise<number> {
  const clientId = options.client;
  return onReviewers(ctx, clientId, { op: 'reviewers.list', clientId }, (reviewers) =>
    reviewers.list(clientId),
  );
}

export function disableReviewer(
  options: { client: string; name: string },
  ctx: CommandContext,
): Promise<number> {
  const { client: clientId, name } = options;
  return onReviewers(ctx, clientId, { op: 'reviewers.disable', clientId, name }, (reviewers, now) =>
    reviewers.disable(clientId, name, now),
  );
}
