/**
 * The flow area's identities and files over HTTP: one file as its raw bytes with its mime type,
 * several as one base64 JSON list; and isolation: another client's records are 404 everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileList } from '../../src/api/index.js';
import { Identity } from '../../src/model/identity.js';
import { OnboardingList, type OnboardingRecord } from '../../src/model/onboarding.js';
import type { Flow } from '../../src/model/flow.js';
import { anApiHarness, anOnboarding, type ApiHarness } from './harness.js';

const API = '/api/v1/client-api';
// A 1×1 PNG: a real image, so the bytes and the mime type can be checked end to end.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n% proof of address\n%%EOF\n');

let h: ApiHarness;
let authA: { authorization: string };
let authB: { authorization: string };
let flow: Flow;
let onboarding: OnboardingRecord;
let pngId = '';

beforeAll(async () => {
  h = await anApiHarness();
  authA = await h.bearer(h.a);
  authB = await h.bearer(h.b);
  ({ flow, onboarding } = await anOnboarding(h, authA));
});
afterAll(() => h.close());

describe('identities and files', () => {
  it('GET /identities/:id answers 200; PUT change-status answers 200', async () => {
    const identityId = onboarding.identities[0]!;
    const found = await h.inject({ method: 'GET', url: `${API}/identities/${identityId}`, headers: authA });
    expect(found.statusCode).toBe(200);
    const identity = Identity.parse(found.json());
    expect(identity).toMatchObject({ document_number: '1037612345', issue_country_iso3: 'COL' });

    const target = identity.status === 'PENDING_REVIEW' ? 'APPROVED' : 'PENDING_REVIEW';
    const changed = await h.inject({
      method: 'PUT',
      url: `${API}/identities/change-status/${identityId}`,
      headers: authA,
      payload: { status: target, reason: 'Reviewed by compliance' },
    });
    expect(changed.statusCode).toBe(200);
    expect(Identity.parse(changed.json())).toMatchObject({
      status: target,
      reason: 'Reviewed by compliance',
    });

    const missing = await h.inject({
      method: 'PUT',
      url: `${API}/identities/change-status/idv_missing`,
      headers: authA,
      payload: { status: 'APPROVED' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('serves one file as its bytes with its mime type, and several as base64 JSON', async () => {
    const png = await h.engine.onboarding.addFile(h.a.client_id, 'onboardings', onboarding._id, {
      field_name: 'file_key_document',
      original_name: 'cédula frente.png',
      mime_type: 'image/png',
      bytes: new Uint8Array(PNG),
    });
    pngId = png.id;
    await h.engine.onboarding.addFile(h.a.client_id, 'onboardings', onboarding._id, {
      field_name: 'file_key_proof_of_address',
      original_name: 'proof.pdf',
      mime_type: 'application/pdf',
      bytes: new Uint8Array(PDF),
    });

    const one = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/${onboarding._id}/files/${pngId}`,
      headers: authA,
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('image/png');
    expect(one.headers['content-length']).toBe(String(PNG.length));
    expect(one.headers['x-content-type-options']).toBe('nosniff');
    expect(one.headers['content-disposition']).toBe(
      `inline; filename="c_dula frente.png"; filename*=UTF-8''${encodeURIComponent('cédula frente.png')}`,
    );
    expect(Buffer.compare(one.rawPayload, PNG)).toBe(0);

    const all = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/${onboarding._id}/files`,
      headers: authA,
    });
    expect(all.statusCode).toBe(200);
    const list = FileList.parse(all.json());
    expect(list.items.map((f) => [f.mime_type, f.size])).toEqual([
      ['image/png', PNG.length],
      ['application/pdf', PDF.length],
    ]);
    expect(Buffer.from(list.items[1]!.content_base64, 'base64').toString()).toBe(PDF.toString());

    // A file of an onboarding is also listed on its flow instance, the session that collected it.
    const viaInstance = await h.inject({
      method: 'GET',
      url: `${API}/flow-instances/${onboarding.flow_instance}/files/${pngId}`,
      headers: authA,
    });
    expect(viaInstance.statusCode).toBe(200);
    expect(Buffer.compare(viaInstance.rawPayload, PNG)).toBe(0);

    const missing = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/${onboarding._id}/files/nope`,
      headers: authA,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('serves the files of an identity', async () => {
    const identityId = onboarding.identities[0]!;
    await h.engine.onboarding.addFile(h.a.client_id, 'identities', identityId, {
      field_name: 'file_key_document',
      original_name: 'front.png',
      mime_type: 'image/png',
      bytes: new Uint8Array(PNG),
    });
    const all = await h.inject({
      method: 'GET',
      url: `${API}/identities/${identityId}/files`,
      headers: authA,
    });
    expect(all.statusCode).toBe(200);
    expect(FileList.parse(all.json()).items.map((f) => f.id)).toEqual([pngId]);
    const one = await h.inject({
      method: 'GET',
      url: `${API}/identities/${identityId}/files/${pngId}`,
      headers: authA,
    });
    expect(one.headers['content-type']).toBe('image/png');
  });
});

describe('isolation', () => {
  it("answers 404 to every read and change of another client's records", async () => {
    const identityId = onboarding.identities[0]!;
    const urls = [
      `${API}/onboardings/${onboarding._id}`,
      `${API}/onboardings/${onboarding._id}/files`,
      `${API}/onboardings/${onboarding._id}/files/${pngId}`,
      `${API}/identities/${identityId}`,
      `${API}/identities/${identityId}/files`,
      `${API}/flow-instances/${onboarding.flow_instance}`,
      `${API}/flow-instances/${onboarding.flow_instance}/files/${pngId}`,
      `${API}/flows/${flow._id}/instances`,
      `${API}/onboardings/entity?documentNumber=1037612345&issueCountryIso3=COL`,
    ];
    for (const url of urls) {
      const response = await h.inject({ method: 'GET', url, headers: authB });
      expect(response.statusCode, url).toBe(404);
    }
    const change = await h.inject({
      method: 'PUT',
      url: `${API}/onboardings/change-status/${onboarding._id}`,
      headers: authB,
      payload: { status: 'APPROVED', reason: 'not mine' },
    });
    expect(change.statusCode).toBe(404);
    const search = await h.inject({
      method: 'GET',
      url: `${API}/onboardings/entity/list?search=valentina`,
      headers: authB,
    });
    expect(OnboardingList.parse(search.json()).total).toBe(0);
  });
});
