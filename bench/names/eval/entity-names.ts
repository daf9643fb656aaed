/**
 * Which names of a listed record the evaluation queries with, and when two names are the same name.
 * Queries are the Latin-script names a record is known by: its primary name and its a.k.a., f.k.a.
 * and n.k.a. Low-quality aliases (a kunya, a first name alone) are left out: lists flag them as too
 * weak to screen on. Native-script spellings are queried apart (native-scripts.ts).
 */
import type { Entity } from '../../../src/model/entity.js';
import { normalizeName } from '../../../src/names/normalize.js';

/**
 * The record's Latin-script names worth a query, primary first.
 *
 * @example latinNames(maduro) // ['MADURO MOROS, Nicolas', …]
 */
export function latinNames(entity: Entity): string[] {
  const names = [entity.name];
  for (const alias of entity.aliases) {
    if (alias.script === null && (alias.kind === 'aka' || alias.kind === 'fka' || alias.kind === 'nka'))
      names.push(alias.name);
  }
  return names;
}

/** Normalized words, sorted: two names with one key are one name up to case, punctuation and order. */
export function nameKey(name: string): string {
  return normalizeName(name).split(' ').filter(Boolean).sort().join(' ');
}
