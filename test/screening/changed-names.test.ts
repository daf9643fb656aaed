import { describe, expect, it } from 'vitest';
import { Entity, type EntityInput } from '../../src/model/entity.js';
import { derivedKeysOf } from '../../src/names/index.js';
import { ChangedNames } from '../../src/screening/changed-names.js';

const entity = (
  entity_id: string,
  type: EntityInput['type'],
  name: string,
  more: Partial<EntityInput> = {},
) => Entity.parse({ list: 'ofac-sdn', entity_id, type, name, ...more });

describe('ChangedNames', () => {
  const changed = new ChangedNames([
    entity('1', 'individual', 'KOVALENKO, Ivan', {
      aliases: [{ name: 'ABDULRAHMAN Abu Bakr', kind: 'aka' }],
    }),
    entity('2', 'individual', 'BAGHDADI, Samir'),
    entity('3', 'individual', 'ALQURASHI, Omar'),
    entity('4', 'organization', 'Zorbex Trading LLC'),
    entity('5', 'wallet', '0x9f2e1c0ffee'),
  ]);
  const meets = (token: string, scope: 'INDIVIDUAL' | 'ORGANIZATION' = 'INDIVIDUAL') =>
    changed.meets(token, scope);

  it('meets a token of a changed name, an alias included, in that name scope only', () => {
    expect(meets('ivan')).toBe(true);
    expect(meets('abdulrahman')).toBe(true);
    expect(meets('zorbex', 'ORGANIZATION')).toBe(true);
    expect(meets('ivan', 'ORGANIZATION')).toBe(false);
    expect(meets('zorbex')).toBe(false);
  });

  it('meets a spelling that shares a derived key: here the first three letters alone', () => {
    const [a, b] = [derivedKeysOf('kovalchuk'), derivedKeysOf('kovalenko')];
    expect([a.phonetic === b.phonetic, a.skeleton === b.skeleton, a.prefix === b.prefix]).toEqual([
      false,
      false,
      true,
    ]);
    expect(meets('kovalchuk')).toBe(true);
  });

  it('meets stems, merged spellings and a token that merges with the next into a name token', () => {
    expect(meets('albaghdadi')).toBe(true); // its stem is a name token
    expect(meets('qurashi')).toBe(true); // a name token's stem
    expect(meets('abubakr')).toBe(true); // two name tokens merged
    expect(meets('abdul')).toBe(true); // "abdul rahman" merges into a name token
  });

  it('does not meet tokens that share nothing with a changed name, nor anything for a wallet', () => {
    for (const token of ['quentin', 'blythe', 'xu', 'wen', '0x9f2e1c0ffee']) {
      expect(meets(token)).toBe(false);
      expect(meets(token, 'ORGANIZATION')).toBe(false);
    }
  });
});
