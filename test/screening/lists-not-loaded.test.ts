import { describe, expect, it } from 'vitest';
import { WardenError } from '../../src/model/errors.js';
import { buildEntityIndex } from '../../src/screening/index.js';
import { requireListedNames } from '../../src/screening/lists-not-loaded.js';
import { anEntity } from '../support/entities.js';

describe('requireListedNames', () => {
  it('refuses an index with no listed name: LISTS_NOT_LOADED, 503, a sentence to act on', () => {
    const call = () => requireListedNames(buildEntityIndex([]));
    expect(call).toThrow(WardenError);
    expect(call).toThrow(/import a list/);
    try {
      call();
    } catch (e) {
      expect(e).toMatchObject({ code: 'LISTS_NOT_LOADED', status: 503, isInputError: false });
    }
  });

  it('refuses an index of wallet addresses only: there is no name to meet', () => {
    const wallet = anEntity({ type: 'wallet', name: 'TRON TXyz', aliases: [], birth_dates: [] });
    expect(() => requireListedNames(buildEntityIndex([wallet]))).toThrow(/No watchlist/);
  });

  it('passes an index with a listed name through', () => {
    const index = buildEntityIndex([anEntity()]);
    expect(requireListedNames(index)).toBe(index);
  });
});
