import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDuckDbStore } from '../../src/store/index.js';
import { aCreateOnboardingRequest, aDataCompany, aParty } from '../support/factories.js';
import { CLIENT_A, anOnboardingHarness } from '../support/onboarding-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function aDbPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'warden-onboarding-'));
  dirs.push(dir);
  return join(dir, 'warden.duckdb');
}

describe('onboarding persistence on DuckDB', () => {
  it('reads back flows, instances, identities, onboardings, history and files after a reopen', async () => {
    const path = aDbPath();
    const bytes = new TextEncoder().encode('%PDF-1.7 certificate of incorporation');
    const first = anOnboardingHarness({ store: await openDuckDbStore(path) });
    const flow = await first.aFlow({ config_service: { age_threshold: 21 } });
    const person = await first.service.createOnboarding(CLIENT_A, {
      ...aCreateOnboardingRequest(),
      flow: flow._id,
    });
    const company = await first.service.createOnboarding(CLIENT_A, {
      flow: flow._id,
      data: {
        type: 'COMPANY',
        data_company: aDataCompany({ legal_representatives: [aParty({ is_pep: true })] }),
      },
    });
    await first.service.changeOnboardingStatus(CLIENT_A, company._id, {
      status: 'APPROVED',
      reason: 'EDD done',
    });
    const file = await first.service.addFile(CLIENT_A, 'onboardings', company._id, {
      field_name: 'file_key_incorporation',
      original_name: 'incorporation.pdf',
      mime_type: 'application/pdf',
      bytes,
    });
    const before = {
      flow: await first.service.getFlow(CLIENT_A, flow._id),
      instance: await first.service.getFlowInstance(CLIENT_A, company.flow_instance),
      identity: await first.service.getIdentity(CLIENT_A, person.identities[0]!),
      person: await first.service.getOnboarding(CLIENT_A, person._id),
      company: await first.service.getOnboarding(CLIENT_A, company._id),
    };
    await first.store.close();

    const second = anOnboardingHarness({ store: await openDuckDbStore(path), idPrefix: 'reopened_' });
    try {
      expect({
        flow: await second.service.getFlow(CLIENT_A, flow._id),
        instance: await second.service.getFlowInstance(CLIENT_A, company.flow_instance),
        identity: await second.service.getIdentity(CLIENT_A, person.identities[0]!),
        person: await second.service.getOnboarding(CLIENT_A, person._id),
        company: await second.service.getOnboarding(CLIENT_A, company._id),
      }).toEqual(before);
      expect(before.company.status_history.map((c) => c.to)).toEqual(['PENDING_REVIEW', 'APPROVED']);
      const served = await second.service.getOnboardingFile(CLIENT_A, company._id, file.id);
      expect(served).toEqual({ reference: file, bytes });
      expect(
        (await second.service.searchOnboardings(CLIENT_A, { search: 'tacos' })).items.map((r) => r._id),
      ).toEqual([company._id]);
      expect(
        (
          await second.service.getEntityByDocument(CLIENT_A, {
            documentNumber: '1037612345',
            issueCountryIso3: 'COL',
          })
        )._id,
      ).toBe(person._id);
    } finally {
      await second.store.close();
    }
  });

  it('lets only one of two racing status changes through, although writes commit asynchronously', async () => {
    const h = anOnboardingHarness({ store: await openDuckDbStore(aDbPath()) });
    try {
      const flow = await h.aFlow();
      const record = await h.service.createOnboarding(CLIENT_A, {
        ...aCreateOnboardingRequest({
          data: { type: 'INDIVIDUAL', data_individual: { name: 'Valentina Ríos Castaño', is_pep: true } },
        }),
        flow: flow._id,
      });
      const results = await Promise.allSettled([
        h.service.changeOnboardingStatus(CLIENT_A, record._id, { status: 'APPROVED', reason: null }),
        h.service.changeOnboardingStatus(CLIENT_A, record._id, {
          status: 'APPROVED',
          reason: 'second officer',
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
      expect((await h.service.getOnboarding(CLIENT_A, record._id)).status_history.map((c) => c.to)).toEqual([
        'PENDING_REVIEW',
        'APPROVED',
      ]);
    } finally {
      await h.store.close();
    }
  });
});
