/**
 * Which directory entries a refresh re-screens after a list update (issue #33): the same test a
 * delta batch run gates its rows by. An entry is screened again when its names could meet a name
 * the update added or changed (ChangedNames: they share a retrieval key), when its last screening
 * matched an entity the update changed or removed (so the match is withdrawn or renewed), or when
 * it is a wallet (wallet findings follow the address lists). The others keep their stored result:
 * a full refresh could only find them what it found before.
 */
import type { Entity } from '../model/entity.js';
import type { ListVersion } from '../model/list-version.js';
import { prepareName, Vocabulary } from '../names/index.js';
import { ChangedNames } from '../screening/changed-names.js';
import type { ListStore } from '../store/store.js';
import type { StoredRegistration } from '../transactions/registrations.js';

/** Whether an entry's stored screening may differ against the new lists. */
export type AffectedEntry = (entry: StoredRegistration) => boolean;

/**
 * The entries to re-screen between the versions the directory was refreshed against and `to`, or
 * null when every entry is (a list new or dropped since: its entities are not worth diffing).
 *
 * @example const affected = await affectedEntries(store.lists, refreshedAgainst, lists.active.versions)
 */
export async function affectedEntries(
  lists: ListStore,
  from: readonly ListVersion[],
  to: readonly ListVersion[],
): Promise<AffectedEntry | null> {
  if (from.some((f) => !to.some((v) => v.list === f.list))) return null;
  const entities: Entity[] = [];
  const withdrawn = new Set<string>();
  for (const v of to) {
    const before = from.find((f) => f.list === v.list);
    if (before === undefined) return null;
    if (before.id === v.id) continue;
    for (const change of await lists.diff(before.id, v.id)) {
      if (change.change !== 'removed') entities.push(change.entity);
      if (change.change !== 'added') withdrawn.add(`${change.list}:${change.entity_id}`);
    }
  }
  const changed = new ChangedNames(entities);
  const vocabulary = new Vocabulary();
  const tokens = (name: string, kind: 'individual' | 'organization') =>
    prepareName(name, kind, vocabulary).tokens;
  return ({ entity, audit }) =>
    entity.entity_type === 'CRYPTO' ||
    audit.wallets.length > 0 ||
    audit.subjects.some(
      (subject) =>
        subject.matches.some((m) => withdrawn.has(`${m.list}:${m.entity_id}`)) ||
        (subject.relation === 'company'
          ? tokens(subject.name, 'organization').some((t) => changed.meets(t, 'ORGANIZATION'))
          : tokens(subject.name, 'individual').some((t) => changed.meets(t, 'INDIVIDUAL'))),
    );
}
