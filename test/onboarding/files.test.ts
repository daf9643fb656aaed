import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FileReference } from '../../src/model/file-reference.js';
import { MAX_FILE_BYTES } from '../../src/onboarding/index.js';
import { aCreateOnboardingRequest } from '../support/factories.js';
import { CLIENT_A, CLIENT_B, anOnboardingHarness } from '../support/onboarding-harness.js';

const FRONT = new TextEncoder().encode('\u00ffJPEG front of the cédula');
const BACK = new TextEncoder().encode('\u00ffJPEG back of the cédula');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function anOnboardingSession() {
  const h = anOnboardingHarness();
  const flow = await h.aFlow();
  const record = await h.service.createOnboarding(CLIENT_A, {
    ...aCreateOnboardingRequest(),
    flow: flow._id,
  });
  return { h, record, identityId: record.identities[0]!, instanceId: record.flow_instance };
}

const front = {
  field_name: 'file_key_document',
  original_name: 'Cedula-Frente.JPG',
  mime_type: 'image/jpeg',
};

describe('onboarding files', () => {
  it('stores a file under the sha256 of its bytes and serves it back with mime type and size', async () => {
    const { h, record } = await anOnboardingSession();
    const reference = await h.service.addFile(CLIENT_A, 'onboardings', record._id, {
      ...front,
      bytes: FRONT,
    });
    const hash = sha256(FRONT);
    expect(FileReference.parse(reference)).toEqual({
      id: hash,
      field_name: 'file_key_document',
      original_name: 'Cedula-Frente.JPG',
      encoding: '7bit',
      mime_type: 'image/jpeg',
      size: FRONT.length,
      path: `files/${hash}`,
      file_name: `${hash}.jpg`,
      service_code: 'ONBOARDING',
    });
    const served = await h.service.getOnboardingFile(CLIENT_A, record._id, hash);
    expect(served.reference).toEqual(reference);
    expect(served.bytes).toEqual(FRONT);
    expect((await h.service.getOnboarding(CLIENT_A, record._id)).file_references_data).toEqual([reference]);
  });

  it('stores the same bytes once, and lists them once per owner', async () => {
    const { h, record, identityId } = await anOnboardingSession();
    const first = await h.service.addFile(CLIENT_A, 'onboardings', record._id, { ...front, bytes: FRONT });
    const again = await h.service.addFile(CLIENT_A, 'onboardings', record._id, {
      ...front,
      original_name: 'copy.jpg',
      bytes: Uint8Array.from(FRONT),
    });
    const onIdentity = await h.service.addFile(CLIENT_A, 'identities', identityId, {
      ...front,
      bytes: FRONT,
    });
    expect(again).toEqual(first);
    expect(onIdentity.id).toBe(first.id);
    expect(onIdentity.service_code).toBe('IDENTITY_VERIFICATION');
    expect(await h.store.records.list('files', CLIENT_A)).toHaveLength(1);
    expect(await h.service.getOnboardingFiles(CLIENT_A, record._id)).toHaveLength(1);
  });

  it('lists every file of an owner in the order added, and on its flow instance too', async () => {
    const { h, identityId, instanceId } = await anOnboardingSession();
    await h.service.addFile(CLIENT_A, 'identities', identityId, { ...front, bytes: FRONT });
    await h.service.addFile(CLIENT_A, 'identities', identityId, {
      field_name: 'file_key_document_back',
      original_name: 'back.png',
      mime_type: 'image/png',
      service_code: 'identity_document',
      bytes: BACK,
    });
    const files = await h.service.getIdentityFiles(CLIENT_A, identityId);
    expect(files.map((f) => [f.reference.field_name, f.reference.mime_type, f.reference.size])).toEqual([
      ['file_key_document', 'image/jpeg', FRONT.length],
      ['file_key_document_back', 'image/png', BACK.length],
    ]);
    expect(files[1]!.reference.service_code).toBe('IDENTITY_DOCUMENT');
    expect(files.map((f) => f.bytes)).toEqual([FRONT, BACK]);
    expect((await h.service.getIdentity(CLIENT_A, identityId)).files).toHaveLength(2);
    expect((await h.service.getFlowInstanceFile(CLIENT_A, instanceId, sha256(BACK))).bytes).toEqual(BACK);
  });

  it.each([
    ['an unknown file id', CLIENT_A, 'f0'],
    ['another client', CLIENT_B, sha256(FRONT)],
  ])('answers RESOURCE_NOT_FOUND for %s', async (_case, client, fileId) => {
    const { h, record } = await anOnboardingSession();
    await h.service.addFile(CLIENT_A, 'onboardings', record._id, { ...front, bytes: FRONT });
    await expect(h.service.getOnboardingFile(client, record._id, fileId)).rejects.toThrow(
      expect.objectContaining({ code: 'RESOURCE_NOT_FOUND' }),
    );
  });

  it('does not serve a file stored for one owner through another', async () => {
    const { h, record, identityId } = await anOnboardingSession();
    await h.service.addFile(CLIENT_A, 'onboardings', record._id, { ...front, bytes: FRONT });
    await expect(h.service.getIdentityFile(CLIENT_A, identityId, sha256(FRONT))).rejects.toThrow(
      expect.objectContaining({ code: 'RESOURCE_NOT_FOUND', path: ['fileId'] }),
    );
  });

  it.each([
    [{ ...front, mime_type: 'jpeg' }, 'VALIDATION_ERROR', ['mime_type']],
    [{ ...front, original_name: ' ' }, 'VALIDATION_ERROR', ['original_name']],
    [{ ...front, bytes: new Uint8Array() }, 'VALIDATION_ERROR', ['bytes']],
    [{ ...front, bytes: 'aGVsbG8=' }, 'VALIDATION_ERROR', ['bytes']],
    [{ ...front, bytes: new Uint8Array(MAX_FILE_BYTES + 1) }, 'PAYLOAD_TOO_LARGE', ['bytes']],
  ])('refuses a file with %#: %s', async (file, code, path) => {
    const { h, record } = await anOnboardingSession();
    await expect(
      h.service.addFile(CLIENT_A, 'onboardings', record._id, file as Parameters<typeof h.service.addFile>[3]),
    ).rejects.toMatchObject({ code, path });
    expect(await h.store.records.list('files', CLIENT_A)).toEqual([]);
  });

  it('refuses a file for an owner of another client', async () => {
    const { h, record } = await anOnboardingSession();
    await expect(
      h.service.addFile(CLIENT_B, 'onboardings', record._id, { ...front, bytes: FRONT }),
    ).rejects.toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
  });
});
