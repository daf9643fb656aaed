/**
 * Files of an onboarding session (document photos, proofs of address), stored by content: the id
 * of a file is the sha256 of its bytes, so the same bytes are stored once per client however often
 * they are uploaded, and an owner lists a file at most once. The bytes live base64-encoded in the
 * "files" collection; the owner (onboarding, identity or flow instance) keeps the spec's file
 * reference. A file added to an onboarding or identity is also listed on its flow instance, the
 * session that collected it. Adding a file emits no event: it is part of a record, not a record.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { z } from 'zod';
import { WardenError } from '../model/errors.js';
import type { FileReference } from '../model/file-reference.js';
import { issueParams, parseRequest } from '../model/parse-request.js';
import { OpenCode, RequiredText } from '../model/scalars.js';
import { isoAt, type OnboardingContext } from './context.js';
import { COLLECTION, readOwned, saveOwned, type OwnedDocument } from './owned-records.js';
import { sessionKey } from './session-lock.js';

/** Identity photos and PDFs are far below this; the bytes sit in one JSON document, so keep it bounded. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const NewFile = z.object({
  field_name: RequiredText.describe('Form field, e.g. file_key_document'),
  original_name: RequiredText,
  mime_type: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/, {
      error: 'must be a media type such as image/jpeg',
    }),
  encoding: z.string().default('7bit').describe('Transfer encoding of the upload, as multipart gives it'),
  service_code: OpenCode.optional().describe('Defaults by owner: ONBOARDING, IDENTITY_VERIFICATION, FLOW'),
  bytes: z
    .instanceof(Uint8Array, { error: 'must be the file content as bytes' })
    .refine((b) => b.length > 0, { error: 'must not be empty' })
    .refine((b) => b.length <= MAX_FILE_BYTES, {
      error: `must be at most ${MAX_FILE_BYTES} bytes`,
      params: issueParams('PAYLOAD_TOO_LARGE'),
    }),
});
export type NewFile = z.input<typeof NewFile>;

export type FileOwner = 'onboardings' | 'identities' | 'flow_instances';

/** Where each owner keeps its references, and the service code its files get by default. */
const OWNER: Readonly<Record<FileOwner, { field: 'file_references_data' | 'files'; serviceCode: string }>> = {
  onboardings: { field: 'file_references_data', serviceCode: 'ONBOARDING' },
  identities: { field: 'files', serviceCode: 'IDENTITY_VERIFICATION' },
  flow_instances: { field: 'file_references_data', serviceCode: 'FLOW' },
};

type OwnerDocument = OwnedDocument & {
  readonly flow_instance?: string;
  readonly files?: FileReference[];
  readonly file_references_data?: FileReference[];
};

interface StoredBlob {
  readonly sha256: string;
  readonly size: number;
  readonly base64: string;
}

/** A file served back: the reference (with mime_type and size) and the bytes. */
export interface StoredFile {
  readonly reference: FileReference;
  readonly bytes: Uint8Array;
}

function referencesOf(owner: FileOwner, document: OwnerDocument): FileReference[] {
  return document[OWNER[owner].field] ?? [];
}

function withReference(owner: FileOwner, document: OwnerDocument, reference: FileReference): OwnerDocument {
  return { ...document, [OWNER[owner].field]: [...referencesOf(owner, document), reference] };
}

function extensionOf(name: string): string {
  return /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0].toLowerCase() ?? '';
}

/**
 * Stores a file for an owner and returns its reference; the same bytes again return the same reference.
 *
 * @example await addFile(ctx, 'client-a', 'identities', 'idv_1', { field_name: 'file_key_document', original_name: 'front.jpg', mime_type: 'image/jpeg', bytes })
 */
export async function addFile(
  ctx: OnboardingContext,
  clientId: string,
  owner: FileOwner,
  ownerId: string,
  input: NewFile,
): Promise<FileReference> {
  const file = parseRequest(NewFile, input);
  const first = await readOwned<OwnerDocument>(ctx.records, owner, clientId, ownerId);
  const instanceId = owner === 'flow_instances' ? ownerId : first.flow_instance!;
  return ctx.lock.run(sessionKey(clientId, instanceId), async () => {
    const hash = bytesToHex(sha256(file.bytes));
    const document = await readOwned<OwnerDocument>(ctx.records, owner, clientId, ownerId);
    const existing = referencesOf(owner, document).find((r) => r.id === hash);
    if (existing !== undefined) return existing;

    const reference: FileReference = {
      id: hash,
      field_name: file.field_name,
      original_name: file.original_name,
      encoding: file.encoding,
      mime_type: file.mime_type,
      size: file.bytes.length,
      path: `files/${hash}`,
      file_name: `${hash}${extensionOf(file.original_name)}`,
      service_code: file.service_code ?? OWNER[owner].serviceCode,
    };
    const now = ctx.now();
    const updatedAt = isoAt(now);
    const writes: Promise<void>[] = [];
    if (ctx.records.entry(COLLECTION.files, clientId, hash) === undefined) {
      const blob: StoredBlob = { sha256: hash, size: file.bytes.length, base64: base64.encode(file.bytes) };
      writes.push(
        ctx.records.put({
          collection: COLLECTION.files,
          id: hash,
          client_id: clientId,
          key: null,
          created_at: now,
          updated_at: now,
          data: blob,
        }),
      );
    }
    writes.push(
      saveOwned(ctx.records, owner, clientId, { ...withReference(owner, document, reference), updatedAt }),
    );
    if (owner !== 'flow_instances') {
      const instance = await readOwned<OwnerDocument>(ctx.records, 'flow_instances', clientId, instanceId);
      if (!referencesOf('flow_instances', instance).some((r) => r.id === hash)) {
        const listed = withReference('flow_instances', instance, reference);
        writes.push(saveOwned(ctx.records, 'flow_instances', clientId, { ...listed, updatedAt }));
      }
    }
    await Promise.all(writes);
    return reference;
  });
}

async function load(ctx: OnboardingContext, clientId: string, reference: FileReference): Promise<StoredFile> {
  const blob = await ctx.records.get<StoredBlob>(COLLECTION.files, clientId, reference.id);
  if (blob === undefined) {
    // A reference is written with (or after) its bytes, so this is damage, not a caller's mistake.
    throw new WardenError('STORE_ERROR', `The content of file "${reference.id}" is missing from the store.`);
  }
  return { reference, bytes: base64.decode(blob.data.base64) };
}

/** One file of an owner, by id; RESOURCE_NOT_FOUND when the owner does not list it. */
export async function getFile(
  ctx: OnboardingContext,
  clientId: string,
  owner: FileOwner,
  ownerId: string,
  fileId: string,
): Promise<StoredFile> {
  const document = await readOwned<OwnerDocument>(ctx.records, owner, clientId, ownerId);
  const reference = referencesOf(owner, document).find((r) => r.id === fileId);
  if (reference === undefined) {
    throw new WardenError('RESOURCE_NOT_FOUND', `No file with the id "${fileId}" belongs to "${ownerId}".`, {
      path: ['fileId'],
    });
  }
  return load(ctx, clientId, reference);
}

/** Every file of an owner, in the order they were added. */
export async function listFiles(
  ctx: OnboardingContext,
  clientId: string,
  owner: FileOwner,
  ownerId: string,
): Promise<StoredFile[]> {
  const document = await readOwned<OwnerDocument>(ctx.records, owner, clientId, ownerId);
  return Promise.all(referencesOf(owner, document).map((reference) => load(ctx, clientId, reference)));
}
