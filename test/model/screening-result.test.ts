import { describe, expect, it } from 'vitest';
import { toDateObject } from '../../src/model/dates.js';
import { AliasKind, EntityType } from '../../src/model/entity.js';
import {
  NAME_TYPE_BY_ALIAS_KIND,
  ScreeningCategory,
  ScreeningMatch,
  ScreeningResult,
} from '../../src/model/screening-result.js';
import { aScreeningMatch, aScreeningResult } from '../support/factories.js';
import { withValueAt } from '../support/mutate.js';
import { validationErrorOf } from '../support/validation.js';

describe('ScreeningResult', () => {
  it('parses a result with a sanctions match', () => {
    expect(ScreeningResult.parse(aScreeningResult())).toEqual(aScreeningResult());
  });

  it('parses a clean result', () => {
    const clean = aScreeningResult({
      coincidences: false,
      risk_level: 'NONE',
      rejection_reasons: '',
      rejected_at: null,
      response: [],
    });
    expect(ScreeningResult.parse(clean)).toEqual(clean);
  });

  it('parses a blacklist hit', () => {
    const hit = {
      id: 'bl_01',
      type: 'INDIVIDUAL',
      value: 'Nicolas Maduro',
      reason: null,
      score: 0.93,
      strength: 'STRONG',
    } as const;
    expect(ScreeningResult.parse(aScreeningResult({ blacklistMatches: [hit] })).blacklistMatches).toEqual([
      hit,
    ]);
  });

  it.each([
    [['risk_level'], 'CRITICAL'],
    [['coincidences'], 'true'],
    [['transaction'], null],
    [['request', 'caseScreeningState'], 'FINAL'],
    [['request', 'secondaryFields', 0, 'typeId'], 'SFCT_1'],
    [['response', 0, 'strength'], 'VERY_STRONG'],
    [['response', 0, 'score'], 1.2],
    [['response', 0, 'nationality', 0], 'Venezuelan'],
    [['response', 0, 'dateOfBirth', 0, 'pointInTimePrecision'], 'DECADE'],
    [['response', 0, 'dateOfBirth', 0, 'utcDateTime'], -1.5],
    [['response', 0, 'secondaryFieldResults', 0, 'result'], 'PARTIAL'],
  ])('rejects %j = %j', (path, value) => {
    const error = validationErrorOf(ScreeningResult, withValueAt(aScreeningResult(), path, value));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
  });
});

describe('ScreeningMatch', () => {
  it('takes DateObjects from toDateObject, negative times included', () => {
    const match = aScreeningMatch({
      dateOfBirth: [toDateObject('1962-11-23'), toDateObject('1962', { circa: true })],
    });
    const parsed = ScreeningMatch.parse(match);
    expect(parsed.dateOfBirth[0]!.utcDateTime).toBeLessThan(0);
    expect(parsed.dateOfBirth[1]!.pointInTimePrecision).toBe('YEAR');
  });

  it('allows a match without an explanation (WEAK matches carry none)', () => {
    const { explanation: _explanation, ...weak } = aScreeningMatch({ strength: 'WEAK', score: 0.71 });
    expect(ScreeningMatch.parse(weak).explanation).toBeUndefined();
  });
});

describe('vocabulary shared with the watchlist model', () => {
  it('maps every alias kind to a name type', () => {
    expect(Object.keys(NAME_TYPE_BY_ALIAS_KIND).sort()).toEqual([...AliasKind.options].sort());
  });

  it('has a category for every entity type', () => {
    expect(ScreeningCategory.options).toEqual(EntityType.options.map((t) => t.toUpperCase()));
  });
});
