import { describe, expect, it } from 'vitest';
import { Flow } from '../../src/model/flow.js';
import { aCreateOnboardingRequest } from '../support/factories.js';
import { CLIENT_A, NOW, anOnboardingHarness } from '../support/onboarding-harness.js';

describe('flows', () => {
  it('creates a flow with the default configuration and reads it back', async () => {
    const h = anOnboardingHarness();
    const flow = await h.service.createFlow(CLIENT_A, { name: 'Retail' });
    expect(Flow.parse(flow)).toEqual({
      _id: 'flow_1',
      name: 'Retail',
      config_service: { age_threshold: 18, document_expiration: true },
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(await h.service.getFlow(CLIENT_A, flow._id)).toEqual(flow);
  });

  it.each([
    [{ name: '' }, ['name']],
    [{ name: 'Retail', config_service: { age_threshold: -1 } }, ['config_service', 'age_threshold']],
  ])('refuses %j', async (request, path) => {
    const h = anOnboardingHarness();
    await expect(h.service.createFlow(CLIENT_A, request)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      path,
    });
  });

  it('lists a flow’s instances newest first, by skip and limit', async () => {
    const h = anOnboardingHarness();
    const [retail, partners] = [await h.aFlow(), await h.aFlow({ name: 'Partners' })];
    for (const flow of [retail, partners, retail, retail]) {
      await h.service.createOnboarding(CLIENT_A, { ...aCreateOnboardingRequest(), flow: flow._id });
    }
    const all = await h.service.listFlowInstances(CLIENT_A, retail._id);
    expect(all.items.map((i) => i._id)).toEqual(['flow_instance_4', 'flow_instance_3', 'flow_instance_1']);
    expect(all).toMatchObject({ total: 3, skip: 0, limit: 20 });
    const page = await h.service.listFlowInstances(CLIENT_A, retail._id, { skip: '1', limit: '1' });
    expect(page).toMatchObject({ items: [{ _id: 'flow_instance_3' }], total: 3, skip: 1, limit: 1 });
  });

  it('answers RESOURCE_NOT_FOUND for the instances of an unknown flow', async () => {
    const h = anOnboardingHarness();
    await expect(h.service.listFlowInstances(CLIENT_A, 'flow_9')).rejects.toThrow(
      expect.objectContaining({ code: 'RESOURCE_NOT_FOUND', message: 'No flow has the id "flow_9".' }),
    );
  });
});
