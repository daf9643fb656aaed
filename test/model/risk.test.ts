import { describe, expect, it } from 'vitest';
import { RiskLevel, compareRiskLevels, highestRiskLevel } from '../../src/model/risk.js';

describe('risk levels', () => {
  it.each([
    ['NONE', 'LOW', -1],
    ['SEVERE', 'HIGH', 1],
    ['MEDIUM', 'MEDIUM', 0],
  ] as const)('compare %s with %s → sign %i', (a, b, sign) => {
    expect(Math.sign(compareRiskLevels(a, b))).toBe(sign);
  });

  it.each([
    [['LOW', 'HIGH', 'MEDIUM'], 'HIGH'],
    [['SEVERE', 'NONE'], 'SEVERE'],
    [[], 'NONE'],
  ] as const)('highest of %j is %s', (levels, highest) => {
    expect(highestRiskLevel(levels)).toBe(highest);
  });

  it('sorts ascending by comparison', () => {
    const sorted = [...RiskLevel.options].reverse().sort(compareRiskLevels);
    expect(sorted).toEqual(['NONE', 'LOW', 'MEDIUM', 'HIGH', 'SEVERE']);
  });
});
