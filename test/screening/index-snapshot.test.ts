import { beforeAll, describe, expect, it } from 'vitest';
import { readOfacLegacyFolder } from '../../src/lists/read-source.js';
import type { Entity } from '../../src/model/entity.js';
import { IndividualQuery, OrganizationQuery } from '../../src/model/screening.js';
import { DEFAULT_MATCH_CONFIG, runStepsPausing } from '../../src/names/index.js';
import {
  buildEntityIndex,
  prepareIndividualQuery,
  prepareOrganizationQuery,
  searchEntities,
  type EntityIndex,
} from '../../src/screening/index.js';
import { keptAmongFullCandidates, narrowIndex } from '../../src/batch/narrowed-index.js';
import {
  restoreEntityIndex,
  restoreNarrowedIndex,
  restoringEntityIndex,
  snapshotEntityIndex,
} from '../../src/screening/index-snapshot.js';
import { packSnapshot, unpackSnapshot } from '../../src/screening/snapshot-bytes.js';
import { anEntity } from '../support/entities.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const cfg = DEFAULT_MATCH_CONFIG;

/** A listed name as a customer might type it: a letter lost, the words turned round. */
function variantsOf(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  const cut = Math.floor(name.length / 2);
  return [name, name.slice(0, cut) + name.slice(cut + 1), [...words].reverse().join(' ')];
}

/** Every hit of every query, in a form two indexes' answers can be compared by. */
function answers(index: EntityIndex, entities: readonly Entity[]): unknown[] {
  return entities.flatMap((e) =>
    [e.name, ...e.aliases.slice(0, 2).map((a) => a.name)].flatMap(variantsOf).map((name) => {
      const q =
        e.type === 'individual'
          ? prepareIndividualQuery(index, IndividualQuery.parse({ full_name: name }))
          : prepareOrganizationQuery(index, OrganizationQuery.parse({ name, country: 'IRN' }));
      return searchEntities(index, q, { cfg, limit: 10 }).map((hit) => ({
        entity: index.entities[hit.entity]!.entity.entity_id,
        slot: hit.slot,
        score: hit.score,
        strength: hit.strength,
        pairs: hit.pairs,
      }));
    }),
  );
}

