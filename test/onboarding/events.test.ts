import { describe, expect, it } from 'vitest';
import { aCreateOnboardingRequest, aDataCompany, aParty } from '../support/factories.js';
import { CLIENT_A, NOW, anOnboardingHarness } from '../support/onboarding-harness.js';

describe('onboarding events', () => {
  it('emits one event per creation and status change, in the right group, after the write', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const individual = await h.service.createOnboarding(CLIENT_A, {
      ...aCreateOnboardingRequest(),
      flow: flow._id,
    });
    const company = await h.service.createOnboarding(CLIENT_A, {
      flow: flow._id,
      data: {
        type: 'COMPANY',
        data_company: aDataCompany({ final_beneficiaries: [aParty({ full_name: 'Juan Perez' })] }),
      },
    });
    await h.service.changeOnboardingStatus(CLIENT_A, individual._id, { status: 'REJECTED', reason: 'Fraud' });
    await h.service.changeOnboardingStatus(CLIENT_A, company._id, {
      status: 'PENDING_REVIEW',
      reason: 'Appeal',
    });
    await h.service.changeIdentityStatus(CLIENT_A, individual.identities[0]!, {
      status: 'PENDING_REVIEW',
      reason: 'Blurry',
    });

    expect(h.events.map((e) => [e.type, e.group])).toEqual([
      ['flow.created', 'Flow'],
      ['flow_instance.created', 'Flow'],
      ['identity.created', 'Identity Verification by Onboarding'],
      ['onboarding.created', 'Onboarding Individual'],
      ['flow_instance.created', 'Flow'],
      ['onboarding.created', 'Onboarding Organizations'],
      ['onboarding.status_changed', 'Onboarding Individual'],
      ['onboarding.status_changed', 'Onboarding Organizations'],
      ['identity.status_changed', 'Identity Verification'],
    ]);
    expect(h.events.every((e) => e.client_id === CLIENT_A && e.at === NOW)).toBe(true);
  });

  it('carries the records as stored, and the change', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const record = await h.service.createOnboarding(CLIENT_A, {
      ...aCreateOnboardingRequest(),
      flow: flow._id,
    });
    const created = h.events.find((e) => e.type === 'onboarding.created');
    expect(created?.data).toEqual({ onboarding: record });
    const identityEvent = h.events.find((e) => e.type === 'identity.created');
    expect(identityEvent?.data).toEqual({
      identity: await h.service.getIdentity(CLIENT_A, record.identities[0]!),
      onboarding: record._id,
    });

    const updated = await h.service.changeOnboardingStatus(CLIENT_A, record._id, {
      status: 'REJECTED',
      reason: 'Fraud',
    });
    expect(h.events.at(-1)).toEqual({
      group: 'Onboarding Individual',
      type: 'onboarding.status_changed',
      client_id: CLIENT_A,
      at: NOW,
      data: { onboarding: updated, change: updated.status_history.at(-1) },
    });
  });

  it('emits nothing for a refused request', async () => {
    const h = anOnboardingHarness();
    const flow = await h.aFlow();
    const record = await h.service.createOnboarding(CLIENT_A, {
      ...aCreateOnboardingRequest(),
      flow: flow._id,
    });
    const before = h.events.length;
    await expect(
      h.service.changeOnboardingStatus(CLIENT_A, record._id, { status: 'APPROVED', reason: null }),
    ).rejects.toMatchObject({ code: 'INVALID_STATE_TRANSITION' });
    await expect(
      h.service.createOnboarding(CLIENT_A, { ...aCreateOnboardingRequest(), flow: 'nope' }),
    ).rejects.toThrow();
    expect(h.events).toHaveLength(before);
  });
});
