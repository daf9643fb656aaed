/**
 * Content hashes for list versions: an entity's hash changes exactly when its content does, so
 * two versions of a list diff by comparing hashes per entity_id (lists/version.ts).
 * The hash is sha256 over a canonical JSON: object keys sorted, arrays kept in source order
 * (the order of aliases or addresses is the source's and a change of it is a change).
 */
import { createHash } from 'node:crypto';
import type { Entity } from '../model/entity.js';

/** JSON with object keys sorted at every depth; `undefined` members are left out as JSON does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The sha256 (hex) of an entity's canonical JSON.
 *
 * @example entityContentHash(entity) // '3f2a…' (64 hex characters)
 */
export function entityContentHash(entity: Entity): string {
  return createHash('sha256').update(canonicalJson(entity)).digest('hex');
}

/**
 * One hash for a whole list: over the sorted "list/entity_id hash" lines, so the order in which
 * a file happens to carry its entities does not matter.
 */
export function listContentHash(entities: readonly Entity[]): string {
  return listContentHashOf(
    entities.map((e) => ({ list: e.list, entity_id: e.entity_id, hash: entityContentHash(e) })),
  );
}

/** listContentHash from the entities' own hashes, when they are at hand (each is then hashed once). */
export function listContentHashOf(
  members: readonly { readonly list: string; readonly entity_id: string; readonly hash: string }[],
): string {
  const lines = members.map((m) => `${m.list}/${m.entity_id} ${m.hash}`).sort();
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest('hex');
}
