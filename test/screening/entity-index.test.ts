import { describe, expect, it } from 'vitest';
import { namedEntities } from '../../src/screening/entity-index.js';
import { anEntity } from '../support/entities.js';

describe('namedEntities', () => {
  it('puts individuals first, leaves wallets out, and keeps each group in list order', () => {
    const org = anEntity({ entity_id: 'o1', type: 'organization', name: 'ACME LLC' });
    const person = anEntity({ entity_id: 'p1' });
    const wallet = anEntity({ entity_id: 'w1', type: 'wallet', name: 'bc1qwallet' });
    const vessel = anEntity({ entity_id: 'v1', type: 'vessel', name: 'SEA STAR' });
    const later = anEntity({ entity_id: 'p2', name: 'PETRENKO, Olena' });
    expect(namedEntities([org, person, wallet, vessel, later]).map((e) => e.entity_id)).toEqual([
      'p1',
      'p2',
      'o1',
      'v1',
    ]);
  });

  it('takes lists of hundreds of thousands of organizations (no spread into a call)', () => {
    const org = anEntity({ type: 'organization', name: 'ACME LLC' });
    const many = Array.from({ length: 300_000 }, () => org);
    expect(namedEntities(many)).toHaveLength(300_000);
  });
});
