/** Version arithmetic shared by both list stores: ids, counts of a new version against the latest. */
export const versionId = (list: string, seq: number) => `${list}@${seq}`;

/** entity_id → content hash of one version. */
export type Membership = ReadonlyMap<string, string>;

export interface MembershipDelta {
  readonly added: string[];
  readonly changed: string[];
  readonly removed: string[];
}

/** What changed from `before` to `after`, by entity_id, in a stable (sorted) order. */
export function diffMemberships(before: Membership, after: Membership): MembershipDelta {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const [id, hash] of after) {
    const old = before.get(id);
    if (old === undefined) added.push(id);
    else if (old !== hash) changed.push(id);
  }
  for (const id of before.keys()) if (!after.has(id)) removed.push(id);
  return { added: added.sort(), changed: changed.sort(), removed: removed.sort() };
}
