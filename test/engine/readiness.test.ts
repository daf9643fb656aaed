import { describe, expect, it } from 'vitest';
import { assessReadiness } from '../../src/engine/readiness.js';
import type { ListVersion } from '../../src/model/list-version.js';
import { buildEntityIndex } from '../../src/screening/index.js';
import { anEntity } from '../support/entities.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const HOUR = 3600 * 1000;
const loaded = buildEntityIndex([anEntity()]);
const version = (list: string, overrides: Partial<ListVersion> = {}): ListVersion => ({
  id: `${list}@1`,
  list,
  source: 'un',
  seq: 1,
  published_at: null,
  content_hash: 'h',
  imported_at: NOW - HOUR,
  entities: 1,
  added: 1,
  changed: 0,
  removed: 0,
  issues: 0,
  ...overrides,
});

describe('assessReadiness', () => {
  it.each<[string, ListVersion[], number | null, string[]]>([
    ['ready with a list and no maximum age', [version('un', { imported_at: 0 })], null, []],
    ['ready while every list is younger than the maximum', [version('un')], 2 * HOUR, []],
    [
      'not ready when a list is older',
      [version('un'), version('uk', { imported_at: NOW - 3 * HOUR })],
      2 * HOUR,
      ['LIST_TOO_OLD uk'],
    ],
    // Re-importing an old file today does not make its data new.
    [
      'not ready when a list was published long ago, imported or not',
      [version('un', { published_at: '2026-02-27' })],
      36 * HOUR,
      ['LIST_TOO_OLD un'],
    ],
  ])('%s', (_case, versions, maxAge, reasons) => {
    const readiness = assessReadiness({ index: loaded, versions }, NOW, maxAge);
    expect(readiness.reasons.map((r) => `${r.code} ${r.list}`)).toEqual(reasons);
    expect(readiness.status).toBe(reasons.length === 0 ? 'ready' : 'not_ready');
  });

  it('is not ready with no listed names, whatever the versions say', () => {
    const readiness = assessReadiness({ index: buildEntityIndex([]), versions: [] }, NOW, null);
    expect(readiness.reasons.map((r) => r.code)).toEqual(['NO_LIST_LOADED']);
  });
});
