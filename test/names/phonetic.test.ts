import { describe, expect, it } from 'vitest';
import { phoneticKey } from '../../src/names/phonetic.js';

describe('phoneticKey', () => {
  it.each([
    ['muhammad', 'mohammed'],
    ['smith', 'smyth'],
    ['josef', 'joseph'],
    ['hussein', 'husein'],
  ])('%s sounds like %s', (a, b) => {
    expect(phoneticKey(a)).not.toBe('');
    expect(phoneticKey(a)).toBe(phoneticKey(b));
  });

  it.each([
    ['kovalenko', 'kovalchuk'],
    ['melli', 'mellat'],
    ['smith', 'jones'],
  ])('%s does not sound like %s', (a, b) => {
    expect(phoneticKey(a)).not.toBe(phoneticKey(b));
  });

  it.each([['li'], ['al'], ['x'], [''], ['1234']])('gives no key to short or numeric tokens: %j', (token) => {
    expect(phoneticKey(token)).toBe('');
  });
});
