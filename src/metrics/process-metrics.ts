/**
 * prom-client's default metrics (CPU, memory, event-loop lag, GC, handles) in one registry per
 * process, made on first use. They describe the process, not an app; and their collectors (an
 * event-loop delay monitor, a GC observer) cannot be stopped, so one set per app would pile up in a
 * process that builds many apps (a test run builds hundreds).
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/** The process's registry of default metrics. */
export function processMetricsRegistry(): Registry {
  if (registry === undefined) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
