import { describe, expect, it } from 'vitest';
import {
  ALERT_LEVELS,
  type AlertLevel,
  compareAlertLevels,
  worstAlertLevel,
} from '../../../src/wallet/tables/alert-levels.js';

describe('alert levels', () => {
  it.each<[AlertLevel[], AlertLevel | null]>([
    [['LOW', 'SEVERE', 'MEDIUM'], 'SEVERE'],
    [['MEDIUM', 'HIGH'], 'HIGH'],
    [['LOW'], 'LOW'],
    [[], null],
  ])('the worst of %j is %s', (levels, worst) => {
    expect(worstAlertLevel(levels)).toBe(worst);
  });

  it('sorts worst first', () => {
    expect([...ALERT_LEVELS].sort(compareAlertLevels)).toEqual(['SEVERE', 'HIGH', 'MEDIUM', 'LOW']);
  });
});
