import { describe, expect, it } from 'vitest';
import type { ReviewStatus } from '../../src/model/review-status.js';
import { REVIEW_TRANSITIONS } from '../../src/onboarding/index.js';
import { aCreateOnboardingRequest, aDataIndividual } from '../support/factories.js';
import { CLIENT_A, NOW, anOnboardingHarness } from '../support/onboarding-harness.js';

const LATER = '2026-05-02T09:30:00.000Z';

/** Each starting status is reached the way it is in production: by the decision on creation. */
const APPLICANT_FOR: Readonly<Record<ReviewStatus, { name: string; is_pep: boolean }>> = {
  APPROVED: { name: 'Valentina Ríos Castaño', is_pep: false },
  PENDING_REVIEW: { name: 'Valentina Ríos Castaño', is_pep: true },
  REJECTED: { name: 'Viktor Anatolyevich Bout', is_pep: false },
};

async function anOnboardingIn(status: ReviewStatus) {
  const h = anOnboardingHarness();
  const flow = await h.aFlow();
  const record = await h.service.createOnboarding(CLIENT_A, {
    ...aCreateOnboardingRequest({
      data: { type: 'INDIVIDUAL', data_individual: aDataIndividual(APPLICANT_FOR[status]) },
    }),
    flow: flow._id,
  });
  expect(record.status).toBe(status);
  h.setNow(LATER);
  return { h, record };
}

describe('changeOnboardingStatus', () => {
  it.each<[ReviewStatus, ReviewStatus, string | null, string | null]>([
    ['PENDING_REVIEW', 'APPROVED', null, null],
    ['PENDING_REVIEW', 'APPROVED', 'PEP cleared by enhanced due diligence', null],
    ['PENDING_REVIEW', 'REJECTED', 'Source of funds not evidenced', null],
    ['PENDING_REVIEW', 'REJECTED', null, 'VALIDATION_ERROR'],
    ['PENDING_REVIEW', 'PENDING_REVIEW', 'again', 'INVALID_STATE_TRANSITION'],
    ['APPROVED', 'REJECTED', 'Listed by OFAC on 2026-05-02', null],
    ['APPROVED', 'PENDING_REVIEW', 'Periodic re-screening found a possible match', null],
    ['APPROVED', 'PENDING_REVIEW', null, 'VALIDATION_ERROR'],
    ['APPROVED', 'APPROVED', null, 'INVALID_STATE_TRANSITION'],
    ['REJECTED', 'PENDING_REVIEW', 'Customer appealed: a namesake', null],
    ['REJECTED', 'PENDING_REVIEW', null, 'VALIDATION_ERROR'],
    ['REJECTED', 'APPROVED', 'Namesake', 'INVALID_STATE_TRANSITION'],
    ['REJECTED', 'REJECTED', 'again', 'INVALID_STATE_TRANSITION'],
  ])('%s → %s (reason %j): %s', async (from, to, reason, errorCode) => {
    const { h, record } = await anOnboardingIn(from);
    const change = h.service.changeOnboardingStatus(CLIENT_A, record._id, { status: to, reason });
    if (errorCode !== null) {
      await expect(change).rejects.toMatchObject({ code: errorCode });
      expect(await h.service.getOnboarding(CLIENT_A, record._id)).toEqual(record);
      return;
    }
    const updated = await change;
    expect(updated).toMatchObject({
      status: to,
      reason,
      updatedAt: LATER,
      completed_at: to === 'PENDING_REVIEW' ? null : LATER,
    });
    expect(updated.status_history.at(-1)).toEqual({ from, to, reason, at: LATER, by: CLIENT_A });
    expect(await h.service.getOnboarding(CLIENT_A, record._id)).toEqual(updated);
  });

  it('says which moves are allowed when one is not', async () => {
    const { h, record } = await anOnboardingIn('REJECTED');
    await expect(
      h.service.changeOnboardingStatus(CLIENT_A, record._id, { status: 'APPROVED', reason: 'ok' }),
    ).rejects.toMatchObject({
      code: 'INVALID_STATE_TRANSITION',
      path: ['status'],
      message:
        'An onboarding cannot move from REJECTED to APPROVED; from REJECTED it can move to PENDING_REVIEW.',
    });
  });

  it('keeps the whole history, oldest first, with who made each change', async () => {
    const { h, record } = await anOnboardingIn('PENDING_REVIEW');
    const steps: [ReviewStatus, string | null, string | undefined][] = [
      ['APPROVED', null, 'officer.mendez'],
      ['REJECTED', 'Listed by OFAC', undefined],
      ['PENDING_REVIEW', 'Appeal received', 'officer.ortiz'],
    ];
    for (const [status, reason, by] of steps) {
      await h.service.changeOnboardingStatus(CLIENT_A, record._id, { status, reason }, by ? { by } : {});
    }
    const history = (await h.service.getOnboarding(CLIENT_A, record._id)).status_history;
    expect(history.map(({ from, to, by }) => [from, to, by])).toEqual([
      [null, 'PENDING_REVIEW', 'warden'],
      ['PENDING_REVIEW', 'APPROVED', 'officer.mendez'],
      ['APPROVED', 'REJECTED', CLIENT_A],
      ['REJECTED', 'PENDING_REVIEW', 'officer.ortiz'],
    ]);
    expect(history[0]).toMatchObject({ at: NOW, reason: record.reason });
  });

  it('documents every status as a source in the transition table', () => {
    expect(Object.keys(REVIEW_TRANSITIONS).sort()).toEqual(['APPROVED', 'PENDING_REVIEW', 'REJECTED']);
  });
});

describe('changeIdentityStatus', () => {
  it('follows the same table and keeps its own history', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const record = await h.service.createOnboarding(CLIENT_A, {
      ...aCreateOnboardingRequest(),
      flow: flow._id,
    });
    const identityId = record.identities[0]!;
    h.setNow(LATER);
    const identity = await h.service.changeIdentityStatus(CLIENT_A, identityId, {
      status: 'REJECTED',
      reason: 'Document photo does not match the applicant',
    });
    expect(identity).toMatchObject({ status: 'REJECTED', updatedAt: LATER });
    expect(identity.status_history.map((c) => c.to)).toEqual(['APPROVED', 'REJECTED']);
    await expect(
      h.service.changeIdentityStatus(CLIENT_A, identityId, { status: 'APPROVED', reason: null }),
    ).rejects.toMatchObject({ code: 'INVALID_STATE_TRANSITION' });
    expect((await h.service.getOnboarding(CLIENT_A, record._id)).status).toBe('APPROVED');
  });
});
