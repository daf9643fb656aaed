import { describe, expect, it } from 'vitest';
import { addCount, entryOf, ownValue } from '../../src/batch/counts-by-key.js';

describe('counts keyed by list data', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'SDGT'])(
    'counts under "%s" as an own key, leaving the prototype alone',
    (key) => {
      const counts: Record<string, number> = {};
      addCount(counts, key);
      addCount(counts, key, 2);
      expect(Object.hasOwn(counts, key)).toBe(true);
      expect(ownValue(counts, key)).toBe(3);
      expect(Object.getPrototypeOf(counts)).toBe(Object.prototype);
      expect(Object.keys(counts)).toEqual([key]);
    },
  );

  it('reads nothing from the prototype', () => {
    expect(ownValue({}, 'constructor')).toBeUndefined();
    const lists: Record<string, string[]> = {};
    entryOf(lists, 'constructor', (): string[] => []).push('a');
    entryOf(lists, 'constructor', (): string[] => []).push('b');
    expect(ownValue(lists, 'constructor')).toEqual(['a', 'b']);
  });
});
