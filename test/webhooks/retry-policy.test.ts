import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from '../../src/webhooks/index.js';

describe('retry policy', () => {
  const attempts = [1, 2, 3, 4, 5, 6];

  it('waits 0, 1, 2, 4, 8 and 16 s before the six default attempts', () => {
    expect(DEFAULT_RETRY_POLICY.maxAttempts).toBe(6);
    expect(attempts.map((n) => retryDelayMs(n, DEFAULT_RETRY_POLICY, () => 0.5))).toEqual([
      0, 1000, 2000, 4000, 8000, 16000,
    ]);
  });

  it('spreads each delay by ±20 % so retries of a burst do not come back together', () => {
    expect(retryDelayMs(4, DEFAULT_RETRY_POLICY, () => 0)).toBe(3200);
    expect(retryDelayMs(4, DEFAULT_RETRY_POLICY, () => 0.999999)).toBe(4800);
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
  });

  it('scales with the base delay and stops growing at the cap', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20, jitter: 0 };
    expect([2, 3, 4, 5, 6].map((n) => retryDelayMs(n, policy, Math.random))).toEqual([5, 10, 20, 20, 20]);
  });
});
