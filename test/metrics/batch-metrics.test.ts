/** Batch rows counted from run summaries, an interrupted run and its resumption counted once. */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { BatchMetrics } from '../../src/metrics/index.js';
import { readPrometheusText } from '../support/prometheus-text.js';

const run = (status: 'completed' | 'interrupted', out: string, rows: number, errors: number) => ({
  status,
  out,
  rows,
  errors,
});

async function figures(registry: Registry) {
  const metrics = readPrometheusText(await registry.metrics());
  return {
    screened: metrics.value('warden_batch_rows_total', { outcome: 'screened' }),
    error: metrics.value('warden_batch_rows_total', { outcome: 'error' }),
    completed: metrics.value('warden_batch_runs_total', { status: 'completed' }),
    interrupted: metrics.value('warden_batch_runs_total', { status: 'interrupted' }),
  };
}

describe('BatchMetrics', () => {
  it('starts at zero', async () => {
    const registry = new Registry();
    new BatchMetrics(registry);
    expect(await figures(registry)).toEqual({ screened: 0, error: 0, completed: 0, interrupted: 0 });
  });

  it('counts rows by outcome, and a resumed run only for the rows it added', async () => {
    const registry = new Registry();
    const metrics = new BatchMetrics(registry);
    metrics.record(run('completed', 'a.jsonl', 1000, 3));
    metrics.record(run('interrupted', 'b.jsonl', 400, 1));
    // The resumption's summary covers the whole run, its first attempt included.
    metrics.record(run('completed', 'b.jsonl', 1000, 2));
    expect(await figures(registry)).toEqual({ screened: 1995, error: 5, completed: 2, interrupted: 1 });
  });
});
