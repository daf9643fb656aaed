import { describe, expect, it } from 'vitest';
import type { RowResult } from '../../src/batch/batch-result.js';
import {
  addResults,
  emptyStats,
  mergeStats,
  NOTED_ROWS,
  type BatchStats,
} from '../../src/batch/batch-stats.js';
import { REVIEW_SAMPLE } from '../../src/batch/needs-review.js';
import { aBatchMatch, aScreenedRow } from '../support/factories.js';

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

describe('addResults and mergeStats: risk levels, lists, programmes and the review sample', () => {
  const rows: RowResult[] = [
    aScreenedRow({
      external_id: 'c-1',
      risk_level: 'HIGH',
      matches: [
        aBatchMatch({ strength: 'EXACT', score: 1, programs: ['SDGT', 'IRAN'] }),
        aBatchMatch({ list: 'un', entity_id: 'QDi.1', strength: 'WEAK', score: 0.7, programs: ['Al-Qaida'] }),
      ],
    }),
    aScreenedRow({
      external_id: 'c-2',
      risk_level: 'MEDIUM',
      matches: [aBatchMatch({ score: 0.8, programs: ['SDGT'] })],
    }),
    aScreenedRow({ external_id: 'c-3', risk_level: 'NONE' }),
    aScreenedRow({
      external_id: 'c-4',
      risk_level: 'MEDIUM',
      matches: [aBatchMatch({ list: 'us-pep', programs: [] })],
    }),
    failed('c-5', 'full_name must not be empty'),
  ];

  it('counts rows per risk level, matches per list and strength, and per list and programme', () => {
    const stats = addResults(emptyStats(), rows, ['A', 'B', 'C', 'D', null]);
    expect(stats.byRisk).toEqual({ HIGH: 1, MEDIUM: 2, NONE: 1 });
    expect(stats.byListStrength).toEqual({
      'ofac-sdn': { EXACT: 1, STRONG: 0, MEDIUM: 1, WEAK: 0 },
      un: { EXACT: 0, STRONG: 0, MEDIUM: 0, WEAK: 1 },
      'us-pep': { EXACT: 0, STRONG: 0, MEDIUM: 1, WEAK: 0 },
    });
    expect(stats.byProgram).toEqual({ 'ofac-sdn': { SDGT: 2, IRAN: 1 }, un: { 'Al-Qaida': 1 } });
  });

  it('keeps MEDIUM and WEAK matches for review with their row and screened name, not EXACT ones', () => {
    const stats = addResults(emptyStats(), rows, ['A', 'B', 'C', 'D', null], 100);
    expect(stats.needsReview.MEDIUM['ofac-sdn']!.map((m) => [m.row, m.query])).toEqual([[102, 'B']]);
    expect(stats.needsReview.MEDIUM['us-pep']!.map((m) => m.row)).toEqual([104]);
    expect(stats.needsReview.WEAK.un!.map((m) => [m.row, m.external_id])).toEqual([[101, 'c-1']]);
    expect(
      Object.values(stats.needsReview)
        .flatMap((lists) => Object.values(lists))
        .flat(),
    ).toHaveLength(3);
  });

  it('merges chunks into the same counts and a bounded sample', () => {
    const chunk = (first: number) =>
      addResults(
        emptyStats(),
        Array.from({ length: 150 }, (_, i) =>
          aScreenedRow({
            external_id: `c-${first + i}`,
            risk_level: 'MEDIUM',
            matches: [aBatchMatch({ score: 0.8 })],
          }),
        ),
        [],
        first,
      );
    const total = mergeStats(mergeStats(emptyStats(), chunk(0)), chunk(150));
    expect(total.byRisk).toEqual({ MEDIUM: 300 });
    expect(total.byListStrength['ofac-sdn']!.MEDIUM).toBe(300);
    expect(total.byProgram['ofac-sdn']).toEqual({ 'VENEZUELA-EO13692': 300 });
    const kept = total.needsReview.MEDIUM['ofac-sdn']!;
    expect(kept).toHaveLength(REVIEW_SAMPLE);
    // Equal scores: the first rows of the portfolio.
    expect(kept[0]!.row).toBe(1);
    expect(kept.at(-1)!.row).toBe(REVIEW_SAMPLE);
  });

  it('counts a programme or a list named like an Object.prototype property as any other', () => {
    const hostile = [
      aScreenedRow({
        risk_level: 'HIGH',
        matches: [
          aBatchMatch({ list: 'constructor', programs: ['__proto__', 'constructor', 'toString'] }),
          aBatchMatch({ list: '__proto__', programs: ['hasOwnProperty'] }),
        ],
      }),
    ];
    const stats = mergeStats(
      addResults(emptyStats(), hostile, ['A']),
      JSON.parse(JSON.stringify(addResults(emptyStats(), hostile, ['A']))) as BatchStats,
    );
    expect(Object.getPrototypeOf(stats.byProgram)).toBe(Object.prototype);
    // JSON text, as the summary prints it: an object literal's `__proto__:` would set a prototype.
    expect(JSON.stringify(stats.byProgram)).toBe(
      '{"constructor":{"__proto__":2,"constructor":2,"toString":2},"__proto__":{"hasOwnProperty":2}}',
    );
    expect(JSON.stringify(stats.byList)).toBe('{"constructor":2,"__proto__":2}');
    expect(({} as Record<string, unknown>).hasOwnProperty).toBe(Object.prototype.hasOwnProperty);
  });

  it('merges stats of a checkpoint written before these were counted', () => {
    const { byListStrength: _l, byProgram: _p, needsReview: _n, ...old } = addResults(emptyStats(), rows, []);
    const merged = mergeStats(emptyStats(), old as BatchStats);
    expect(merged).toMatchObject({ matches: 4, byListStrength: {}, byProgram: {} });
    expect(merged.needsReview).toEqual({ MEDIUM: {}, WEAK: {} });
  });
});
