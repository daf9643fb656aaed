import { describe, expect, it } from 'vitest';
import { Entity } from '../../src/model/entity.js';
import { canonicalJson, entityContentHash, listContentHash } from '../../src/lists/content-hash.js';

function anEntity(overrides: Partial<Entity> = {}): Entity {
  return Entity.parse({
    list: 'ofac-sdn',
    entity_id: '306',
    type: 'organization',
    name: 'BANCO NACIONAL DE CUBA',
    ...overrides,
  });
}

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: [3, 1, { d: null, c: 'x' }] }, '{"a":[3,1,{"c":"x","d":null}],"b":1}'],
    [{ a: undefined, b: 'é' }, '{"b":"é"}'],
    [[], '[]'],
  ])('%j', (value, json) => {
    expect(canonicalJson(value)).toBe(json);
  });
});

describe('entityContentHash', () => {
  it('is a sha256 that ignores key order', () => {
    const entity = anEntity();
    const reordered = Object.fromEntries(Object.entries(entity).reverse()) as Entity;
    expect(entityContentHash(entity)).toMatch(/^[0-9a-f]{64}$/);
    expect(entityContentHash(reordered)).toBe(entityContentHash(entity));
  });

  it.each([
    ['a new alias', { aliases: [{ name: 'BNC', kind: 'weak', script: null }] }],
    ['a changed name', { name: 'BANCO NACIONAL DE CUBA S.A.' }],
    ['a program', { programs: ['CUBA'] }],
  ] as const)('changes with %s', (_what, change) => {
    expect(entityContentHash(anEntity(change as Partial<Entity>))).not.toBe(entityContentHash(anEntity()));
  });

  it('keeps the order of arrays: swapped aliases are a change', () => {
    const a = { name: 'A', kind: 'aka', script: null } as const;
    const b = { name: 'B', kind: 'aka', script: null } as const;
    expect(entityContentHash(anEntity({ aliases: [a, b] }))).not.toBe(
      entityContentHash(anEntity({ aliases: [b, a] })),
    );
  });
});

describe('listContentHash', () => {
  it('does not depend on the order of entities, but on each of them', () => {
    const one = anEntity();
    const two = anEntity({ entity_id: '36', name: 'AEROCARIBBEAN AIRLINES' });
    expect(listContentHash([one, two])).toBe(listContentHash([two, one]));
    expect(listContentHash([one, two])).not.toBe(listContentHash([one]));
    expect(listContentHash([one, two])).not.toBe(listContentHash([one, { ...two, name: 'AERO' }]));
  });
});
