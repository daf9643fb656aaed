/** Reading an onboarding record and changing its review status by hand (spec: Onboarding: Update Status). */
import { parseOrThrow } from '../model/errors.js';
import type { OnboardingRecord } from '../model/onboarding.js';
import { StatusUpdateRequest } from '../model/review-status.js';
import type { z } from 'zod';
import { isoAt, type OnboardingContext } from './context.js';
import { ONBOARDING_GROUP } from './events.js';
import type { StatusChangeOptions } from './identities.js';
import { COLLECTION, readOwned, saveOwned } from './owned-records.js';
import { FINAL_REVIEW_STATUSES, transitionReview } from './review-transitions.js';
import { sessionKey } from './session-lock.js';

export function getOnboarding(
  ctx: OnboardingContext,
  clientId: string,
  onboardingId: string,
): Promise<OnboardingRecord> {
  return readOwned<OnboardingRecord>(ctx.records, COLLECTION.onboardings, clientId, onboardingId);
}

/**
 * Moves an onboarding to another review status (REVIEW_TRANSITIONS): the record's reason becomes the
 * request's, the change is appended to status_history, completed_at follows finality.
 *
 * @example await changeOnboardingStatus(ctx, 'client-a', 'onb_1', { status: 'REJECTED', reason: 'Confirmed SDN match.' })
 */
export async function changeOnboardingStatus(
  ctx: OnboardingContext,
  clientId: string,
  onboardingId: string,
  request: z.input<typeof StatusUpdateRequest>,
  options: StatusChangeOptions = {},
): Promise<OnboardingRecord> {
  const update = parseOrThrow(StatusUpdateRequest, request);
  const { flow_instance } = await getOnboarding(ctx, clientId, onboardingId);
  return ctx.lock.run(sessionKey(clientId, flow_instance), async () => {
    const onboarding = await getOnboarding(ctx, clientId, onboardingId);
    const at = isoAt(ctx.now());
    const change = transitionReview('onboarding', onboarding.status, {
      to: update.status,
      reason: update.reason,
      by: options.by ?? clientId,
      at,
    });
    const updated: OnboardingRecord = {
      ...onboarding,
      status: change.to,
      reason: change.reason,
      completed_at: FINAL_REVIEW_STATUSES.has(change.to) ? at : null,
      status_history: [...onboarding.status_history, change],
      updatedAt: at,
    };
    await saveOwned(ctx.records, COLLECTION.onboardings, clientId, updated);
    await ctx.onEvent({
      group: ONBOARDING_GROUP[updated.data.type],
      type: 'onboarding.status_changed',
      client_id: clientId,
      at,
      data: { onboarding: updated, change },
    });
    return updated;
  });
}
