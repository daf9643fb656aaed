/**
 * The transaction service (spec: Submit Transaction, List Transactions, Register remitter /
 * beneficiary, Events): submission → durable PROGRESS → screening of both parties → compiled rules →
 * final state through the state machine → durable record with its audit trail → webhook.
 *
 * Decisions where the spec is silent:
 * - submit answers the decided TransactionReport (the API sends it with 201); analysis runs in the request.
 * - Idempotency on external_transaction_id: an equal body (sameRequest, credentials excluded) returns the
 *   stored record as it is now; a different body is DUPLICATE_TRANSACTION (409).
 * - A webhook goes out on every state change (PROGRESS → decided, operator reviews, a cancelled analysis),
 *   not on creation; each attempt's outcome becomes the transaction's `notification` (recordNotification).
 *   Its delivery is written in the same commit as the change (a transactional outbox), with the stable
 *   id deliveryIdOf(transaction, change): at least once, never a second delivery for one change.
 * - An analysis that throws (a bad wallet address, a failing port) leaves the transaction CANCELLED by
 *   the service, with the reason in reasons_rejection_analysis, and the error goes back to the caller.
 */
import type { CompiledRuleSet } from '../decision/compile.js';
import type { ParticipantRole } from '../model/decision.js';
import { WardenError, isWardenError } from '../model/errors.js';
import type { RegisteredEntity, RegistrationRequest } from '../model/registration.js';
import type {
  ListTransactionsQuery,
  Notification,
  SubmitTransactionRequest,
  TransactionList,
  TransactionReport,
  TransactionState,
} from '../model/transaction.js';
import type { RecordStore, StoredRecord } from '../store/store.js';
import { analyzeTransaction, type TransactionAnalysis } from './analyze-transaction.js';
import { usdValueOf, type UsdRates } from './build-facts.js';
import { KeyedQueue } from './keyed-queue.js';
import { listTransactions, transactionNotFound } from './list-transactions.js';
import type { NotifyPort, ScreeningPort, SettingsOf, SuppressionPort, WalletPort } from './ports.js';
import { portsSavingBeforeWait } from './ports-saving-before-wait.js';
import { createRegistrations, type RescreenOutcome, type StoredRegistration } from './registrations.js';
import { sameRequest, transactionBodyOf } from './request-hash.js';
import { transitionTransaction, type TransitionActor } from './state-machine.js';
import { TransactionIndex } from './transaction-index.js';
import {
  TRANSACTIONS_COLLECTION,
  TRANSACTION_STATE_CHANGED,
  newTransactionRecord,
  deliveryIdOf,
  webhookPayloadOf,
  withNotification,
  withTransition,
  type StoredTransaction,
} from './transaction-record.js';

export interface TransactionServiceOptions {
  readonly store: { readonly records: RecordStore };
  readonly screening: ScreeningPort;
  readonly wallet: WalletPort;
  readonly notify: NotifyPort;
  /** compileRuleSet(loadRuleSet(read)), once per engine. */
  readonly rules: CompiledRuleSet;
  readonly settingsOf: SettingsOf;
  /** The list versions the screening index was built from, recorded in every audit trail. */
  readonly listVersions: () => readonly string[];
  readonly now: () => number;
  readonly newId: () => string;
  /** USD per unit for FIAT transactions sent without a USD value (build-facts.ts: usdValueOf). */
  readonly usdRates?: UsdRates;
  /** Decided false positives that screening skips (issue #30); none when absent. */
  readonly suppressions?: SuppressionPort;
}

/** An operator's review: the target state and, for REJECTED or CANCELLED, why. */
export interface TransactionReview {
  readonly state: TransactionState;
  readonly reasons_rejection_operator?: string | null;
}

/** What a review decision (src/review) adds to an operator's change. */
export interface ReviewCommit {
  /** The reviewers, recorded in the history entry. */
  readonly reviewers?: { readonly decided_by: string; readonly approved_by: string | null };
  /** Records written in the same commit as the change (the decision, its suppressions). */
  readonly alsoWrite?: (next: TransactionReport) => readonly StoredRecord[];
}

const COLLECTION = TRANSACTIONS_COLLECTION;
const lockKey = (clientId: string, externalTransactionId: string) =>
  `${clientId}\u0000${externalTransactionId}`;

