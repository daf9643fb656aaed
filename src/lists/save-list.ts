/**
 * A parsed list becomes a stored version: every entity hashed, duplicates of an entity_id
 * reported, the version saved in one transaction with its counts against the previous one.
 */
import { WardenError } from '../model/errors.js';
import type { Entity, ParseIssue } from '../model/entity.js';
import type { ImportSummary, ListVersion } from '../model/list-version.js';
import type { NewListMember, Store } from '../store/store.js';
import { entityContentHash, listContentHashOf } from './content-hash.js';
import type { ListParseResult } from './list-parse-result.js';

export interface SaveListOptions {
  /** The source format the list was read from (ofac, un, uk…). */
  readonly source: string;
  /** Epoch ms of the import. */
  readonly now: number;
  /** Overrides the list name the parser gave. */
  readonly listName?: string;
}

/** A parsed list ready to be stored (prepareListVersion). */
export interface PreparedListVersion {
  readonly list: string;
  readonly publishedAt: string | null;
  /** Records the parser could not read, and duplicate entity ids. */
  readonly issues: readonly ParseIssue[];
  readonly contentHash: string;
  readonly entities: readonly NewListMember[];
}

export interface SavedList {
  readonly summary: ImportSummary;
  /** Records the parser could not read, and duplicate entity ids, each with where and why. */
  readonly issues: readonly ParseIssue[];
}

function uniqueEntities(entities: readonly Entity[], issues: ParseIssue[]): Entity[] {
  const byId = new Map<string, Entity>();
  for (const e of entities) {
    if (byId.has(e.entity_id)) {
      issues.push({
        location: `entity ${e.entity_id}`,
        reason: 'appears more than once; the last record is kept',
      });
    }
    byId.set(e.entity_id, e);
  }
  return [...byId.values()];
}

/** An entity as a version's member is stored: its id, its content hash, its JSON. */
export const listMemberOf = (entity: Entity, hash = entityContentHash(entity)): NewListMember => ({
  entity_id: entity.entity_id,
  hash,
  text: JSON.stringify(entity),
});

/**
 * A parsed list as a version is stored: every entity once by id (the last record of an id kept),
 * hashed, and as the JSON the store keeps. Pure work on the parse, so it can run where the parse ran
 * (engine/list-thread.ts) and only strings come back. Throws when no entity could be read.
 */
export function prepareListVersion(
  parsed: ListParseResult,
  options: Pick<SaveListOptions, 'source' | 'listName'>,
): PreparedListVersion {
  const issues = [...parsed.issues];
  const renamed = options.listName
    ? parsed.entities.map((e) => (e.list === options.listName ? e : { ...e, list: options.listName! }))
    : parsed.entities;
  const entities = uniqueEntities(renamed, issues);
  if (entities.length === 0) {
    throw new WardenError(
      'INVALID_LIST_FILE',
      `The ${options.source} file holds no entity that could be read (${issues.length} records refused).`,
    );
  }
  const list = entities[0]!.list;
  const members = entities.map((e) => listMemberOf(e));
  return {
    list,
    publishedAt: parsed.publishedAt,
    issues,
    contentHash: listContentHashOf(
      entities.map((e, i) => ({ list, entity_id: e.entity_id, hash: members[i]!.hash })),
    ),
    entities: members,
  };
}

/** Stores a prepared version (or recognises it as the latest one). */
export async function saveListVersion(
  store: Store,
  prepared: PreparedListVersion,
  options: Pick<SaveListOptions, 'source' | 'now'>,
): Promise<SavedList> {
  const saved = await store.lists.saveVersion({
    list: prepared.list,
    source: options.source,
    publishedAt: prepared.publishedAt,
    importedAt: options.now,
    issues: prepared.issues.length,
    contentHash: prepared.contentHash,
    entities: prepared.entities,
  });
  return {
    summary: importSummary(saved.version, saved.created, prepared.issues.length),
    issues: prepared.issues,
  };
}

/**
 * Stores a parsed list as a new version (or recognises it as the latest one).
 *
 * @example await saveParsedList(store, await readListSource('un', path), { source: 'un', now: Date.now() })
 */
export async function saveParsedList(
  store: Store,
  parsed: ListParseResult,
  options: SaveListOptions,
): Promise<SavedList> {
  return saveListVersion(store, prepareListVersion(parsed, options), options);
}

/**
 * What an import of `version` reports: its counts against the version before it when the import
 * created it, none when the list was already that version.
 */
export const importSummary = (version: ListVersion, created: boolean, issues: number): ImportSummary => ({
  list: version.list,
  version: version.id,
  entities: version.entities,
  added: created ? version.added : 0,
  changed: created ? version.changed : 0,
  removed: created ? version.removed : 0,
  issues,
  new_version: created,
});
