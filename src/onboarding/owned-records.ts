/**
 * The onboarding collections and the one way to read from them: by client. A record of another
 * client is indistinguishable from a missing one (RESOURCE_NOT_FOUND), so ids leak nothing.
 */
import { WardenError } from '../model/errors.js';
import type { RecordStore } from '../store/store.js';

export const COLLECTION = {
  flows: 'flows',
  flowInstances: 'flow_instances',
  identities: 'identities',
  onboardings: 'onboardings',
  files: 'files',
} as const;

export type Collection = (typeof COLLECTION)[keyof typeof COLLECTION];

const NOUN: Readonly<Record<Collection, string>> = {
  flows: 'flow',
  flow_instances: 'flow instance',
  identities: 'identity',
  onboardings: 'onboarding',
  files: 'file',
};

/** The record's data, or RESOURCE_NOT_FOUND naming what was asked for. */
export async function readOwned<T>(
  records: RecordStore,
  collection: Collection,
  clientId: string,
  id: string,
  path: readonly (string | number)[] = ['id'],
): Promise<T> {
  const record = await records.get<T>(collection, clientId, id);
  if (record === undefined) {
    throw new WardenError('RESOURCE_NOT_FOUND', `No ${NOUN[collection]} has the id "${id}".`, { path });
  }
  return record.data;
}

/** A document of the onboarding area: spec-shaped, with its id and ISO timestamps. */
export interface OwnedDocument {
  readonly _id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Creates or replaces a document; the store's ordering and timestamps come from the document's own. */
export function saveOwned(
  records: RecordStore,
  collection: Collection,
  clientId: string,
  document: OwnedDocument,
): Promise<void> {
  return records.put({
    collection,
    id: document._id,
    client_id: clientId,
    key: null,
    created_at: Date.parse(document.createdAt),
    updated_at: Date.parse(document.updatedAt),
    data: document,
  });
}
