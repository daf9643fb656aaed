/**
 * EntityIndex: every name and alias of every loaded entity in one NameIndex, plus the secondary
 * fields of each entity pre-parsed for the features. Built once per set of list versions, then
 * read-only: queries never scan the lists.
 */
import type { AliasKind, Entity, EntityType } from '../model/entity.js';
import { countryFromName } from '../model/reference.js';
import { acronymsOf, NameIndex, type CandidateScope, type NameKind } from '../names/index.js';
import { EntityTraits } from './entity-traits.js';

/** A birth date as numbers; month/day 0 when the list does not give them. */
export interface ListedBirthDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly circa: boolean;
  /** Last year of a range ("1960 to 1962"), else `year`. */
  readonly untilYear: number;
}

/** An entity with what the features compare, parsed once at index time. */
export interface IndexedEntity {
  readonly entity: Entity;
  readonly birthDates: readonly ListedBirthDate[];
  /** Nationalities and citizenships. */
  readonly nationalities: ReadonlySet<string>;
  /** Countries of the entity's addresses. */
  readonly locations: ReadonlySet<string>;
  /** Countries named in the places of birth. */
  readonly birthCountries: ReadonlySet<string>;
  /** Document numbers folded to upper-case letters and digits. */
  readonly documentNumbers: ReadonlySet<string>;
  /** "Sanctions", "PEP"… */
  readonly categories: readonly string[];
}

/** Which name of which entity sits in a NameIndex slot. */
export interface NameSlot {
  readonly entity: number;
  /** -1 for the primary name, ACRONYM_SLOT for an acronym of one, else the alias's index in `entity.aliases`. */
  readonly alias: number;
}

/** The NameSlot alias of an organization's acronym (acronym.ts), which the index derives. */
export const ACRONYM_SLOT = -2;

export interface EntityIndex {
  /**
   * By ordinal. An index restored narrowed (restoreNarrowedIndex) holds only the entities its `keep`
   * lets a search meet: the other ordinals are holes.
   */
  readonly entities: readonly IndexedEntity[];
  readonly names: NameIndex;
  readonly slots: readonly NameSlot[];
  /** `slots[slot].entity` as one typed array: the hot path reads it once per candidate, from cache. */
  readonly slotEntities: Int32Array;
  /** Entity ordinals by "<list>:<entity_id>". */
  readonly byReference: ReadonlyMap<string, number>;
  /** Individuals' names hold the slots before this one, everyone else's the rest: a query walks only its half. */
  readonly firstOrganizationSlot: number;
  /** What the search bounds the features' adjustments with, per entity ordinal. */
  readonly traits: EntityTraits;
  /** Per name slot, 1 where a search may meet it; none: every name (delta runs narrow it). */
  readonly keep?: Uint8Array | undefined;
}

/** The slots a query of a subject searches. */
export function scopeOf(index: EntityIndex, subject: 'INDIVIDUAL' | 'ORGANIZATION'): CandidateScope {
  const split = index.firstOrganizationSlot;
  return subject === 'INDIVIDUAL'
    ? { from: 0, to: split, keep: index.keep }
    : { from: split, to: index.slots.length, keep: index.keep };
}

export function nameKindOf(type: EntityType): NameKind {
  return type === 'individual' ? 'individual' : type === 'wallet' ? 'any' : 'organization';
}

