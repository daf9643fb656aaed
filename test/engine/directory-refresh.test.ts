/**
 * The registered directory screened again after each new list version (engine/directory-refresh.ts):
 * in the background, one pass at a time, and through a real engine whose list gains a customer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryRefresh } from '../../src/engine/directory-refresh.js';
import { Registry } from 'prom-client';
import { createEngine, instrumentEngine, type Engine } from '../../src/index.js';
import {
  REGISTRATION_COLLECTIONS,
  type RescreenOutcome,
  type StoredRegistration,
} from '../../src/transactions/registrations.js';
import { aNaturalPerson } from '../support/factories/participants.js';
import { readPrometheusText } from '../support/prometheus-text.js';

/** A pass that waits until `release` is called; counts its starts. */
function gatedPass() {
  let starts = 0;
  let release: () => void = () => undefined;
  const pass = async (signal: AbortSignal): Promise<RescreenOutcome[]> => {
    starts++;
    await new Promise<void>((resolve) => {
      release = resolve;
      signal.addEventListener('abort', () => resolve());
    });
    return [];
  };
  return { pass, starts: () => starts, release: () => release() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('DirectoryRefresh', () => {
  it('runs one pass at a time, and once more for the versions that came during it', async () => {
    const gate = gatedPass();
    const done: number[] = [];
    const refresh = new DirectoryRefresh(gate.pass, () => done.push(gate.starts()));
    refresh.request();
    refresh.request();
    refresh.request();
    await tick();
    expect(gate.starts()).toBe(1);
    gate.release();
    await tick();
    await tick();
    expect(gate.starts()).toBe(2);
    gate.release();
    await tick();
    await tick();
    expect(done).toEqual([1, 2]);
    expect(gate.starts()).toBe(2);
    await refresh.stop();
  });

  it('stops the pass running, reports nothing of it, and takes no request after', async () => {
    const gate = gatedPass();
    const done: unknown[] = [];
    const refresh = new DirectoryRefresh(gate.pass, (o) => done.push(o));
    refresh.request();
    await tick();
    await refresh.stop();
    refresh.request();
    await tick();
    expect(gate.starts()).toBe(1);
    expect(done).toEqual([]);
  });

  it('survives a failed pass: the next request runs again', async () => {
    let calls = 0;
    const done: unknown[] = [];
    const refresh = new DirectoryRefresh(
      async () => {
        calls++;
        if (calls === 1) throw new Error('store closing');
        return [];
      },
      (o) => done.push(o),
    );
    refresh.request();
    await tick();
    refresh.request();
    await tick();
    expect(calls).toBe(2);
    expect(done).toEqual([[]]);
    await refresh.stop();
  });
});

describe('an engine after a list update', () => {
  let dir: string;
  let engine: Engine;
  const list = (names: readonly string[]) =>
    ['id,name,type', ...names.map((name) => `${name.replace(/ /g, '-')},${name},individual`)].join('\n');
  const importHouse = async (names: readonly string[]) => {
    const refreshed = new Promise<readonly RescreenOutcome[]>((resolve) => {
      const stop = engine.observe({
        directoryRefreshed: (outcomes) => {
          stop();
          resolve(outcomes);
        },
      });
    });
    writeFileSync(join(dir, 'house.csv'), list(names));
    await engine.importList({ source: 'csv', path: join(dir, 'house.csv'), listName: 'house' });
    return (await refreshed).map((o) => `${o.external_id} ${o.previous_risk}→${o.new_risk}`);
  };
  const person = (external_id: string, full_name: string) =>
    ({
      binding_list: true,
      external_id,
      entity_type: 'PERSON',
      natural_person: aNaturalPerson({
        full_name,
        birth_date: null,
        nationality: null,
        document_number: null,
      }),
    }) as const;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warden-directory-refresh-'));
    writeFileSync(join(dir, 'house.csv'), list(['Viktor Bout']));
    engine = await createEngine({
      db: ':memory:',
      lists: [{ source: 'csv', path: join(dir, 'house.csv'), listName: 'house' }],
    });
  });
  afterEach(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('screens the registered customers again and stores their new risk', async () => {
    const customer = {
      binding_list: true,
      external_id: 'cust-7',
      entity_type: 'PERSON',
      natural_person: aNaturalPerson({
        full_name: 'Oleg Petrovsky',
        birth_date: null,
        nationality: null,
        document_number: null,
      }),
    } as const;
    const acme = engine.forClient('acme');
    expect((await acme.registerRemitter(customer)).risk_level).toBe('NONE');
    await acme.registerBeneficiary({ ...customer, binding_list: false, external_id: 'once' });

    const registry = new Registry();
    const detach = instrumentEngine(engine, registry);
    const refreshed = new Promise<readonly RescreenOutcome[]>((resolve) =>
      engine.observe({ directoryRefreshed: resolve }),
    );
    writeFileSync(join(dir, 'house.csv'), list(['Viktor Bout', 'Oleg Petrovsky']));
    await engine.importList({ source: 'csv', path: join(dir, 'house.csv'), listName: 'house' });
    const outcomes = await refreshed;
    expect(outcomes).toEqual([
      expect.objectContaining({ client_id: 'acme', external_id: 'cust-7', previous_risk: 'NONE' }),
    ]);
    expect(outcomes[0]!.new_risk).not.toBe('NONE');
    const stored = await engine.store.records.getByKey<StoredRegistration>(
      REGISTRATION_COLLECTIONS.REMITTER,
      'acme',
      'cust-7',
    );
    expect(stored?.data.entity.risk_level).toBe(outcomes[0]!.new_risk);
    expect(stored?.data.audit.list_versions).toEqual(engine.activeLists().versions.map((v) => v.id));
    const metrics = readPrometheusText(await registry.metrics());
    expect(metrics.value('warden_directory_rescreens_total', { risk: 'changed' })).toBe(1);
    expect(metrics.value('warden_directory_rescreens_total', { risk: 'unchanged' })).toBe(0);
    detach();
  });

  it('screens again only the entries whose names meet an added name, then those that matched a removed one', async () => {
    const acme = engine.forClient('acme');
    await acme.registerRemitter(person('cust-7', 'Oleg Petrovsky'));
    await acme.registerRemitter(person('cust-8', 'Quentin Blythe'));
    await acme.registerRemitter(person('cust-9', 'Viktor Bout'));
    const before = await engine.store.records.getByKey<StoredRegistration>(
      REGISTRATION_COLLECTIONS.REMITTER,
      'acme',
      'cust-8',
    );
    // cust-8 and cust-9 share no retrieval key with the added name: their results stand.
    const added = await importHouse(['Viktor Bout', 'Oleg Petrovsky']);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^cust-7 NONE→(?!NONE)/);
    const after = await engine.store.records.getByKey<StoredRegistration>(
      REGISTRATION_COLLECTIONS.REMITTER,
      'acme',
      'cust-8',
    );
    expect(after?.data.entity.analyzed_at).toBe(before?.data.entity.analyzed_at);
    // Removing Viktor Bout withdraws cust-9's match; nobody else's can change.
    const removed = await importHouse(['Oleg Petrovsky']);
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatch(/^cust-9 (?!NONE)\w+→NONE$/);
  });
});
