/**
 * Which lists a run screens against, and — for a delta run — only what changed since a baseline.
 *
 * Delta semantics: for every list, its latest version is compared with its baseline version; the
 * portfolio is screened against the entities added or changed in between (through the full index,
 * narrowed: narrowed-index.ts says why), and the entities removed (or changed) are reported so
 * earlier matches to them can be withdrawn. The
 * baseline of a list is either
 * - `since: { seq }` (`--delta-since VERSION`): its latest version with seq ≤ that version's seq, or
 * - `since: { versions }` (`--delta-since last`): the version a previous run recorded for it;
 * a list without a baseline (imported after it) counts as entirely added.
 */
import type { Entity } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import type { ListVersion } from '../model/list-version.js';
import type { ListStore } from '../store/index.js';
import type { ListVersionRef } from './checkpoint.js';
import { entityKey } from './narrowed-index.js';

/**
 * A list a run screened against, as its summary and report name it. Null where the run was given
 * entities rather than a store's versions (tests, benchmarks) and cannot know.
 */
export interface ScreenedList {
  readonly list: string;
  /** The version id (`un@3`). */
  readonly id: string | null;
  /** The format it was read from (ofac, un, uk, pep, csv, …). */
  readonly source: string | null;
  /** The list's own publication date when its file carries one (YYYY-MM-DD). */
  readonly published_at: string | null;
  /** When the version was imported, epoch milliseconds (as ListVersion has it). */
  readonly imported_at: number | null;
  readonly entities: number;
}

/**
 * The lists a run screens against: their latest versions; `key`, what names their index snapshot
 * (index-cache.ts); and every entity of them as one JSON array, read when asked (once): a delta run
 * whose workers restore the snapshot never needs it.
 */
export interface ListsInUse {
  readonly versions: readonly ListVersionRef[];
  readonly lists: readonly ScreenedList[];
  readonly key: string;
  readonly entitiesJson: () => Promise<string>;
}

const refOf = (v: ListVersion): ListVersionRef => ({ list: v.list, id: v.id, seq: v.seq });

const screenedListOf = (v: ListVersion): ScreenedList => ({
  list: v.list,
  id: v.id,
  source: v.source,
  published_at: v.published_at,
  imported_at: v.imported_at,
  entities: v.entities,
});

/** Lists given as entities: each list's entity count, and its version id when `listVersions` names it. */
export function screenedListsOf(
  entities: readonly Entity[],
  versions: readonly ListVersionRef[],
): ScreenedList[] {
  const counts = new Map<string, number>();
  for (const e of entities) counts.set(e.list, (counts.get(e.list) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([list, n]) => ({
      list,
      id: versions.find((v) => v.list === list)?.id ?? null,
      source: null,
      published_at: null,
      imported_at: null,
      entities: n,
    }));
}

/** The latest version of every list, ordered by list name. */
export async function latestVersions(lists: ListStore): Promise<ListVersion[]> {
  const latest = new Map<string, ListVersion>();
  for (const v of await lists.versions()) {
    const seen = latest.get(v.list);
    if (seen === undefined || v.seq > seen.seq) latest.set(v.list, v);
  }
  return [...latest.values()].sort((a, b) => (a.list < b.list ? -1 : a.list > b.list ? 1 : 0));
}

/**
 * The latest version of every list. Their key is the versions and their content hashes: the same
 * versions hold the same entities, so their snapshot is found without reading a single one. Their
 * entities come as one JSON array of the texts the store holds (measured on OFAC SDN: ~0.2 s, against
 * ~0.5 s to read and validate the entities and ~0.1 s more to write them out again).
 */
export async function loadCurrentLists(lists: ListStore): Promise<ListsInUse> {
  const versions = await latestVersions(lists);
  const read = async () => {
    const texts: string[] = [];
    // One push at a time: spreading a list of hundreds of thousands of entities would overflow the stack.
    for (const v of versions) for (const text of await lists.entityTexts(v.id)) texts.push(text);
    return `[${texts.join(',')}]`;
  };
  let json: Promise<string> | null = null;
  return {
    versions: versions.map(refOf),
    lists: versions.map(screenedListOf),
    key: `versions:${JSON.stringify(versions.map((v) => [v.list, v.id, v.content_hash]))}`,
    entitiesJson: () => (json ??= read()),
  };
}

export type DeltaBaseline = { readonly seq: number } | { readonly versions: readonly ListVersionRef[] };

export interface ListDelta {
  readonly list: string;
  /** The baseline version (null: the list did not exist then) and the latest one. */
  readonly from: string | null;
  readonly to: string;
  readonly added: number;
  readonly changed: number;
  readonly removed: number;
}

export interface DeltaPlan {
  /** The latest versions: what the run's output reflects. */
  readonly versions: readonly ListVersionRef[];
  readonly lists: readonly ListDelta[];
  /** Entities added or changed since the baseline, as they are now. */
  readonly entities: Entity[];
  /** "list:entity_id" of entities removed, and of entities changed, since the baseline. */
  readonly removed: ReadonlySet<string>;
  readonly changed: ReadonlySet<string>;
}

/** Resolves `--delta-since VERSION` to a baseline; an unknown version is a VALIDATION_ERROR. */
export async function baselineOfVersion(lists: ListStore, versionId: string): Promise<DeltaBaseline> {
  const version = await lists.version(versionId);
  if (version === null) {
    throw new WardenError('VALIDATION_ERROR', `There is no list version "${versionId}" in the database.`, {
      path: ['delta_since'],
    });
  }
  return { seq: version.seq };
}

function baselineFor(list: string, all: readonly ListVersion[], since: DeltaBaseline): string | null {
  if ('versions' in since) return since.versions.find((v) => v.list === list)?.id ?? null;
  let best: ListVersion | null = null;
  for (const v of all)
    if (v.list === list && v.seq <= since.seq && (best === null || v.seq > best.seq)) best = v;
  return best?.id ?? null;
}

/**
 * The entities to screen and the ones to withdraw since a baseline.
 *
 * @example const plan = await planDelta(store.lists, await baselineOfVersion(store.lists, 'ofac-sdn@1'))
 */
export async function planDelta(lists: ListStore, since: DeltaBaseline): Promise<DeltaPlan> {
  const all = await lists.versions();
  const latest = await latestVersions(lists);
  const entities: Entity[] = [];
  const removed = new Set<string>();
  const changed = new Set<string>();
  const deltas: ListDelta[] = [];
  for (const v of latest) {
    const from = baselineFor(v.list, all, since);
    if (from === v.id) {
      deltas.push({ list: v.list, from, to: v.id, added: 0, changed: 0, removed: 0 });
      continue;
    }
    if (from === null) {
      const added = await lists.entities(v.id);
      // One at a time: a whole new list can hold more entities than push(...) takes arguments.
      for (const entity of added) entities.push(entity);
      deltas.push({ list: v.list, from, to: v.id, added: added.length, changed: 0, removed: 0 });
      continue;
    }
    const counts = { added: 0, changed: 0, removed: 0 };
    for (const change of await lists.diff(from, v.id)) {
      counts[change.change]++;
      const key = entityKey(change.list, change.entity_id);
      if (change.change === 'removed') removed.add(key);
      else entities.push(change.entity);
      if (change.change === 'changed') changed.add(key);
    }
    deltas.push({ list: v.list, from, to: v.id, ...counts });
  }
  return { versions: latest.map(refOf), lists: deltas, entities, removed, changed };
}
