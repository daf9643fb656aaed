/**
 * With no watchlist loaded, every route that screens names answers 503 with the spec's envelope and
 * error_code LISTS_NOT_LOADED (never a 201 with risk NONE); wallet analysis still answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aCreateOnboardingRequest,
  aRegistrationRequest,
  aSubmitFiatRequest,
  aSummaryRequest,
  aWalletAnalysisRequest,
  anIndividualRequest,
  anOrganizationRequest,
} from '../support/factories.js';
import { anApiHarness, envelopeOf, type ApiHarness } from './harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness({}, { withoutLists: true });
});
afterAll(() => h.close());

describe('routes that screen names, with no list loaded', () => {
  it.each([
    ['/api/v1/screening/entities/individuals', () => anIndividualRequest()],
    ['/api/v1/screening/entities/organizations', () => anOrganizationRequest()],
    ['/api/v1/screening/entities/summary', () => aSummaryRequest()],
    ['/api/v1/verification/send', () => aSubmitFiatRequest()],
    ['/api/v1/verification/create-remitter', () => aRegistrationRequest()],
    ['/api/v1/verification/create-beneficiary', () => aRegistrationRequest()],
  ])('POST %s answers 503 LISTS_NOT_LOADED', async (url, body) => {
    const response = await h.inject({
      method: 'POST',
      url,
      payload: { ...body(), ...h.a.credentials },
    });
    expect(response.statusCode).toBe(503);
    expect(envelopeOf(response)).toMatchObject({
      success: false,
      error_code: 'LISTS_NOT_LOADED',
      error: expect.stringContaining('import a list'),
    });
  });

  it('refuses an onboarding with 503, and stores none', async () => {
    const auth = await h.bearer(h.a);
    const flow = await h.inject({
      method: 'POST',
      url: '/api/v1/client-api/flows',
      headers: auth,
      payload: { name: 'Personal accounts' },
    });
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/client-api/onboardings',
      headers: auth,
      payload: aCreateOnboardingRequest({ flow: flow.json<{ _id: string }>()._id }),
    });
    expect(response.statusCode).toBe(503);
    expect(envelopeOf(response).error_code).toBe('LISTS_NOT_LOADED');
    expect((await h.engine.onboarding.searchOnboardings(h.a.client_id)).items).toEqual([]);
  });

  it('still analyses a wallet', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/analysis-crypto/risk-wallet/send',
      payload: { ...aWalletAnalysisRequest(), ...h.a.credentials },
    });
    expect(response.statusCode).toBe(200);
  });

  it('documents the 503 in the OpenAPI document of the screening operations', async () => {
    const doc = (await h.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.paths['/api/v1/screening/entities/individuals']!.post!.responses['503']).toBeDefined();
    expect(doc.paths['/api/v1/analysis-crypto/risk-wallet/send']!.post!.responses['503']).toBeUndefined();
  });
});
