import { describe, expect, it } from 'vitest';
import { listAgeSeconds, listUpdatedAt } from '../../src/lists/list-age.js';

const IMPORTED = Date.parse('2026-05-01T10:00:00Z');

describe('listUpdatedAt', () => {
  it.each([
    ['the publication date, when the file has one', '2026-02-27', Date.parse('2026-02-27T00:00:00Z')],
    ['the import time, when it has none', null, IMPORTED],
    ['the import time, when the date cannot be read', '2026-13-45', IMPORTED],
  ])('is %s', (_case, published_at, expected) => {
    expect(listUpdatedAt({ published_at, imported_at: IMPORTED })).toBe(expected);
  });
});

describe('listAgeSeconds', () => {
  it('counts whole seconds since the update, never below zero', () => {
    const version = { published_at: null, imported_at: IMPORTED };
    expect(listAgeSeconds(version, IMPORTED + 90_500)).toBe(90);
    expect(listAgeSeconds(version, IMPORTED - 5000)).toBe(0);
  });
});
