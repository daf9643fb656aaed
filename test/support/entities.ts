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

/** Listed entities shaped like the real ones (OFAC 22790, UN QDi.299…), for suites that need a small index. */
export const LISTED: readonly Partial<EntityInput>[] = [
  {
    entity_id: '22790',
    list: 'ofac-sdn',
    name: 'MADURO MOROS, Nicolas',
    aliases: [],
    birth_dates: [{ date: '1962-11-23' }],
    nationalities: ['VEN'],
    gender: 'male',
    documents: [{ type: 'Cedula No.', number: '5892464', country: 'VEN' }],
    programs: ['VENEZUELA-EO13692'],
  },
  {
    entity_id: 'QDi.299',
    list: 'un',
    name: 'IBRAHIM AWWAD IBRAHIM ALI AL-BADRI AL-SAMARRAI',
    aliases: [{ name: 'Abu Bakr al-Baghdadi', kind: 'aka' }],
    birth_dates: [{ date: '1971' }],
    nationalities: ['IRQ'],
  },
  {
    entity_id: '100',
    list: 'pep-us',
    name: 'Jane Q. Senator',
    aliases: [],
    categories: ['PEP'],
    nationalities: ['USA'],
  },
  {
    entity_id: '200',
    list: 'ofac-sdn',
    type: 'organization',
    name: 'BANK MELLI IRAN',
    aliases: [],
    nationalities: [],
  },
];