describeWithDatasets('an index restored from its snapshot (OFAC SDN with aliases)', () => {
  let entities: Entity[];
  let built: EntityIndex;
  let bytes: Uint8Array;

  beforeAll(() => {
    entities = readOfacLegacyFolder(sharedPath('ofac', 'sdn_2023-12-28')).entities;
    built = buildEntityIndex(entities);
    bytes = snapshotEntityIndex(built);
  });

  it('answers every query as the index it was taken of, from a shared buffer', () => {
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    const restored = restoreEntityIndex(shared, entities);
    expect(restored.names.size).toBe(built.names.size);
    expect(restored.firstOrganizationSlot).toBe(built.firstOrganizationSlot);
    expect(restored.slots).toEqual(built.slots);
    const sample = entities.filter((_, i) => i % 40 === 0);
    const expected = answers(built, sample);
    expect(expected.flat().length).toBeGreaterThan(sample.length);
    expect(answers(restored, sample)).toEqual(expected);
    // Names no list holds get the same (few, weak) answers too.
    const strangers = [anEntity({ name: 'Margaret Okonkwo-Smith' }), anEntity({ name: 'Juan Perez' })];
    expect(answers(restored, strangers)).toEqual(answers(built, strangers));
  });

  it('restored in steps of a slice of names each, is the index restored at once', async () => {
    let steps = 0;
    const stepped = await runStepsPausing(restoringEntityIndex(bytes, entities), async () => void steps++);
    // OFAC SDN with aliases: ~37k names, restored 10,000 at a time, besides the other stages.
    expect(steps).toBeGreaterThanOrEqual(Math.ceil(built.names.size / 10_000) + 3);
    expect(Buffer.from(snapshotEntityIndex(stepped)).equals(Buffer.from(bytes))).toBe(true);
    const sample = entities.filter((_, i) => i % 97 === 0);
    expect(answers(stepped, sample)).toEqual(answers(built, sample));
  });

  it('restored narrowed to some entities, answers every query as the whole index narrowed to them', () => {
    const kept = entities.filter((_, i) => i % 25 === 3);
    const narrowed = restoreNarrowedIndex(bytes, kept);
    const whole = narrowIndex(built, new Set(kept.map((e) => `${e.list}:${e.entity_id}`)));
    expect(narrowed.keep).toEqual(whole.keep);
    // Every search meets only kept names, with the whole index's token weights: the same hits and
    // scores, for the kept entities' own names and for names of entities it does not hold.
    const asked = entities.filter((_, i) => i % 50 === 3 || i % 50 === 10);
    const expected = answers(whole, asked);
    expect(expected.flat().length).toBeGreaterThan(kept.length / 2);
    expect(answers(narrowed, asked)).toEqual(expected);
    // A delta run asks whether a kept name is among a query's candidates in the whole index.
    const among = (index: EntityIndex) =>
      asked.map((e) =>
        keptAmongFullCandidates(
          index,
          prepareIndividualQuery(index, IndividualQuery.parse({ full_name: e.name })),
        ),
      );
    expect(among(narrowed)).toEqual(among(whole));
    expect(among(whole)).toContain(false);
    // It holds only what it was given: the others' names cannot be scored, and it is no snapshot's source.
    const other = narrowed.keep!.indexOf(0);
    expect(() => narrowed.names.nameAt(other)).toThrow(RangeError);
    expect(() => snapshotEntityIndex(narrowed)).toThrow();
    // An entity the snapshot does not index means it was taken of other lists.
    expect(() => restoreNarrowedIndex(bytes, [anEntity({ entity_id: 'not-listed' })])).toThrow(/other lists/);
  });

  it('is refused for other lists, so a stale snapshot is never trusted', () => {
    expect(() => restoreEntityIndex(bytes, entities.slice(1))).toThrow(/other lists/);
    const renamed = entities.map((e, i) => (i === 7 ? { ...e, entity_id: `${e.entity_id}-x` } : e));
    expect(() => restoreEntityIndex(bytes, renamed)).toThrow(/other lists/);
  });

  it('is refused when the bytes are torn or foreign', () => {
    expect(() => restoreEntityIndex(bytes.slice(0, bytes.length >> 1), entities)).toThrow(/cut short/);
    expect(() => restoreEntityIndex(new Uint8Array(64), entities)).toThrow(/Not an index snapshot/);
  });
});

describe('snapshot bytes', () => {
  it('carries plain data and typed arrays of each kind, and views the arrays in place', () => {
    const tree = {
      name: 'x',
      nested: [{ ints: Int32Array.of(-1, 2, 3) }, null, 'text'],
      bytes: Uint8Array.of(1, 2, 3),
      signed: Int8Array.of(-5),
      unsigned: Uint32Array.of(2 ** 32 - 1),
      floats: Float32Array.of(0.5),
      doubles: Float64Array.of(Math.PI, -0),
      empty: new Float64Array(0),
    };
    const packed = packSnapshot(tree);
    const back = unpackSnapshot(packed) as typeof tree;
    expect(back).toEqual(tree);
    expect(back.doubles.buffer).toBe(packed.buffer);
    expect(back.doubles.byteOffset % 8).toBe(0);
  });

  it('reads bytes that do not start on an 8-byte boundary (a copy)', () => {
    const packed = packSnapshot({ doubles: Float64Array.of(1, 2) });
    const offset = new Uint8Array(packed.length + 3);
    offset.set(packed, 3);
    expect((unpackSnapshot(offset.subarray(3)) as { doubles: Float64Array }).doubles).toEqual(
      Float64Array.of(1, 2),
    );
  });

  it('refuses a kind of array it cannot carry', () => {
    expect(() => packSnapshot({ big: new BigInt64Array(1) })).toThrow(/cannot hold a BigInt64Array/);
  });
});
