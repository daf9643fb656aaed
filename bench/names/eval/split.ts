/**
 * The dev/test split: by party, never by query, so that no person or organization has names on
 * both sides (tuning on one spelling of a person and testing on another would leak). A party is
 * the cluster of records linked across lists (clusterKeys); it falls on a side by a hash of its key,
 * stable across runs, machines and list updates that leave the party in place.
 */
import type { EntityLink } from './links.js';
import { referenceOf } from './links.js';

export type Split = 'dev' | 'test';

/**
 * FNV-1a, 32 bits, then MurmurHash3's finalizer: FNV-1a's low bit alone is the parity of the key's
 * characters, which would put "…:0", "…:2", "…:4" all on one side.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * The side of a party (or of a negative) by its key.
 *
 * @example splitOf('un:QDi.012') // 'dev' or 'test', the same on every run
 */
export function splitOf(key: string): Split {
  return fnv1a(key) % 2 === 0 ? 'dev' : 'test';
}

/**
 * Each linked record's party key: the smallest reference of its cluster (links are transitive:
 * OFAC↔UN by birth date and UN↔UK by reference make one party of three records). A record in no
 * link is its own party, keyed by its reference.
 */
export function clusterKeys(links: readonly EntityLink[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const { a, b } of links) {
    const ra = find(referenceOf(a.entity));
    const rb = find(referenceOf(b.entity));
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
  const keys = new Map<string, string>();
  for (const x of parent.keys()) keys.set(x, find(x));
  return keys;
}
