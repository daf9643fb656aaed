/**
 * createEngine(): the one door for hosts. It opens the store, imports the lists it is given,
 * builds the screening index, and binds every operation of the spec to a client.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { openClientRegistry } from '../clients/index.js';
import { parseOrThrow } from '../model/errors.js';
import { IndividualQuery, OrganizationQuery, SummaryScreeningRequest } from '../model/screening.js';
import type { ScreeningResult } from '../model/screening-result.js';
import { MatchConfig } from '../names/index.js';
import { createOnboardingService } from '../onboarding/index.js';
import {
  requireListedNames,
  screenIndividual,
  screenOrganization,
  screenSummary,
} from '../screening/index.js';
import { openReviewerRegistry, openReviewService, openSuppressions } from '../review/index.js';
import { openStore } from '../store/open-store.js';
import { TRANSACTIONS_COLLECTION, type NotifyPort } from '../transactions/index.js';
import { openBlacklistRecords } from '../wallet/index.js';
import { outboxRecordOf, WebhookDispatcher } from '../webhooks/index.js';
import { affectedEntries } from './directory-changes.js';
import { DirectoryRefresh } from './directory-refresh.js';
import { importListFile, LIST_SOURCES } from './import-list.js';
import { listedEntityLookup } from './listed-entity-lookup.js';
import { EngineObservers, type ScreeningKind } from './engine-observer.js';
import { asLibraryRequest } from './library-request.js';
import { onboardingScreening } from './onboarding-screening.js';
import { loadRulesDir } from './rules-dir.js';
import { repairNoticesOnce } from './repair-notices-once.js';
import { createTransactionOps } from './transaction-ops.js';
import { VALIDATED, type ClientOperations, type Engine } from './types.js';
import { createWalletOps } from './wallet-ops.js';
import { Watchlists } from './watchlists.js';

export const EngineOptions = z.object({
  db: z
    .string()
    .default(':memory:')
    .describe('A DuckDB file path, or ":memory:" for an engine that keeps nothing'),
  lists: z
    .array(z.object({ source: z.enum(LIST_SOURCES), path: z.string(), listName: z.string().optional() }))
    .default([])
    .describe('List files imported at start (an unchanged file adds no version)'),
  rulesDir: z
    .string()
    .optional()
    .describe("Folder of json-rules-engine rule files; default: the package's rules/"),
  matchConfig: MatchConfig.partial().default({}).describe('Overrides of the name-matching tunables'),
  webhookTimeoutMs: z.number().int().positive().optional(),
  webhookRetentionDays: z
    .number()
    .positive()
    .default(30)
    .describe('Delivered and failed webhook deliveries are deleted this many days after their last attempt'),
  bodyCacheMb: z
    .number()
    .positive()
    .default(32)
    .describe('Record bodies kept in memory (MB of JSON); the rest are read from the DuckDB file'),
  defaultClientId: z.string().default('default').describe('The client the engine itself serves'),
});
export type EngineOptions = z.input<typeof EngineOptions>;

/** Injected for tests; defaults are the system clock and random ids. */
export interface EngineRuntime {
  readonly now?: () => number;
  readonly newId?: (prefix: string) => string;
  readonly fetch?: typeof fetch;
  readonly webhookRetry?: { baseDelayMs?: number; maxAttempts?: number };
}

/**
 * Opens an engine.
 *
 * @example
 * const engine = await createEngine({ db: 'warden.duckdb', lists: [{ source: 'un', path: 'consolidated.xml' }] });
 * const result = engine.screenIndividual({ full_name: 'Nicolas Maduro', date_of_birth: '1962-11-23' });
 */