/** Upper-case letters and digits only: "A-123 456" and "a123456" are one document number. */
export function foldDocumentNumber(number: string): string {
  return number.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function parseBirthDate(date: string, circa: boolean, until: string | null): ListedBirthDate {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  const untilYear = until ? Number(until.slice(0, 4)) : year;
  return { year, month, day, circa, untilYear };
}

function countryOfPlace(place: string): string | null {
  // "Caracas, Venezuela" → the last comma part names the country when any part does.
  const parts = place.split(',');
  for (let i = parts.length - 1; i >= 0; i--) {
    const code = countryFromName(parts[i]!.trim());
    if (code) return code;
  }
  return null;
}

/** The entity's provider categories; lists that do not say are PEP lists (pep-*) or sanctions lists. */
export function categoriesOf(entity: Entity): readonly string[] {
  if (entity.categories.length > 0) return entity.categories;
  return [entity.list.startsWith('pep') ? 'PEP' : 'Sanctions'];
}

export function indexEntity(entity: Entity): IndexedEntity {
  const birthCountries = new Set<string>();
  for (const place of entity.birth_places) {
    const code = countryOfPlace(place);
    if (code) birthCountries.add(code);
  }
  return {
    entity,
    birthDates: entity.birth_dates.map((b) => parseBirthDate(b.date, b.circa, b.until)),
    nationalities: new Set([...entity.nationalities, ...entity.citizenships]),
    locations: new Set(entity.addresses.flatMap((a) => (a.country ? [a.country] : []))),
    birthCountries,
    documentNumbers: new Set(
      entity.documents.map((d) => foldDocumentNumber(d.number)).filter((n) => n.length >= 4),
    ),
    categories: categoriesOf(entity),
  };
}

/** Aliases worth indexing: every kind; weak ones are kept and reported as LOW_QUALITY_AKA. */
const INDEXED_ALIAS_KINDS: ReadonlySet<AliasKind> = new Set(['aka', 'fka', 'nka', 'weak', 'native']);

/**
 * The names an index holds for an entity, each once (case and outer spaces aside): its name, its
 * aliases, and for an organization the acronyms of them all, after every real name (an acronym the
 * list itself gives as a name stays that name's slot).
 */
export function indexedNamesOf(entity: Entity): { readonly name: string; readonly alias: number }[] {
  const seen = new Set<string>();
  const names: { name: string; alias: number }[] = [];
  const add = (name: string, alias: number) => {
    const key = name.trim().toLowerCase();
    if (key.length === 0 || seen.has(key)) return;
    seen.add(key);
    names.push({ name, alias });
  };
  add(entity.name, -1);
  entity.aliases.forEach((alias, i) => {
    if (INDEXED_ALIAS_KINDS.has(alias.kind)) add(alias.name, i);
  });
  if (nameKindOf(entity.type) !== 'organization') return names;
  for (const name of [entity.name, ...entity.aliases.map((a) => a.name)]) {
    for (const acronym of acronymsOf(name)) add(acronym, ACRONYM_SLOT);
  }
  return names;
}

/** The entities an index names, individuals first: each subject's names are then one range of slots. */
export function namedEntities(entities: readonly Entity[]): Entity[] {
  // concat, not push(...): spreading a list of hundreds of thousands of entities would overflow the stack.
  return entities
    .filter((e) => e.type === 'individual')
    .concat(entities.filter((e) => e.type !== 'individual' && e.type !== 'wallet'));
}

/**
 * Builds the index over entities of any lists.
 *
 * @example const index = buildEntityIndex(await store.lists.entities('ofac-sdn@1'))
 */
export function buildEntityIndex(entities: readonly Entity[]): EntityIndex {
  // IDF goes into the prepared weights once, so the scorer needs no per-token callback.
  const names = new NameIndex({ idfWeights: true });
  const slots: NameSlot[] = [];
  const named = namedEntities(entities);
  let firstOrganizationSlot = -1;
  named.forEach((entity, ordinal) => {
    if (firstOrganizationSlot < 0 && entity.type !== 'individual') firstOrganizationSlot = slots.length;
    const kind = nameKindOf(entity.type);
    for (const { name, alias } of indexedNamesOf(entity)) {
      names.add(name, kind, slots.length);
      slots.push({ entity: ordinal, alias });
    }
  });
  if (firstOrganizationSlot < 0) firstOrganizationSlot = slots.length;
  names.build(firstOrganizationSlot);
  return entityIndexOf(named, names, slots, firstOrganizationSlot);
}

/**
 * The EntityIndex of `named` (namedEntities' order) and their built NameIndex: the features' parsed
 * fields, references and traits, derived again whether the names were just built or restored
 * (index-snapshot.ts).
 */
export function entityIndexOf(
  named: readonly Entity[],
  names: NameIndex,
  slots: readonly NameSlot[],
  firstOrganizationSlot: number,
): EntityIndex {
  const byReference = ordinalsOf(named.map(referenceOf));
  return assembleIndex(named.map(indexEntity), byReference, names, slots, firstOrganizationSlot);
}

/** "<list>:<entity_id>": how an entity is told apart across lists. */
export const entityKey = (list: string, entityId: string): string => `${list}:${entityId}`;
export const referenceOf = (entity: Entity): string => entityKey(entity.list, entity.entity_id);

/** Entity ordinals by reference, from every ordinal's reference. */
export const ordinalsOf = (references: readonly string[]): Map<string, number> =>
  new Map(references.map((reference, ordinal) => [reference, ordinal]));

/** An EntityIndex from its parts: `entities` by ordinal (holes where a narrowed index does not hold one). */
export function assembleIndex(
  entities: readonly IndexedEntity[],
  byReference: ReadonlyMap<string, number>,
  names: NameIndex,
  slots: readonly NameSlot[],
  firstOrganizationSlot: number,
  keep?: Uint8Array,
): EntityIndex {
  const slotEntities = Int32Array.from(slots, (slot) => slot.entity);
  const traits = new EntityTraits(entities);
  return { entities, names, slots, slotEntities, byReference, firstOrganizationSlot, traits, keep };
}