/** @example const service = createTransactionService({ store, screening, wallet, notify, rules, settingsOf, listVersions, now, newId }) */
export function createTransactionService(options: TransactionServiceOptions) {
  const { screening, wallet, notify, rules, settingsOf, listVersions, now, newId } = options;
  const records = options.store.records;
  const ports = { screening, wallet };
  const analysisDeps = {
    ports,
    rules,
    settingsOf,
    listVersions,
    now,
    usdRates: options.usdRates,
    suppressions: options.suppressions,
  };
  const queue = new KeyedQueue();
  const registrations = createRegistrations({ records, ports, queue, listVersions, now, newId });
  // Built from the store's entries (created_at is request_at, the tag is the state): no body is read.
  const index = new TransactionIndex((clientId) =>
    records.entries(COLLECTION, clientId).map((e) => ({
      id: e.id,
      at: e.created_at,
      state: e.tag as TransactionState,
    })),
  );

  const recordOf = (clientId: string, stored: StoredTransaction): StoredRecord<StoredTransaction> => ({
    collection: COLLECTION,
    id: stored.report.transaction.id,
    client_id: clientId,
    key: stored.report.external_transaction_id,
    created_at: stored.report.request_at,
    updated_at: now(),
    tag: stored.report.transaction.state,
    data: stored,
  });

  // Every change builds a new StoredTransaction (transaction-record.ts), so no copy is needed.
  const save = (clientId: string, stored: StoredTransaction) =>
    records.put(recordOf(clientId, stored), { handOver: true });

  /** The webhook of the transaction's latest state change; its record is null when it sends none. */
  function noticeOf(clientId: string, previous: TransactionState, stored: StoredTransaction, at: number) {
    const { transaction } = stored.report;
    return notify.prepare(
      clientId,
      TRANSACTION_STATE_CHANGED,
      webhookPayloadOf(previous, stored, at),
      { collection: COLLECTION, id: transaction.id },
      deliveryIdOf(stored),
    );
  }

  /**
   * Stores a state change and its webhook delivery in one commit, updates the list view, then starts
   * the delivery: a receiver that reads the transaction back sees the new state, and a crash keeps
   * both or neither.
   */
  async function commitChange(
    clientId: string,
    previous: TransactionState,
    next: StoredTransaction,
    at: number,
    firstWrite = false,
    alsoWrite: readonly StoredRecord[] = [],
  ) {
    const notice = noticeOf(clientId, previous, next, at);
    const record = recordOf(clientId, next);
    const written = notice.record === null ? [record] : [record, notice.record];
    await records.putAll([...written, ...alsoWrite], { handOver: true });
    const { transaction } = next.report;
    if (firstWrite)
      index.add(clientId, { id: transaction.id, at: next.report.request_at, state: transaction.state });
    else index.move(clientId, transaction.id, next.report.request_at, transaction.state);
    notice.schedule();
  }

  /**
   * Writes the webhook of the latest state change when a database from before the transactional
   * outbox lost it: decided, never attempted (no notification), and no delivery stored under its id.
   * Call under the transaction's lock.
   */
  async function repairNotice(clientId: string, stored: StoredTransaction): Promise<boolean> {
    const { transaction } = stored.report;
    const last = stored.history[stored.history.length - 1];
    if (transaction.state === 'PROGRESS' || transaction.notification !== null || last?.from == null) {
      return false;
    }
    const notice = noticeOf(clientId, last.from, stored, last.at);
    if (notice.record === null) return false;
    if (records.entry(notice.record.collection, clientId, notice.record.id) !== undefined) return false;
    await records.put(notice.record, { handOver: true });
    notice.schedule();
    return true;
  }

  /**
   * Decides a PROGRESS transaction and commits the outcome (CANCELLED when the analysis throws).
   *
   * `stored` is already durable (a resumed transaction) or new (a submission). A new one is written
   * once, in its final state with the PROGRESS → final change in its history, when the analysis
   * decides in-process; only when it has to wait on something outside (an asynchronous wallet
   * analysis) is the PROGRESS record written first, so that a restart meanwhile can resume it and
   * List Transactions shows it. A submission the process dies deciding was never acknowledged: the
   * client retries it. With the store's cheaper writes, this took a submit's server CPU from ~760 to
   * ~470 µs (bench/api/load.ts, same session).
   */
  async function decide(
    clientId: string,
    stored: StoredTransaction,
    isNew: boolean,
  ): Promise<TransactionReport> {
    let progress: Promise<void> | null = isNew ? null : Promise.resolve();
    const saveProgress = () =>
      (progress ??= save(clientId, stored).then(() =>
        index.add(clientId, {
          id: stored.report.transaction.id,
          at: stored.report.request_at,
          state: 'PROGRESS',
        }),
      ));
    let outcome: Omit<TransactionAnalysis, 'state'> & { state: TransactionState };
    let failure: unknown = null;
    try {
      outcome = await analyzeTransaction(
        isNew ? { ...analysisDeps, ports: portsSavingBeforeWait(ports, saveProgress) } : analysisDeps,
        clientId,
        stored.request,
        stored.report.transaction.id,
      );
    } catch (error) {
      failure = error;
      // Only a WardenError's sentence is safe to show a client; anything else is an internal fault.
      const why = isWardenError(error) ? error.message : 'an internal error stopped the screening.';
      outcome = {
        state: 'CANCELLED',
        analyzedAt: now(),
        reasons_rejection_analysis: `Analysis could not finish: ${why}`,
        audit: null,
      };
    }
    // A PROGRESS write still in flight (its wallet analysis failed first) lands before the outcome.
    if (progress !== null) await progress;
    const by: TransitionActor = failure === null ? 'ENGINE' : 'SERVICE';
    const change = transitionTransaction('PROGRESS', { to: outcome.state, by }, outcome.analyzedAt);
    const next = withTransition(stored, change, by, outcome.analyzedAt, outcome);
    await commitChange(clientId, 'PROGRESS', next, outcome.analyzedAt, progress === null);
    if (failure !== null) throw failure;
    return next.report;
  }

  /**
   * Registers, screens and decides a transaction; returns its report in the final state.
   *
   * @example (await service.submit(clientId, SubmitTransactionRequest.parse(body))).transaction.state // 'COMPLETED'
   */
  function submit(clientId: string, request: SubmitTransactionRequest): Promise<TransactionReport> {
    const body = transactionBodyOf(request);
    const externalId = body.transaction.external_transaction_id;
    return queue.run(lockKey(clientId, externalId), async () => {
      const existing = await records.getByKey<StoredTransaction>(COLLECTION, clientId, externalId);
      if (existing) {
        if (sameRequest(existing.data.request, body)) {
          await repairNotice(clientId, existing.data);
          return existing.data.report;
        }
        throw new WardenError(
          'DUPLICATE_TRANSACTION',
          `external_transaction_id "${externalId}" was already used for a different transaction (now ${existing.data.report.transaction.state}); send a new external_transaction_id for a new transaction.`,
          { path: ['transaction', 'external_transaction_id'] },
        );
      }
      const requestAt = now();
      const stored = newTransactionRecord(
        body,
        newId(),
        requestAt,
        usdValueOf(body.transaction, options.usdRates).usd,
      );
      index.ensure(clientId);
      return decide(clientId, stored, true);
    });
  }

  /** List Transactions: filters, newest first, page/limit; external_transaction_id selects one. */
  function list(clientId: string, query: ListTransactionsQuery): Promise<TransactionList> {
    return listTransactions(records, index, clientId, query);
  }

  /** The stored record (report, request, audit, history), or undefined. */
  async function find(
    clientId: string,
    externalTransactionId: string,
  ): Promise<StoredTransaction | undefined> {
    return (await records.getByKey<StoredTransaction>(COLLECTION, clientId, externalTransactionId))?.data;
  }

  /**
   * A compliance officer's decision on a transaction in EVALUATION or COMPLIANCE.
   *
   * @example await service.review(clientId, 'tx-9', { state: 'REJECTED', reasons_rejection_operator: 'Confirmed SDN match.' })
   */
  function review(
    clientId: string,
    externalTransactionId: string,
    decision: TransactionReview,
    by: TransitionActor = 'OPERATOR',
    commit: ReviewCommit = {},
  ): Promise<TransactionReport> {
    return queue.run(lockKey(clientId, externalTransactionId), async () => {
      const record = await records.getByKey<StoredTransaction>(COLLECTION, clientId, externalTransactionId);
      if (!record) throw transactionNotFound(externalTransactionId);
      const from = record.data.report.transaction.state;
      const at = now();
      const change = transitionTransaction(
        from,
        { to: decision.state, by, reasons_rejection_operator: decision.reasons_rejection_operator ?? null },
        at,
      );
      const next = withTransition(record.data, change, by, at, undefined, commit.reviewers);
      await commitChange(clientId, from, next, at, false, commit.alsoWrite?.(next.report) ?? []);
      return next.report;
    });
  }

  /**
   * Writes a webhook attempt's outcome onto the transaction (wire to WebhookDispatcher's onAttempt with
   * notificationOf). An attempt older than the recorded one is ignored. False when the transaction is unknown.
   */
  async function recordNotification(
    clientId: string,
    transactionId: string,
    notification: Notification,
  ): Promise<boolean> {
    // The entry's key is the external_transaction_id, the lock's name: no body read to take it.
    const first = records.entry(COLLECTION, clientId, transactionId);
    if (first?.key == null) return false;
    return queue.run(lockKey(clientId, first.key), async () => {
      const current = await records.get<StoredTransaction>(COLLECTION, clientId, transactionId);
      if (!current) return false;
      const recorded = current.data.report.transaction.notification;
      if (recorded !== null && recorded.sent_at > notification.sent_at) return true;
      await save(clientId, withNotification(current.data, notification));
      return true;
    });
  }

  /**
   * Decides every transaction left in PROGRESS by an interrupted process (the request is stored, so the
   * analysis can run again). Call once at startup, after the index is loaded; returns how many were decided.
   */
  async function resumeInterrupted(): Promise<number> {
    let resumed = 0;
    // The tag is the state: only PROGRESS bodies are read.
    for (const listed of records.entries(COLLECTION)) {
      if (listed.tag !== 'PROGRESS' || listed.key === null) continue;
      const { client_id: clientId } = listed;
      await queue.run(lockKey(clientId, listed.key), async () => {
        const current = await records.get<StoredTransaction>(COLLECTION, clientId, listed.id);
        if (current?.data.report.transaction.state !== 'PROGRESS') return;
        index.ensure(clientId);
        resumed++;
        // A failed analysis is recorded as CANCELLED by decide(); the others still get their turn.
        await decide(clientId, current.data, false).catch(() => undefined);
      });
    }
    return resumed;
  }

  /**
   * Writes the missing webhook of every decided transaction a database from before the transactional
   * outbox left without one (see repairNotice). Reads every transaction body, so the engine runs it
   * once per database; returns how many deliveries it wrote. `awaitingDelivery` names transactions
   * whose delivery is stored under an id of the old, random kind and still pending: they have one.
   */
  async function repairNotices(
    awaitingDelivery: (clientId: string, transactionId: string) => boolean = () => false,
  ): Promise<number> {
    let repaired = 0;
    for (const listed of records.entries(COLLECTION)) {
      if (listed.tag === 'PROGRESS' || listed.key === null) continue;
      if (awaitingDelivery(listed.client_id, listed.id)) continue;
      const { client_id: clientId } = listed;
      await queue.run(lockKey(clientId, listed.key), async () => {
        const current = await records.get<StoredTransaction>(COLLECTION, clientId, listed.id);
        if (current !== undefined && (await repairNotice(clientId, current.data))) repaired++;
      });
    }
    return repaired;
  }

  return {
    submit,
    list,
    find,
    review,
    recordNotification,
    resumeInterrupted,
    repairNotices,
    registerRemitter: (clientId: string, request: RegistrationRequest): Promise<RegisteredEntity> =>
      registrations.register(clientId, 'REMITTER', request),
    registerBeneficiary: (clientId: string, request: RegistrationRequest): Promise<RegisteredEntity> =>
      registrations.register(clientId, 'BENEFICIARY', request),
    /** A directory entry (binding_list true) by role and external_id, or null. */
    findRegistered: (
      clientId: string,
      role: ParticipantRole,
      externalId: string,
    ): Promise<RegisteredEntity | null> => registrations.find(clientId, role, externalId),
    /** Periodic refresh: re-screens the directory entries (those `affected`, by default all) against the current index. */
    rescreenRegistered: (
      clientId?: string,
      signal?: AbortSignal,
      affected?: (entry: StoredRegistration) => boolean,
    ): Promise<RescreenOutcome[]> => registrations.rescreen(clientId, signal, affected),
  };
}

export type TransactionService = ReturnType<typeof createTransactionService>;
