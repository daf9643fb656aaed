/**
 * A prom-client counter whose values are plain numbers, bumped on the hot path and handed to the
 * counter when it is scraped. prom-client's own `inc` builds and hashes a label key and validates
 * the labels on every call; a screening or a request should not pay that for a number.
 */
import { Counter, type Registry } from 'prom-client';

export interface ScrapedCounterConfig<V extends string> {
  readonly name: string;
  readonly help: string;
  readonly label: string;
  /** Every value of the label, each exposed from the start (at 0, so rate() works from the first scrape). */
  readonly values: readonly V[];
}

/**
 * Registers the counter; returns its counts to bump.
 *
 * @example const byKind = scrapedCounter(registry, { name: 'x_total', help: '…', label: 'kind', values: ['a'] }); byKind.a++;
 */
export function scrapedCounter<V extends string>(
  registry: Registry,
  config: ScrapedCounterConfig<V>,
): Record<V, number> {
  const counts = {} as Record<V, number>;
  for (const value of config.values) counts[value] = 0;
  new Counter({
    name: config.name,
    help: config.help,
    labelNames: [config.label],
    registers: [registry],
    collect() {
      this.reset();
      for (const value of config.values) this.inc({ [config.label]: value }, counts[value]);
    },
  });
  return counts;
}
