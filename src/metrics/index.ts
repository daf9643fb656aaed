// Prometheus metrics of an engine and of batch runs, in a registry the caller owns. Re-exports only.
export { BATCH_METRIC_NAMES, BatchMetrics } from './batch-metrics.js';
export { ENGINE_METRIC_NAMES, instrumentEngine, type EngineMetricsOptions } from './engine-metrics.js';
