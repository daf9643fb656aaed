/**
 * A parsed list becomes a stored version: every entity hashed, duplicates of an entity_id
 * reported, the version saved in one transaction with its counts against the previous one.
 */
import { WardenError } from '../model/errors.js';
import type { Entity, ParseIssue } from '../model/entity.js';
import type { ImportSummary, ListVersion } from '../model/list-version.js';
import type { Store } from '../store/store.js';
import { entityContentHash, listContentHash } from './content-hash.js';
import type { ListParseResult } from './list-parse-result.js';

export interface SaveListOptions {
  /** The source format the list was read from (ofac, un, uk…). */
  readonly source: string;
  /** Epoch ms of the import. */
  readonly now: number;
  /** Overrides the list name the parser gave. */
  readonly listName?: string;
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
  const saved = await store.lists.saveVersion({
    list,
    source: options.source,
    publishedAt: parsed.publishedAt,
    importedAt: options.now,
    issues: issues.length,
    contentHash: listContentHash(entities),
    entities: entities.map((entity) => ({ entity, hash: entityContentHash(entity) })),
  });
  return { summary: importSummary(saved.version, saved.created, issues.length), issues };
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
