/** instrumentEngine: a host's own registry, no HTTP server needed; detaching stops and unregisters. */
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, instrumentEngine, type Engine } from '../../src/index.js';
import { anIndividualRequest } from '../support/factories.js';
import { houseList } from '../support/house-list.js';
import { readPrometheusText } from '../support/prometheus-text.js';

let engine: Engine;
beforeAll(async () => {
  engine = await createEngine({ lists: [houseList()] });
});
afterAll(() => engine.close());

describe('instrumentEngine', () => {
  it('counts into each registry it is given, from its attachment on', async () => {
    const first = new Registry();
    const second = new Registry();
    const detachFirst = instrumentEngine(engine, first);
    engine.screenIndividual(anIndividualRequest());
    const detachSecond = instrumentEngine(engine, second);
    engine.screenIndividual(anIndividualRequest());

    const screenings = async (registry: Registry) =>
      readPrometheusText(await registry.metrics()).value('warden_screenings_total', { kind: 'individual' });
    expect([await screenings(first), await screenings(second)]).toEqual([2, 1]);

    detachFirst();
    engine.screenIndividual(anIndividualRequest());
    expect(await first.metrics()).toBe('\n');
    expect(await screenings(second)).toBe(2);
    detachSecond();
  });

  it('reads list ages from its own clock', async () => {
    const registry = new Registry();
    const imported = engine.activeLists().versions[0]!.imported_at;
    const detach = instrumentEngine(engine, registry, { now: () => imported + 7_200_000 });
    const metrics = readPrometheusText(await registry.metrics());
    expect(metrics.value('warden_list_age_seconds', { list: 'house' })).toBe(7200);
    detach();
  });
});
