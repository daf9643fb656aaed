/** Watchlist entity factories with overrides (STYLE.md §10). */
import { Entity, type EntityInput } from '../../src/model/entity.js';

export function anEntity(overrides: Partial<EntityInput> = {}): Entity {
  return Entity.parse({
    list: 'test-list',
    entity_id: '1',
    type: 'individual',
    name: 'KOVALENKO, Ivan Petrovych',
    aliases: [{ name: 'Ivan KOVALENKO', kind: 'aka' }],
    birth_dates: [{ date: '1970-03-14' }],
    nationalities: ['UKR'],
    programs: ['TEST'],
    ...overrides,
  });
}
