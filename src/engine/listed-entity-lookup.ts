/**
 * The suppressions' view of the active lists (review/suppressions.ts): a listed entity's content
 * hash and version now. The map is built once per set of active lists, on the first lookup after a
 * reload, and a hash once per entity met: suppressions are checked only for matches.
 */
import { entityContentHash } from '../lists/content-hash.js';
import type { Entity } from '../model/entity.js';
import type { ListedEntityLookup } from '../review/index.js';
import type { ActiveLists, Watchlists } from './watchlists.js';

export function listedEntityLookup(lists: Watchlists): ListedEntityLookup {
  let built: { active: ActiveLists; byKey: Map<string, Entity> } | null = null;
  const hashes = new WeakMap<Entity, string>();
  return (list, entityId) => {
    const { active } = lists;
    if (built?.active !== active) {
      const byKey = new Map<string, Entity>();
      for (const e of active.entities) byKey.set(`${e.list}\u0000${e.entity_id}`, e);
      built = { active, byKey };
    }
    const entity = built.byKey.get(`${list}\u0000${entityId}`);
    if (entity === undefined) return undefined;
    let contentHash = hashes.get(entity);
    if (contentHash === undefined) hashes.set(entity, (contentHash = entityContentHash(entity)));
    const version = active.versions.find((v) => v.list === list);
    return { name: entity.name, contentHash, listVersion: version?.id ?? null };
  };
}
