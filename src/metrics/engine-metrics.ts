/**
 * Warden's own Prometheus metrics of one engine (`warden_…`), registered in a registry the caller
 * owns — never prom-client's global one, so two engines or two test apps in one process do not
 * collide. Counters are fed by the engine's observer events; list gauges are read at scrape time.
 *
 * Labels are closed vocabularies (screening kinds, strengths, states, outcomes) or list names,
 * never client ids or record ids: those would grow a series per customer, and reveal them.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { SCREENING_KINDS, type ScreeningKind } from '../engine/engine-observer.js';
import type { Engine } from '../engine/types.js';
import { listAgeSeconds } from '../lists/index.js';
import { MatchStrength } from '../model/risk.js';
import { TransactionState } from '../model/transaction.js';

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
} as const;

type Increment = { inc(): void };

/** One counter child per label value, made once: no label object is built per event. */
function childrenOf<L extends string>(
  counter: Counter<string>,
  label: string,
  values: readonly L[],
): Record<L, Increment> {
  const children = {} as Record<L, Increment>;
  for (const value of values) {
    children[value] = counter.labels(value);
    // Present at 0 from the start, so rate() and absent() work before the first event.
    counter.inc({ [label]: value }, 0);
  }
  return children;
}

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
  const screenings = new Counter({
    name: ENGINE_METRIC_NAMES.SCREENINGS,
    help: 'Screenings performed, by what was screened (direct requests, summaries, transactions, registrations, onboardings)',
    labelNames: ['kind'],
    registers,
  });
  const matches = new Counter({
    name: ENGINE_METRIC_NAMES.MATCHES,
    help: 'Watchlist matches reported by screenings, by strength',
    labelNames: ['strength'],
    registers,
  });
  const transactions = new Counter({
    name: ENGINE_METRIC_NAMES.TRANSACTIONS,
    help: 'Submitted transactions decided, by the state they were given',
    labelNames: ['state'],
    registers,
  });
  const attempts = new Counter({
    name: ENGINE_METRIC_NAMES.WEBHOOK_ATTEMPTS,
    help: 'Webhook delivery attempts, by outcome (failure: no 2xx answer; it is retried with backoff)',
    labelNames: ['outcome'],
    registers,
  });
  const deliveries = new Counter({
    name: ENGINE_METRIC_NAMES.WEBHOOK_DELIVERIES,
    help: 'Webhook deliveries settled, by outcome (failed: every attempt failed)',
    labelNames: ['outcome'],
    registers,
  });
  const byKind = childrenOf<ScreeningKind>(screenings, 'kind', SCREENING_KINDS);
  const byStrength = childrenOf(matches, 'strength', MatchStrength.options);
  const byState = childrenOf(transactions, 'state', TransactionState.options);
  const byAttempt = childrenOf(attempts, 'outcome', ['success', 'failure'] as const);
  const bySettlement = childrenOf(deliveries, 'outcome', ['delivered', 'failed'] as const);

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
      byKind[kind].inc();
      for (const match of found) byStrength[match.strength].inc();
    },
    transactionDecided: (state) => byState[state].inc(),
    webhookAttempted(delivery, attempt) {
      byAttempt[attempt.successful ? 'success' : 'failure'].inc();
      if (delivery.status === 'DELIVERED') bySettlement.delivered.inc();
      else if (delivery.status === 'FAILED') bySettlement.failed.inc();
    },
  });
  return () => {
    stop();
    for (const name of Object.values(ENGINE_METRIC_NAMES)) registry.removeSingleMetric(name);
  };
}
