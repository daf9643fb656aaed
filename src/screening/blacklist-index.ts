/**
 * The client's name blacklist as a small EntityIndex, so blacklisted names are matched by the same
 * engine as the public lists (transposition, transliteration, fuzziness) and surface in blacklistMatches.
 */
import type { BlacklistNameMatch, BlacklistRecord } from '../model/blacklist.js';
import { Entity } from '../model/entity.js';
import { buildEntityIndex, type EntityIndex } from './entity-index.js';
import type { EntityHit } from './search.js';

export const BLACKLIST_LIST = 'blacklist';

export interface BlacklistIndex {
  readonly index: EntityIndex;
  readonly records: ReadonlyMap<string, BlacklistRecord>;
}

export function buildBlacklistIndex(records: readonly BlacklistRecord[]): BlacklistIndex {
  const names = records.filter((r) => r.type !== 'WALLET');
  const entities = names.map((r) =>
    Entity.parse({
      list: BLACKLIST_LIST,
      entity_id: r.id,
      type: r.type === 'INDIVIDUAL' ? 'individual' : 'organization',
      name: r.value,
      categories: ['Blacklist'],
    }),
  );
  return { index: buildEntityIndex(entities), records: new Map(names.map((r) => [r.id, r])) };
}

export function toBlacklistMatch(blacklist: BlacklistIndex, hit: EntityHit): BlacklistNameMatch {
  const record = blacklist.records.get(blacklist.index.entities[hit.entity]!.entity.entity_id)!;
  return {
    id: record.id,
    type: record.type,
    value: record.value,
    reason: record.reason,
    score: Math.round(hit.score * 1000) / 1000,
    strength: hit.strength,
  };
}
