import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_CONFIG, MatchConfig, strengthOf } from '../../src/names/config.js';

describe('MatchConfig', () => {
  it('fills every tunable with a default and describes it', () => {
    const shape = MatchConfig.shape;
    for (const [key, schema] of Object.entries(shape)) {
      expect(schema.description, key).toBeTruthy();
      expect(DEFAULT_MATCH_CONFIG[key as keyof MatchConfig], key).not.toBeUndefined();
    }
  });

  it('orders its buckets', () => {
    const c = DEFAULT_MATCH_CONFIG;
    expect(c.strongThreshold).toBeGreaterThan(c.mediumThreshold);
    expect(c.mediumThreshold).toBeGreaterThan(c.weakThreshold);
  });

  it('rejects thresholds outside 0..1', () => {
    expect(MatchConfig.safeParse({ strongThreshold: 1.5 }).success).toBe(false);
    expect(MatchConfig.safeParse({ weakThreshold: -0.1 }).success).toBe(false);
  });
});

describe('strengthOf', () => {
  const c = MatchConfig.parse({ strongThreshold: 0.9, mediumThreshold: 0.8, weakThreshold: 0.7 });
  it.each([
    [1, true, 'EXACT'],
    [0.95, false, 'STRONG'],
    [0.9, false, 'STRONG'],
    [0.85, false, 'MEDIUM'],
    [0.75, false, 'WEAK'],
    [0.69, false, null],
    [0, false, null],
  ] as const)('%f (exact %s) → %s', (score, exact, expected) => {
    expect(strengthOf(score, exact, c)).toBe(expected);
  });

  it('uses the defaults when no config is given', () => {
    expect(strengthOf(1, true)).toBe('EXACT');
    expect(strengthOf(0, false)).toBeNull();
  });
});
