/**
 * An EntityIndex as bytes (snapshot-bytes.ts), so a process that screens against lists someone already
 * indexed loads their index instead of building it: on OFAC SDN with aliases a build is ~1.3–1.9 s
 * of CPU per worker. The snapshot holds the NameIndex (NameIndex.snapshot) and which entity and
 * alias each name slot is; the entities themselves come from the lists, and what the features parse
 * from them is derived again (entityIndexOf). A snapshot of other lists is refused, not trusted.
 */
import type { Entity } from '../model/entity.js';
import { NameIndex, runSteps, type NameIndexSnapshot, type Steps } from '../names/index.js';
import {
  assembleIndex,
  entityIndexOf,
  indexEntity,
  namedEntities,
  ordinalsOf,
  referenceOf,
  type EntityIndex,
  type IndexedEntity,
  type NameSlot,
} from './entity-index.js';
import { packSnapshot, unpackSnapshot } from './snapshot-bytes.js';

/** Changes whenever the layout does: a snapshot of another format is rebuilt, not read. */
const FORMAT = 1;

interface EntityIndexSnapshot {
  readonly format: number;
  /** "<list>:<entity_id>" per entity ordinal: the lists the snapshot was taken of, in index order. */
  readonly references: readonly string[];
  readonly names: NameIndexSnapshot;
  readonly slotEntities: Int32Array;
  readonly slotAliases: Int32Array;
  readonly firstOrganizationSlot: number;
}

export function snapshotEntityIndex(index: EntityIndex): Uint8Array {
  const snapshot: EntityIndexSnapshot = {
    format: FORMAT,
    references: index.entities.map((e) => referenceOf(e.entity)),
    names: index.names.snapshot(),
    slotEntities: index.slotEntities,
    slotAliases: Int32Array.from(index.slots, (slot) => slot.alias),
    firstOrganizationSlot: index.firstOrganizationSlot,
  };
  return packSnapshot(snapshot);
}

/**
 * The index `buildEntityIndex(entities)` would build, from a snapshot of it. Throws when the bytes
 * are not a snapshot of this format or were taken of other entities.
 */
export function restoreEntityIndex(bytes: Uint8Array, entities: readonly Entity[]): EntityIndex {
  return runSteps(restoringEntityIndex(bytes, entities));
}

/** `restoreEntityIndex` in steps (names/steps.ts), for a thread that keeps answering meanwhile. */
export function* restoringEntityIndex(bytes: Uint8Array, entities: readonly Entity[]): Steps<EntityIndex> {
  const snapshot = snapshotOf(bytes);
  yield;
  const named = namedEntities(entities);
  const { references } = snapshot;
  if (references.length !== named.length || named.some((e, i) => referenceOf(e) !== references[i]))
    throw new Error('The index snapshot was taken of other lists.');
  const names = yield* NameIndex.restoring(snapshot.names);
  yield;
  return entityIndexOf(named, names, slotsOf(snapshot), snapshot.firstOrganizationSlot);
}

/**
 * The index a delta run screens with (narrowed-index.ts: the whole lists' index, its searches
 * meeting only the entities `kept`), from a snapshot of the whole lists' index, holding only those
 * entities: the others' names stay in the postings and the token weights, so every score is the
 * whole index's, but they are neither prepared again nor parsed (on OFAC SDN most of a restore).
 * Its traits know only those entities' document numbers, all a bound on their features needs (a
 * document adds only when identical). Throws when the bytes are not a snapshot of this format or do
 * not index every named entity of `kept` (the caller's snapshot must be of the lists `kept` came
 * from: index-cache.ts names it so).
 */
export function restoreNarrowedIndex(bytes: Uint8Array, kept: readonly Entity[]): EntityIndex {
  const snapshot = snapshotOf(bytes);
  const { references, slotEntities } = snapshot;
  const byReference = ordinalsOf(references);
  const entities = new Array<IndexedEntity>(references.length);
  for (const entity of namedEntities(kept)) {
    const ordinal = byReference.get(referenceOf(entity));
    if (ordinal === undefined) throw new Error('The index snapshot was taken of other lists.');
    entities[ordinal] = indexEntity(entity);
  }
  const keep = Uint8Array.from(slotEntities, (ordinal) => (entities[ordinal] === undefined ? 0 : 1));
  const names = NameIndex.restore(snapshot.names, keep);
  return assembleIndex(entities, byReference, names, slotsOf(snapshot), snapshot.firstOrganizationSlot, keep);
}

function snapshotOf(bytes: Uint8Array): EntityIndexSnapshot {
  const snapshot = unpackSnapshot(bytes) as EntityIndexSnapshot | null;
  // JSON of another shape (a foreign file with our magic) is refused here, not met as a TypeError.
  if (snapshot?.format !== FORMAT || !Array.isArray(snapshot.references))
    throw new Error(`The index snapshot is not of format ${FORMAT}.`);
  return snapshot;
}

function slotsOf({ slotEntities, slotAliases }: EntityIndexSnapshot): NameSlot[] {
  const slots = new Array<NameSlot>(slotEntities.length);
  for (let s = 0; s < slots.length; s++) slots[s] = { entity: slotEntities[s]!, alias: slotAliases[s]! };
  return slots;
}
