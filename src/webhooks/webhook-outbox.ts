/**
 * The webhook outbox (collection "webhook_outbox"): a delivery is written durably before its first
 * attempt and rewritten after each one, so a restart loses no pending delivery and no attempt record.
 */
import {
  EnqueueWebhookRequest,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '../model/webhook.js';
import { WardenError, parseOrThrow } from '../model/errors.js';
import type { RecordStore, StoredRecord } from '../store/store.js';

export const OUTBOX_COLLECTION = 'webhook_outbox';

/** Payloads are stored as the JSON that will be sent, so what is recorded is what receivers get. */
function asJson(payload: unknown): unknown {
  try {
    return payload === undefined ? null : (JSON.parse(JSON.stringify(payload)) as unknown);
  } catch {
    throw new WardenError('VALIDATION_ERROR', 'payload must be JSON-serialisable (no BigInt, no cycles).', {
      path: ['payload'],
    });
  }
}

/** A new PENDING delivery, due at once. */
export function newDelivery(request: EnqueueWebhookRequest, id: string, now: number): WebhookDelivery {
  const valid = parseOrThrow(EnqueueWebhookRequest, request);
  return {
    id,
    client_id: valid.client_id,
    url: valid.url,
    event: valid.event,
    subject: valid.subject,
    envelope: { id, event: valid.event, created_at: now, data: asJson(valid.payload) },
    status: 'PENDING',
    attempts: [],
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The delivery after one more attempt: DELIVERED on a 2xx, FAILED when `nextAttemptAt` is null
 * (no attempt left), else still PENDING and due at `nextAttemptAt`.
 */
export function withAttempt(
  item: WebhookDelivery,
  attempt: WebhookAttempt,
  nextAttemptAt: number | null,
  now: number,
): WebhookDelivery {
  const status: WebhookDeliveryStatus = attempt.successful
    ? 'DELIVERED'
    : nextAttemptAt === null
      ? 'FAILED'
      : 'PENDING';
  return {
    ...item,
    status,
    attempts: [...item.attempts, attempt],
    next_attempt_at: status === 'PENDING' ? nextAttemptAt : null,
    updated_at: now,
  };
}

/** The delivery as a stored record; its tag is its status, so scans by status read no body. */
export function outboxRecordOf(item: WebhookDelivery): StoredRecord<WebhookDelivery> {
  return {
    collection: OUTBOX_COLLECTION,
    id: item.id,
    client_id: item.client_id,
    key: null,
    created_at: item.created_at,
    updated_at: item.updated_at,
    tag: item.status,
    data: item,
  };
}

export class WebhookOutbox {
  constructor(private readonly records: RecordStore) {}

  /** Writes the delivery; resolves once it is durable. */
  save(item: WebhookDelivery): Promise<void> {
    return this.records.put(outboxRecordOf(item));
  }

  async get(clientId: string, id: string): Promise<WebhookDelivery | undefined> {
    return (await this.records.get<WebhookDelivery>(OUTBOX_COLLECTION, clientId, id))?.data;
  }

  /** Deliveries of one client, or of all clients, oldest first. Reads every body: for tests and tools. */
  async list(clientId?: string): Promise<WebhookDelivery[]> {
    return (await this.records.list<WebhookDelivery>(OUTBOX_COLLECTION, clientId)).map((r) => r.data);
  }

  /** Every PENDING delivery of every client, oldest first: what a restart must resume. */
  async pending(): Promise<WebhookDelivery[]> {
    const due: WebhookDelivery[] = [];
    for (const entry of this.records.entries(OUTBOX_COLLECTION)) {
      if (entry.tag !== 'PENDING') continue;
      const item = await this.get(entry.client_id, entry.id);
      if (item?.status === 'PENDING') due.push(item);
    }
    return due;
  }

  /**
   * Deletes settled (DELIVERED or FAILED) deliveries last changed before `before`, in one commit,
   * from their entries alone; returns how many. A transaction keeps its last attempt's outcome in
   * its own `notification`, so pruning loses only the attempt log of old deliveries.
   */
  prune(before: number): Promise<number> {
    const settled = this.records
      .entries(OUTBOX_COLLECTION)
      .filter((e) => (e.tag === 'DELIVERED' || e.tag === 'FAILED') && e.updated_at < before);
    return this.records.deleteAll(settled);
  }
}
