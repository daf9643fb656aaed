/**
 * The onboarding flow area over HTTP (Bearer tokens): flows, flow instances and onboardings (create,
 * details, search by every filter, status). Identities, files and isolation: flow-files.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Flow, FlowInstance, FlowInstanceList } from '../../src/model/flow.js';
import { OnboardingList, OnboardingRecord } from '../../src/model/onboarding.js';
import { aCreateOnboardingRequest, aNewIdentity } from '../support/factories.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

const API = '/api/v1/client-api';

let h: ApiHarness;
let authA: { authorization: string };
let flow: Flow;
let onboarding: OnboardingRecord;

beforeAll(async () => {
  h = await anApiHarness();
  authA = await h.bearer(h.a);
});
afterAll(() => h.close());

describe('flows and onboardings', () => {
  it('POST /flows answers 201 with the flow', async () => {
    const response = await h.inject({
      method: 'POST',
      url: `${API}/flows`,
      headers: authA,
      payload: {
        name: 'Personal accounts',
        config_service: { age_threshold: 18, document_expiration: true },
      },
    });
    expect(response.statusCode).toBe(201);
    flow = Flow.parse(response.json());
    expect(flow).toMatchObject({ name: 'Personal accounts', config_service: { age_threshold: 18 } });
  });

  it('POST /onboardings answers 201 with the screened onboarding record', async () => {
    const response = await h.inject({
      method: 'POST',
      url: `${API}/onboardings`,
      headers: authA,
      payload: aCreateOnboardingRequest({ flow: flow._id }),
    });
    expect(response.statusCode).toBe(201);
    onboarding = OnboardingRecord.parse(response.json());
    expect(onboarding).toMatchObject({
      flow: flow._id,
      user: h.a.client_id,
      identities: [expect.any(String)],
    });
  });

  it('POST /onboardings answers 404 for an unknown flow and 400 naming a bad field', async () => {
    const unknown = await h.inject({
      method: 'POST',
      url: `${API}/onboardings`,
      headers: authA,
      payload: aCreateOnboardingRequest({ flow: 'flow_missing' }),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await h.inject({
      method: 'POST',
      url: `${API}/onboardings`,
      headers: authA,
      payload: aCreateOnboardingRequest({
        flow: flow._id,
        identity: aNewIdentity({ issue_country_iso3: 'XX' }),
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).error).toMatch(/^identity\.issue_country_iso3: /);
  });

  it('GET /onboardings/:id answers 200; an unknown id 404', async () => {
    const found = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/${onboarding._id}`,
      headers: authA,
    });
    expect(found.statusCode).toBe(200);
    expect(OnboardingRecord.parse(found.json())._id).toBe(onboarding._id);
    const missing = await h.inject({ method: 'GET', url: `${API}/onboardings/onb_missing`, headers: authA });
    expect(missing.statusCode).toBe(404);
    expect(envelopeOf(missing).error_code).toBe('RESOURCE_NOT_FOUND');
  });

  it('GET /flows/:flow/instances and /flow-instances/:id answer 200', async () => {
    const page = await h.inject({
      method: 'GET',
      url: `${API}/flows/${flow._id}/instances?limit=5`,
      headers: authA,
    });
    expect(page.statusCode).toBe(200);
    const instances = FlowInstanceList.parse(page.json());
    expect(instances).toMatchObject({ total: 1, skip: 0, limit: 5 });
    const one = await h.inject({
      method: 'GET',
      url: `${API}/flow-instances/${onboarding.flow_instance}`,
      headers: authA,
    });
    expect(one.statusCode).toBe(200);
    expect(FlowInstance.parse(one.json()).onboarding).toBe(onboarding._id);
  });

  it('GET /onboardings/entity finds the record by document number and country', async () => {
    const found = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/entity?documentNumber=1.037.612.345&issueCountryIso3=COL`,
      headers: authA,
    });
    expect(found.statusCode).toBe(200);
    expect(OnboardingRecord.parse(found.json())._id).toBe(onboarding._id);

    const wrongCountry = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/entity?documentNumber=1037612345&issueCountryIso3=PER`,
      headers: authA,
    });
    expect(wrongCountry.statusCode).toBe(404);
    const missingField = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/entity?documentNumber=1`,
      headers: authA,
    });
    expect(missingField.statusCode).toBe(400);
    expect(envelopeOf(missingField).error).toMatch(/^issueCountryIso3: /);
  });

  it('GET /onboardings/entity/list applies every filter of the spec', async () => {
    const metadata = encodeURIComponent(JSON.stringify({ url_path: '/signup/personal' }));
    const queries = [
      `flow=${flow._id}`,
      'documentNumber=1037612345&issueCountryIso3=COL',
      `status=${onboarding.status}`,
      'search=valentina rios',
      'fullname=rios cast',
      'firstName=valentina',
      'lastName=rios',
      'personalNumber=1037612345',
      `metadata=${metadata}`,
      'skip=0&limit=10',
    ];
    for (const query of queries) {
      const response = await h.inject({
        method: 'GET',
        url: `${API}/onboardings/entity/list?${query}`,
        headers: authA,
      });
      expect(response.statusCode, query).toBe(200);
      expect(
        OnboardingList.parse(response.json()).items.map((r) => r._id),
        query,
      ).toEqual([onboarding._id]);
    }
    const none = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/entity/list?lastName=gomez`,
      headers: authA,
    });
    expect(OnboardingList.parse(none.json())).toMatchObject({ items: [], total: 0 });
    const unknownFlow = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/entity/list?flow=flow_x`,
      headers: authA,
    });
    expect(unknownFlow.statusCode).toBe(404);
    const badMetadata = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/entity/list?metadata=nope`,
      headers: authA,
    });
    expect(badMetadata.statusCode).toBe(400);
    expect(envelopeOf(badMetadata).error).toMatch(/^metadata: /);
  });

  it('PUT /onboardings/change-status/:id answers 200 with the record; 400 without a reason for a rejection; 409 for a move the rules refuse', async () => {
    const noReason = await h.inject({
      method: 'PUT',
      url: `${API}/onboardings/change-status/${onboarding._id}`,
      headers: authA,
      payload: { status: 'REJECTED' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(envelopeOf(noReason).error).toBe('reason: is required when status is REJECTED');

    // Every status has a manual move (review-transitions.ts): out of review, or back into it.
    const target = onboarding.status === 'PENDING_REVIEW' ? 'APPROVED' : 'PENDING_REVIEW';
    const changed = await h.inject({
      method: 'PUT',
      url: `${API}/onboardings/change-status/${onboarding._id}`,
      headers: authA,
      payload: { status: target, reason: 'Documents checked by hand' },
    });
    expect(changed.statusCode).toBe(200);
    expect(OnboardingRecord.parse(changed.json())).toMatchObject({
      status: target,
      reason: 'Documents checked by hand',
    });

    const same = await h.inject({
      method: 'PUT',
      url: `${API}/onboardings/change-status/${onboarding._id}`,
      headers: authA,
      payload: { status: target, reason: 'again' },
    });
    expect(same.statusCode).toBe(409);
    expect(envelopeOf(same).error_code).toBe('INVALID_STATE_TRANSITION');
  });
});
