/**
 * The active watchlists of an engine: the latest version of every list, indexed. Importing a
 * new version swaps the index without a restart and tells subscribers ("a new version is active"),
 * so a host or a server picks up list updates while it runs.
 */
import type { Entity } from '../model/entity.js';
import type { ListVersion } from '../model/list-version.js';
import { buildEntityIndex, type EntityIndex } from '../screening/index.js';
import { setImmediate } from 'node:timers/promises';
import { runStepsPausing } from '../names/index.js';
import { restoringEntityIndex } from '../screening/index-snapshot.js';
import type { Store } from '../store/store.js';
import { snapshotOffThread } from './list-thread.js';

export interface ActiveLists {
  readonly index: EntityIndex;
  /** The versions the index was built from, one per list. */
  readonly versions: readonly ListVersion[];
  readonly entities: readonly Entity[];
  /** The index as a snapshot when it was built on the list thread (kept for the batch runs' cache), else null. */
  readonly snapshot: Uint8Array | null;
}

export type ListVersionListener = (active: ActiveLists) => void;

export class Watchlists {
  #active: ActiveLists = { index: buildEntityIndex([]), versions: [], entities: [], snapshot: null };
  readonly #listeners = new Set<ListVersionListener>();
  /** The active versions' entities: a reload reads only the versions that are new to it. */
  #entitiesByVersion = new Map<string, readonly Entity[]>();

  constructor(private readonly store: Store) {}

  get active(): ActiveLists {
    return this.#active;
  }

  /** True when the index holds at least one listed name: screening can look. */
  get loaded(): boolean {
    return this.#active.index.entities.length > 0;
  }

  /** The latest version id of every loaded list, for audit trails. */
  versionIds(): string[] {
    return this.#active.versions.map((v) => v.id);
  }

  /**
   * Rebuilds the index from the latest version of every list in the store, then notifies. With
   * `offThread`, many entities are indexed on the list thread (list-thread.ts) and their index
   * restored here from its snapshot: ~0.5 s of this thread for OFAC SDN instead of ~1.4 s, for a
   * host that is answering requests meanwhile.
   */
  async reload(options: { readonly offThread?: boolean } = {}): Promise<ActiveLists> {
    const latest = new Map<string, ListVersion>();
    for (const v of await this.store.lists.versions()) latest.set(v.list, v);
    // By list name, as batch runs order them (batch/delta.ts), so their index snapshot can be
    // written from this index instead of building another (batch/index-cache.ts).
    const versions = [...latest.values()].sort((a, b) => (a.list < b.list ? -1 : a.list > b.list ? 1 : 0));
    // One list after another with concat: spreading a list of hundreds of thousands of entities into
    // push() would overflow the stack.
    const byVersion = new Map<string, readonly Entity[]>();
    let entities: Entity[] = [];
    for (const v of versions) {
      const listed = this.#entitiesByVersion.get(v.id) ?? (await this.store.lists.entities(v.id));
      byVersion.set(v.id, listed);
      entities = entities.concat(listed);
    }
    const snapshot = options.offThread ? await snapshotOffThread(entities) : null;
    // Restored in steps with a turn of the event loop between them: requests meanwhile are answered
    // from the previous index.
    const index =
      snapshot === null
        ? buildEntityIndex(entities)
        : await runStepsPausing(restoringEntityIndex(snapshot, entities), () => setImmediate());
    this.#active = { index, versions, entities, snapshot };
    this.#entitiesByVersion = byVersion;
    for (const listener of this.#listeners) listener(this.#active);
    return this.#active;
  }

  /** Calls `listener` whenever a new set of list versions becomes active; returns an unsubscribe. */
  subscribe(listener: ListVersionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
