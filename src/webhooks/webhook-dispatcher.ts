/**
 * Delivers the outbox in the background (the imperative shell of webhooks): signed POSTs, retried
 * with backoff, every attempt written back onto the outbox item before the next one.
 *
 * Ordering (spec-silent): deliveries about one subject (a transaction, an onboarding) go out in
 * enqueue order — a retried PROGRESS never lands after the COMPLETED that followed it; different
 * subjects do not wait for each other. Receivers should still read envelope.created_at.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { EnqueueWebhookRequest, WebhookAttempt, WebhookDelivery } from '../model/webhook.js';
import type { RecordStore } from '../store/store.js';
import { AttemptSlots } from './attempt-slots.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy.js';
import { sendWebhook, type WebhookOutcome } from './send-webhook.js';
import { WebhookOutbox, newDelivery, withAttempt } from './webhook-outbox.js';

/** Settled deliveries are kept this long, then pruned: the receiver has long had its chance to ask. */
export const DEFAULT_WEBHOOK_RETENTION_MS = 30 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;

export interface WebhookDispatcherOptions {
  readonly records: RecordStore;
  /** The signing key of a client's deliveries (ClientRegistry.webhookSecretOf). */
  readonly secretOf: (clientId: string) => string | undefined;
  /** Called after each attempt is stored, before the next; the transaction layer writes its notification here. */
  readonly onAttempt?: (item: WebhookDelivery, attempt: WebhookAttempt) => void | Promise<void>;
  /** Faults outside an attempt (a store write failed, onAttempt threw). Default: one line on stderr. */
  readonly onError?: (sentence: string, error: unknown) => void;
  readonly retry?: Partial<RetryPolicy>;
  /** Per attempt; a receiver slower than this is recorded as a timeout and retried. */
  readonly timeoutMs?: number;
  readonly maxConcurrentAttempts?: number;
  readonly clock?: () => number;
  /** Must resolve early (or reject) when `signal` aborts, so stop() does not wait out a backoff. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  readonly newId?: () => string;
  readonly fetch?: typeof fetch;
  /** How long DELIVERED and FAILED deliveries stay in the outbox; pruned at start, then hourly. */
  readonly retentionMs?: number;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  delay(ms, undefined, { signal }).catch(() => undefined);
const defaultId = () => `whd_${randomBytes(12).toString('hex')}`;
const subjectKey = (item: WebhookDelivery) =>
  `${item.client_id}\u0000${item.subject.collection}\u0000${item.subject.id}`;
const NO_SECRET = 'The client has no webhook secret (unknown client); the delivery was abandoned.';

export class WebhookDispatcher {
  readonly outbox: WebhookOutbox;
  readonly #o: WebhookDispatcherOptions;
  readonly #policy: RetryPolicy;
  readonly #timeoutMs: number;
  readonly #clock: () => number;
  readonly #slots: AttemptSlots;
  // Aborted by stop(): backoff sleeps end at once and no new attempt starts.
  readonly #stopping = new AbortController();
  // Aborted only when stop()'s bound runs out: in-flight requests are cut and recorded as interrupted.
  readonly #interrupt = new AbortController();
  readonly #tails = new Map<string, Promise<void>>();
  readonly #active = new Map<string, Promise<void>>();
  #pruning: NodeJS.Timeout | null = null;

  constructor(options: WebhookDispatcherOptions) {
    this.#o = options;
    this.outbox = new WebhookOutbox(options.records);
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    this.#clock = options.clock ?? Date.now;
    this.#slots = new AttemptSlots(options.maxConcurrentAttempts ?? 16);
  }

