/** A few hundred real SDN entities (Maduro among them): enough for I/O suites, quick to index. */
import type { Entity } from '../../../src/model/entity.js';
import { ofacEntities } from './batch-fixtures.js';

export function sdnSubset(size = 600): Entity[] {
  const all = ofacEntities();
  const maduro = all.filter((e) => e.entity_id === '22790');
  return [...maduro, ...all.filter((e) => e.entity_id !== '22790').slice(0, size - 1)];
}
