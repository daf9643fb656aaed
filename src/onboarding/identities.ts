/**
 * Identity verifications: made from the `identity` of an onboarding request, read by id, and
 * reviewed by hand through the same transition table as onboardings.
 */
import { parseOrThrow } from '../model/errors.js';
import type { Identity, NewIdentity } from '../model/identity.js';
import { StatusUpdateRequest, type StatusChange } from '../model/review-status.js';
import type { z } from 'zod';
import { isoAt, type OnboardingContext } from './context.js';
import type { Verdict } from './decision.js';
import { COLLECTION, readOwned, saveOwned } from './owned-records.js';
import { transitionReview } from './review-transitions.js';
import { sessionKey } from './session-lock.js';

/** The actor written in a history entry for Warden's own decision on creation. */
export const AUTOMATED_ACTOR = 'warden';

export interface StatusChangeOptions {
  /** Who makes the change, for the history; defaults to the client id. */
  readonly by?: string;
}

/** The first history entry of a record: the automated verdict. */
export function initialChange(verdict: Verdict, at: string): StatusChange {
  return { from: null, to: verdict.status, reason: verdict.reason, at, by: AUTOMATED_ACTOR };
}

export function newIdentityRecord(
  id: string,
  identity: NewIdentity,
  session: { flow: string; flow_instance: string },
  verdict: Verdict,
  at: string,
): Identity {
  return {
    _id: id,
    ...identity,
    expiry_date: identity.expiry_date ?? null,
    flow: session.flow,
    flow_instance: session.flow_instance,
    status: verdict.status,
    reason: verdict.reason,
    status_history: [initialChange(verdict, at)],
    files: [],
    createdAt: at,
    updatedAt: at,
  };
}

export function getIdentity(ctx: OnboardingContext, clientId: string, identityId: string): Promise<Identity> {
  return readOwned<Identity>(ctx.records, COLLECTION.identities, clientId, identityId);
}

/**
 * Moves an identity to another review status (REVIEW_TRANSITIONS), appending to its history.
 *
 * @example await changeIdentityStatus(ctx, 'client-a', 'idv_1', { status: 'APPROVED', reason: null })
 */
export async function changeIdentityStatus(
  ctx: OnboardingContext,
  clientId: string,
  identityId: string,
  request: z.input<typeof StatusUpdateRequest>,
  options: StatusChangeOptions = {},
): Promise<Identity> {
  const update = parseOrThrow(StatusUpdateRequest, request);
  const { flow_instance } = await getIdentity(ctx, clientId, identityId);
  return ctx.lock.run(sessionKey(clientId, flow_instance), async () => {
    const identity = await getIdentity(ctx, clientId, identityId);
    const at = isoAt(ctx.now());
    const change = transitionReview('identity', identity.status, {
      to: update.status,
      reason: update.reason,
      by: options.by ?? clientId,
      at,
    });
    const updated: Identity = {
      ...identity,
      status: change.to,
      reason: change.reason,
      status_history: [...identity.status_history, change],
      updatedAt: at,
    };
    await saveOwned(ctx.records, COLLECTION.identities, clientId, updated);
    await ctx.onEvent({
      group: 'Identity Verification',
      type: 'identity.status_changed',
      client_id: clientId,
      at,
      data: { identity: updated, change },
    });
    return updated;
  });
}
