import { describe, expect, it } from 'vitest';
import { FailedAuthThrottle } from '../../src/api/failed-auth-throttle.js';

describe('FailedAuthThrottle', () => {
  const limits = { perClient: 3, perAddress: 5, windowMs: 60_000 };

  it('holds back one client id from one address after its limit, until the window ends', () => {
    let now = 0;
    const throttle = new FailedAuthThrottle(limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter('10.0.0.1', 'cl_a')).toBe(0);
      throttle.fail('10.0.0.1', 'cl_a');
    }
    now = 15_000;
    expect(throttle.retryAfter('10.0.0.1', 'cl_a')).toBe(45);
    expect(throttle.retryAfter('10.0.0.2', 'cl_a')).toBe(0);
    expect(throttle.retryAfter('10.0.0.1', 'cl_b')).toBe(0);
    now = 60_000;
    expect(throttle.retryAfter('10.0.0.1', 'cl_a')).toBe(0);
  });

  it('holds back an address that sprays client ids', () => {
    const throttle = new FailedAuthThrottle(limits, () => 0);
    for (let i = 0; i < 5; i++) throttle.fail('10.0.0.9', `cl_${i}`);
    expect(throttle.retryAfter('10.0.0.9', 'cl_new')).toBe(60);
    expect(throttle.retryAfter('10.0.0.8', 'cl_new')).toBe(0);
  });
});