export async function createEngine(
  options: EngineOptions = {},
  runtime: EngineRuntime = {},
): Promise<Engine> {
  const o = parseOrThrow(EngineOptions, options);
  const now = runtime.now ?? Date.now;
  const newId = runtime.newId ?? ((prefix: string) => `${prefix}_${randomUUID()}`);
  const rules = loadRulesDir(o.rulesDir);
  const cfg = MatchConfig.parse(o.matchConfig);
  const store = await openStore(o.db, { bodyCacheChars: o.bodyCacheMb * 1024 * 1024 });
  const lists = new Watchlists(store);
  for (const list of o.lists) await importListFile(store, { ...list, now: now() });
  await lists.reload();

  const clients = await openClientRegistry(store.records, { now: now() });
  const observers = new EngineObservers();
  // The dispatcher exists before the transaction service it reports attempts to.
  const attempts: { record?: ConstructorParameters<typeof WebhookDispatcher>[0]['onAttempt'] } = {};
  const webhooks = new WebhookDispatcher({
    records: store.records,
    secretOf: (clientId) => clients.webhookSecretOf(clientId),
    onAttempt: (item, attempt) => {
      observers.webhookAttempted(item, attempt);
      return attempts.record?.(item, attempt);
    },
    clock: now,
    ...(o.webhookTimeoutMs ? { timeoutMs: o.webhookTimeoutMs } : {}),
    ...(runtime.fetch ? { fetch: runtime.fetch } : {}),
    ...(runtime.webhookRetry ? { retry: runtime.webhookRetry } : {}),
    retentionMs: o.webhookRetentionDays * 24 * 3600 * 1000,
  });
  const notify: NotifyPort = {
    prepare(clientId, event, payload, subject, deliveryId) {
      const url = clientWebhookUrl(clientId);
      if (!url) return { record: null, schedule: () => {} };
      const item = webhooks.prepare({ client_id: clientId, url, event, payload, subject }, deliveryId);
      return { record: outboxRecordOf(item), schedule: () => webhooks.schedule(item) };
    },
  };
  const clientWebhookUrl = (clientId: string): string | null => {
    try {
      return clients.getClient(clientId).webhook_url ?? null;
    } catch {
      return null;
    }
  };

  const blacklistRecords = await openBlacklistRecords(store.records);
  const wallet = createWalletOps({
    store,
    blacklistRecords,
    lists,
    now,
    newId,
    onAnalyzed: () => observers.screened('wallet', []),
  });
  // Every name screening goes through this: no list loaded is LISTS_NOT_LOADED, never "no match".
  const listed = () => requireListedNames(lists.active.index);
  // Every name screening reports to the observers, whichever door it came through.
  const observed = (kind: ScreeningKind, result: ScreeningResult): ScreeningResult => {
    observers.screened(kind, result.response);
    return result;
  };
  const screeningCtx = (clientId: string, transactionId: string | null = null) => ({
    now: now(),
    newId: () => newId('scr'),
    cfg,
    clientId,
    transactionId,
    blacklist: wallet.nameBlacklist(clientId),
  });
  const suppressions = await openSuppressions(store.records, listedEntityLookup(lists), now);
  const transactions = createTransactionOps({
    store,
    suppressions,
    lists,
    rules: rules.compiled,
    clients,
    wallet,
    notify,
    now,
    newId,
    screen: {
      individual: (clientId, query, transactionId) =>
        observed('individual', screenIndividual(listed(), query, screeningCtx(clientId, transactionId))),
      organization: (clientId, query, transactionId) =>
        observed('organization', screenOrganization(listed(), query, screeningCtx(clientId, transactionId))),
    },
    onDecided: (state) => observers.transactionDecided(state),
  });
  attempts.record = transactions.onWebhookAttempt;

  const onboarding = createOnboardingService({
    store,
    screening: onboardingScreening(lists, now, observers),
    onEvent: (event) => {
      const url = clientWebhookUrl(event.client_id);
      if (url === null) return;
      const subject = { collection: 'onboarding_events', id: newId('evt') };
      void webhooks.enqueue({ client_id: event.client_id, url, event: event.type, payload: event, subject });
    },
    now,
    newId: (kind) => newId(kind),
  });
  const review = {
    reviewers: await openReviewerRegistry(store.records, { now: now() }),
    desk: await openReviewService({
      records: store.records,
      transactions: transactions.service,
      onboarding,
      suppressions,
      settingsOf: transactions.settingsOf,
      now,
      newId,
    }),
  };
  await webhooks.start();
  await repairNoticesOnce(
    store,
    async () => {
      const pending = new Set(
        (await webhooks.outbox.pending())
          .filter((d) => d.subject.collection === TRANSACTIONS_COLLECTION)
          .map((d) => `${d.client_id}\u0000${d.subject.id}`),
      );
      return transactions.service.repairNotices((clientId, id) => pending.has(`${clientId}\u0000${id}`));
    },
    now(),
  );
  // Transactions a crash left in PROGRESS are decided again once there are lists to screen them
  // with; deciding them against none would clear them silently.
  if (lists.loaded) await transactions.service.resumeInterrupted();
  else {
    const stop = lists.subscribe((active) => {
      if (active.index.entities.length === 0) return;
      stop();
      // A failure leaves them in PROGRESS, to be resumed at the next start.
      transactions.service.resumeInterrupted().catch(() => undefined);
    });
  }

  // The spec's periodic refresh of the directory, after every new list version from now on: the
  // entries the versions since the last pass may have changed (directory-changes.ts).
  let refreshedAgainst = lists.active.versions;
  const refresh = new DirectoryRefresh(
    async (signal) => {
      const against = lists.active.versions;
      const affected = await affectedEntries(store.lists, refreshedAgainst, against);
      const outcomes = await transactions.service.rescreenRegistered(
        undefined,
        signal,
        affected ?? undefined,
      );
      if (!signal.aborted) refreshedAgainst = against;
      return outcomes;
    },
    (outcomes) => observers.directoryRefreshed(outcomes),
  );
  lists.subscribe(() => refresh.request());

  const forClient = (clientId: string): ClientOperations => ({
    clientId,
    // The request is parsed first: a malformed one is VALIDATION_ERROR whether or not lists are loaded.
    screenIndividual: (request) => {
      const query = parseOrThrow(IndividualQuery, request);
      return observed('individual', screenIndividual(listed(), query, screeningCtx(clientId)));
    },
    screenOrganization: (request) => {
      const query = parseOrThrow(OrganizationQuery, request);
      return observed('organization', screenOrganization(listed(), query, screeningCtx(clientId)));
    },
    screenSummary: (request) => {
      const query = parseOrThrow(SummaryScreeningRequest, asLibraryRequest(request));
      const summary = screenSummary(listed(), query, screeningCtx(clientId));
      for (const entity of summary.results) {
        observers.screened(entity.type === 'INDIVIDUAL' ? 'individual' : 'organization', entity.matches);
      }
      return summary;
    },
    ...wallet.forClient(clientId, clients),
    ...transactions.forClient(clientId),
  });

  const self = forClient(o.defaultClientId);
  return {
    ...self,
    store,
    clients,
    onboarding,
    review,
    forClient,
    [VALIDATED]: (clientId) => transactions.forClientValidated(clientId),
    async importList(request) {
      const saved = await importListFile(store, { ...request, now: now(), offThread: true });
      if (saved.summary.new_version) await lists.reload({ offThread: true });
      return saved.summary;
    },
    reloadLists: () => lists.reload({ offThread: true }),
    listVersions: () => store.lists.versions(),
    diffListVersions: (from, to) => store.lists.diff(from, to),
    activeLists: () => lists.active,
    onListVersion: (listener) => lists.subscribe(listener),
    observe: (observer) => observers.add(observer),
    async close() {
      await refresh.stop();
      await webhooks.stop();
      await store.close();
    },
  };
}
