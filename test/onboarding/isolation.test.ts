import { beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingRecord } from '../../src/model/onboarding.js';
import type { OnboardingService } from '../../src/onboarding/index.js';
import { aCreateOnboardingRequest } from '../support/factories.js';
import { CLIENT_A, CLIENT_B, anOnboardingHarness } from '../support/onboarding-harness.js';

const h = anOnboardingHarness();
let record: OnboardingRecord;
let fileId: string;
const bytes = new TextEncoder().encode('proof of address');

beforeAll(async () => {
  const flow = await h.aFlow();
  record = await h.service.createOnboarding(CLIENT_A, { ...aCreateOnboardingRequest(), flow: flow._id });
  ({ id: fileId } = await h.service.addFile(CLIENT_A, 'onboardings', record._id, {
    field_name: 'file_key_proof_of_address',
    original_name: 'proof.pdf',
    mime_type: 'application/pdf',
    bytes,
  }));
});

/** Every read and write of the service, as CLIENT_B trying CLIENT_A's records. */
const ATTEMPTS: [string, (s: OnboardingService) => unknown][] = [
  ['getFlow', (s) => s.getFlow(CLIENT_B, record.flow)],
  ['listFlowInstances', (s) => s.listFlowInstances(CLIENT_B, record.flow)],
  ['getFlowInstance', (s) => s.getFlowInstance(CLIENT_B, record.flow_instance)],
  ['getFlowInstanceFile', (s) => s.getFlowInstanceFile(CLIENT_B, record.flow_instance, fileId)],
  ['getOnboarding', (s) => s.getOnboarding(CLIENT_B, record._id)],
  ['getOnboardingFile', (s) => s.getOnboardingFile(CLIENT_B, record._id, fileId)],
  ['getOnboardingFiles', (s) => s.getOnboardingFiles(CLIENT_B, record._id)],
  [
    'getEntityByDocument',
    (s) => s.getEntityByDocument(CLIENT_B, { documentNumber: '1037612345', issueCountryIso3: 'COL' }),
  ],
  ['getIdentity', (s) => s.getIdentity(CLIENT_B, record.identities[0]!)],
  ['getIdentityFiles', (s) => s.getIdentityFiles(CLIENT_B, record.identities[0]!)],
  [
    'createOnboarding',
    (s) => s.createOnboarding(CLIENT_B, { ...aCreateOnboardingRequest(), flow: record.flow }),
  ],
  [
    'changeOnboardingStatus',
    (s) => s.changeOnboardingStatus(CLIENT_B, record._id, { status: 'REJECTED', reason: 'x' }),
  ],
  [
    'changeIdentityStatus',
    (s) => s.changeIdentityStatus(CLIENT_B, record.identities[0]!, { status: 'REJECTED', reason: 'x' }),
  ],
  [
    'addFile',
    (s) =>
      s.addFile(CLIENT_B, 'identities', record.identities[0]!, {
        field_name: 'f',
        original_name: 'a.pdf',
        mime_type: 'application/pdf',
        bytes,
      }),
  ],
];

describe('client isolation', () => {
  it.each(ATTEMPTS)('%s by another client answers RESOURCE_NOT_FOUND', async (_name, attempt) => {
    await expect(Promise.resolve().then(() => attempt(h.service))).rejects.toMatchObject({
      code: 'RESOURCE_NOT_FOUND',
    });
  });

  it('leaves the owner’s records untouched', async () => {
    expect((await h.service.getOnboarding(CLIENT_A, record._id)).status).toBe('APPROVED');
    expect(await h.service.searchOnboardings(CLIENT_B)).toMatchObject({ items: [], total: 0 });
    expect(await h.store.records.list('onboardings', CLIENT_B)).toEqual([]);
  });
});
