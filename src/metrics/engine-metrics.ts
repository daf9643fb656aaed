/**
 * Warden's own Prometheus metrics of one engine (`warden_…`), registered in a registry the caller
 * owns — never prom-client's global one, so two engines or two test apps in one process do not
 * collide. Counters are plain numbers fed by the engine's observer events and handed to prom-client
 * when scraped (scraped-counter.ts); list gauges are read at scrape time.
 *
 * Labels are closed vocabularies (screening kinds, strengths, states, outcomes) or list names,
 * never client ids or record ids: those would grow a series per customer, and reveal them.
 */
import { Gauge, type Registry } from 'prom-client';
import { SCREENING_KINDS, type ScreeningKind } from '../engine/engine-observer.js';
import type { Engine } from '../engine/types.js';
import { listAgeSeconds } from '../lists/index.js';
import { MatchStrength } from '../model/risk.js';
import { TransactionState } from '../model/transaction.js';
import { scrapedCounter } from './scraped-counter.js';

export interface EngineMetricsOptions {
  /** Epoch milliseconds, for list ages; default Date.now. */
  readonly now?: () => number;
}

/** The metric names, for dashboards and the README. */
export const ENGINE_METRIC_NAMES = {
  SCREENINGS: 'warden_screenings_total',
  MATCHES: 'warden_matches_total',
  TRANSACTIONS: 'warden_transactions_total',
  WEBHOOK_ATTEMPTS: 'warden_webhook_attempts_total',
  WEBHOOK_DELIVERIES: 'warden_webhook_deliveries_total',
  LIST_INFO: 'warden_list_info',
  LIST_AGE: 'warden_list_age_seconds',
  LIST_ENTITIES: 'warden_list_entities',
  DIRECTORY_RESCREENS: 'warden_directory_rescreens_total',
} as const;

/**
 * Registers the `warden_…` metrics of `engine` in `registry`; returns the detach (stops counting,
 * unregisters the metrics).
 *
 * @example const detach = instrumentEngine(engine, new Registry()); // serve registry.metrics()
 */
export function instrumentEngine(
  engine: Pick<Engine, 'observe' | 'activeLists'>,
  registry: Registry,
  options: EngineMetricsOptions = {},
): () => void {
  const now = options.now ?? Date.now;
  const registers = [registry];
  const byKind = scrapedCounter<ScreeningKind>(registry, {
    name: ENGINE_METRIC_NAMES.SCREENINGS,
    help: 'Screenings performed, by what was screened (direct requests, summaries, transactions, registrations, onboardings)',
    label: 'kind',
    values: SCREENING_KINDS,
  });
  const byStrength = scrapedCounter(registry, {
    name: ENGINE_METRIC_NAMES.MATCHES,
    help: 'Watchlist matches reported by screenings, by strength',
    label: 'strength',
    values: MatchStrength.options,
  });
  const byState = scrapedCounter(registry, {
    name: ENGINE_METRIC_NAMES.TRANSACTIONS,
    help: 'Submitted transactions decided, by the state they were given',
    label: 'state',
    values: TransactionState.options,
  });
  const byAttempt = scrapedCounter(registry, {
    name: ENGINE_METRIC_NAMES.WEBHOOK_ATTEMPTS,
    help: 'Webhook delivery attempts, by outcome (failure: no 2xx answer; it is retried with backoff)',
    label: 'outcome',
    values: ['success', 'failure'] as const,
  });
  const bySettlement = scrapedCounter(registry, {
    name: ENGINE_METRIC_NAMES.WEBHOOK_DELIVERIES,
    help: 'Webhook deliveries settled, by outcome (failed: every attempt failed)',
    label: 'outcome',
    values: ['delivered', 'failed'] as const,
  });
  const byRiskChange = scrapedCounter(registry, {
    name: ENGINE_METRIC_NAMES.DIRECTORY_RESCREENS,
    help: 'Registered remitters and beneficiaries screened again after a list update, by whether their risk level changed',
    label: 'risk',
    values: ['changed', 'unchanged'] as const,
  });

  const lists = () => engine.activeLists().versions;
  // Read at scrape time: they cost nothing between scrapes.
  new Gauge({
    name: ENGINE_METRIC_NAMES.LIST_INFO,
    help: 'The active version of each list (value 1)',
    labelNames: ['list', 'version', 'source'],
    registers,
    collect() {
      this.reset();
      for (const v of lists()) this.set({ list: v.list, version: v.id, source: v.source }, 1);
    },
  });
  new Gauge({
    name: ENGINE_METRIC_NAMES.LIST_AGE,
    help: 'Age of each active list: since its publication date when its file has one, else since its import',
    labelNames: ['list'],
    registers,
    collect() {
      this.reset();
      const at = now();
      for (const v of lists()) this.set({ list: v.list }, listAgeSeconds(v, at));
    },
  });
  new Gauge({
    name: ENGINE_METRIC_NAMES.LIST_ENTITIES,
    help: 'Entities in the active version of each list',
    labelNames: ['list'],
    registers,
    collect() {
      this.reset();
      for (const v of lists()) this.set({ list: v.list }, v.entities);
    },
  });

  const stop = engine.observe({
    screened(kind, found) {
      byKind[kind]++;
      for (let i = 0; i < found.length; i++) byStrength[found[i]!.strength]++;
    },
    transactionDecided: (state) => void byState[state]++,
    webhookAttempted(delivery, attempt) {
      byAttempt[attempt.successful ? 'success' : 'failure']++;
      if (delivery.status === 'DELIVERED') bySettlement.delivered++;
      else if (delivery.status === 'FAILED') bySettlement.failed++;
    },
    directoryRefreshed(outcomes) {
      for (const o of outcomes) byRiskChange[o.previous_risk === o.new_risk ? 'unchanged' : 'changed']++;
    },
  });
  return () => {
    stop();
    for (const name of Object.values(ENGINE_METRIC_NAMES)) registry.removeSingleMetric(name);
  };
}