  /**
   * Resumes every PENDING delivery in the store (after a restart), prunes settled ones past the
   * retention period now and every hour after; returns how many were resumed.
   */
  async start(): Promise<number> {
    if (this.#stopping.signal.aborted) throw new Error('A stopped WebhookDispatcher cannot be restarted.');
    const pending = (await this.outbox.pending()).filter((item) => !this.#active.has(item.id));
    for (const item of pending) this.#schedule(item);
    await this.prune();
    this.#pruning ??= setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();
    return pending.length;
  }

  /** Deletes settled deliveries older than the retention period; returns how many. */
  async prune(): Promise<number> {
    const before = this.#clock() - (this.#o.retentionMs ?? DEFAULT_WEBHOOK_RETENTION_MS);
    try {
      return await this.outbox.prune(before);
    } catch (e) {
      this.#report('Pruning settled webhook deliveries failed; they stay until the next run.', e);
      return 0;
    }
  }

  /**
   * A new PENDING delivery, not yet stored: the caller writes outboxRecordOf(item) in its own commit
   * (a transactional outbox), then calls schedule(item). `id` defaults to a random one.
   */
  prepare(request: EnqueueWebhookRequest, id?: string): WebhookDelivery {
    return newDelivery(request, id ?? (this.#o.newId ?? defaultId)(), this.#clock());
  }

  /** Starts the attempts of a stored PENDING delivery (none after stop(): the next start() resumes it). */
  schedule(item: WebhookDelivery): void {
    if (!this.#stopping.signal.aborted && !this.#active.has(item.id)) this.#schedule(item);
  }

  /**
   * Writes a PENDING delivery durably and returns it; the attempts run in the background. After
   * stop() the delivery is still stored, for the next process's start().
   */
  async enqueue(request: EnqueueWebhookRequest): Promise<WebhookDelivery> {
    const item = this.prepare(request);
    await this.outbox.save(item);
    this.schedule(item);
    return item;
  }

  /** Deliveries scheduled in this process and not yet settled. */
  get activeCount(): number {
    return this.#active.size;
  }

  /** Waits until every scheduled delivery is DELIVERED or FAILED; false if `timeoutMs` ran out first. */
  drain(timeoutMs = 60_000): Promise<boolean> {
    return this.#settle(timeoutMs);
  }

  /**
   * Graceful shutdown: no new attempt starts, waiting deliveries stay PENDING in the store, and
   * in-flight attempts are awaited (and recorded) up to `timeoutMs`, then cut. True if none was cut.
   */
  async stop(timeoutMs = this.#timeoutMs + 1000): Promise<boolean> {
    this.#stopping.abort();
    if (this.#pruning !== null) clearInterval(this.#pruning);
    if (await this.#settle(timeoutMs)) return true;
    this.#interrupt.abort();
    await this.#settle(1000);
    return false;
  }

  async #settle(timeoutMs: number): Promise<boolean> {
    const bound = new AbortController();
    const expired = delay(timeoutMs, true, { signal: bound.signal }).catch(() => false);
    try {
      // Loop: a delivery may be enqueued while we wait.
      while (this.#active.size > 0) {
        const done = Promise.all(this.#active.values()).then(() => false);
        if (await Promise.race([done, expired])) return false;
      }
      return true;
    } finally {
      bound.abort();
    }
  }

  #schedule(item: WebhookDelivery): void {
    const key = subjectKey(item);
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const run = previous
      .then(() => this.#deliver(item))
      .catch((e: unknown) => this.#report(`Webhook delivery ${item.id} stopped on an internal error.`, e))
      .finally(() => {
        this.#active.delete(item.id);
        if (this.#tails.get(key) === run) this.#tails.delete(key);
      });
    this.#tails.set(key, run);
    this.#active.set(item.id, run);
  }

  async #deliver(first: WebhookDelivery): Promise<void> {
    let item = first;
    const stopping = this.#stopping.signal;
    while (item.status === 'PENDING' && !stopping.aborted) {
      const wait = (item.next_attempt_at ?? 0) - this.#clock();
      if (wait > 0) await (this.#o.sleep ?? defaultSleep)(wait, stopping);
      if (stopping.aborted) return;
      await this.#slots.acquire();
      try {
        if (stopping.aborted) return;
        item = await this.#attempt(item);
      } finally {
        this.#slots.release();
      }
    }
  }

  async #attempt(item: WebhookDelivery): Promise<WebhookDelivery> {
    const number = item.attempts.length + 1;
    const secret = this.#o.secretOf(item.client_id);
    const sentAt = this.#clock();
    const outcome: WebhookOutcome =
      secret === undefined
        ? { status_code: null, successful: false, error: NO_SECRET }
        : await sendWebhook({
            url: item.url,
            deliveryId: item.id,
            event: item.event,
            body: JSON.stringify(item.envelope),
            secret,
            timestamp: sentAt,
            timeoutMs: this.#timeoutMs,
            shutdown: this.#interrupt.signal,
            fetch: this.#o.fetch ?? fetch,
          });
    const now = this.#clock();
    const attempt: WebhookAttempt = {
      attempt: number,
      sent_at: sentAt,
      ...outcome,
      duration_ms: now - sentAt,
    };
    const lastChance = secret === undefined || number >= this.#policy.maxAttempts;
    const nextAt = lastChance
      ? null
      : now + retryDelayMs(number + 1, this.#policy, this.#o.random ?? Math.random);
    const next = withAttempt(item, attempt, nextAt, now);
    await this.outbox.save(next);
    try {
      await this.#o.onAttempt?.(next, attempt);
    } catch (e) {
      this.#report(`The onAttempt callback failed for webhook delivery ${item.id}.`, e);
    }
    return next;
  }

  #report(sentence: string, error: unknown): void {
    // The sentence names the delivery only: never the URL, the body or a secret.
    try {
      (this.#o.onError ?? ((s: string) => console.error(s)))(sentence, error);
    } catch {
      // A failing reporter must not turn into an unhandled rejection of the background loop.
    }
  }
}
