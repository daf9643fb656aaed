import { describe, expect, it } from 'vitest';
import type { RowResult } from '../../src/batch/batch-result.js';
import {
  addResults,
  emptyStats,
  mergeStats,
  NOTED_ROWS,
  type BatchStats,
} from '../../src/batch/batch-stats.js';

const screened = (id: string, warnings?: string[]): RowResult => ({
  external_id: id,
  risk_level: 'NONE',
  matches: [],
  ...(warnings ? { warnings } : {}),
});
const failed = (id: string | null, error: string): RowResult => ({ external_id: id, error });

describe('addResults and mergeStats: unscreened and warning rows', () => {
  it('counts warning rows and notes each noted row with its 1-based row and reason', () => {
    const stats = addResults(
      emptyStats(),
      [
        screened('c-1'),
        screened('c-2', ['nationality …; ignored', 'gender …; ignored']),
        failed(null, 'broken'),
      ],
      ['A', 'B', null],
      10,
    );
    expect(stats).toMatchObject({ rows: 3, errors: 1, warningRows: 1 });
    expect(stats.warned).toEqual([
      { row: 12, external_id: 'c-2', reason: 'nationality …; ignored; gender …; ignored' },
    ]);
    expect(stats.unscreened).toEqual([{ row: 13, external_id: null, reason: 'broken' }]);
  });

  it('takes each row ordinal from a delta chunk that skipped rows', () => {
    const stats = addResults(emptyStats(), [failed('a', 'x'), failed('b', 'y')], ['A', 'B'], [4, 9]);
    expect(stats.unscreened.map((r) => r.row)).toEqual([5, 10]);
  });

  it(`keeps the first ${NOTED_ROWS} of each, in row order, across chunks merged in order`, () => {
    const chunk = (first: number) =>
      addResults(
        emptyStats(),
        Array.from({ length: 15 }, (_, i) =>
          i % 2 ? failed(`e-${first + i}`, 'bad') : screened(`w-${first + i}`, ['w']),
        ),
        [],
        first,
      );
    const total = mergeStats(mergeStats(mergeStats(emptyStats(), chunk(0)), chunk(15)), chunk(30));
    expect(total.errors).toBe(21);
    expect(total.warningRows).toBe(24);
    expect(total.unscreened).toHaveLength(NOTED_ROWS);
    expect(total.warned).toHaveLength(NOTED_ROWS);
    expect(total.unscreened[0]!.row).toBe(2);
    expect(total.unscreened.map((r) => r.row)).toEqual(
      [...total.unscreened.map((r) => r.row)].sort((a, b) => a - b),
    );
  });

  it('merges stats from a checkpoint written before warnings were counted', () => {
    const { warningRows: _w, unscreened: _u, warned: _v, ...old } = emptyStats();
    const merged = mergeStats(emptyStats(), { ...old, rows: 5 } as BatchStats);
    expect(merged).toMatchObject({ rows: 5, warningRows: 0, unscreened: [], warned: [] });
  });
});
