/** The limiter on its own: fixed windows, Retry-After, per-client rules, refused requests not counted. */
import { describe, expect, it } from 'vitest';
import { RateLimiter, SPEC_RATE_LIMITS, type RateLimitTable } from '../../src/api/index.js';

const ROUTE = 'GET /api/v1/verification/get';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function aLimiter(table: RateLimitTable = SPEC_RATE_LIMITS, start = Date.parse('2026-05-01T10:00:00.000Z')) {
  let clock = start;
  const limiter = new RateLimiter(table, () => clock);
  return {
    limiter,
    advance: (ms: number) => void (clock += ms),
    takeMany: (n: number, client = 'cl_a') => {
      let last = limiter.take(ROUTE, client);
      for (let i = 1; i < n; i++) last = limiter.take(ROUTE, client);
      return last;
    },
  };
}

describe('RateLimiter', () => {
  it('limits only the routes of its table', () => {
    const { limiter } = aLimiter();
    expect(limiter.limits(ROUTE)).toBe(true);
    expect(limiter.limits('POST /api/v1/verification/send')).toBe(false);
  });

  it('admits 200 requests a minute, refuses the 201st until the next minute starts', () => {
    const { limiter, advance, takeMany } = aLimiter();
    advance(15_000); // 10:00:15
    const last = takeMany(200);
    expect(last).toMatchObject({ allowed: true, limit: 200, remaining: 0 });

    const refused = limiter.take(ROUTE, 'cl_a');
    expect(refused).toMatchObject({ allowed: false, limit: 200, remaining: 0, retryAfterSeconds: 45 });
    expect(refused.exhausted).toEqual({ limit: 200, seconds: 60 });

    advance(45_000); // 10:01:00, a new minute
    expect(limiter.take(ROUTE, 'cl_a')).toMatchObject({ allowed: true, remaining: 199 });
  });

  it('does not count refused requests', () => {
    const { limiter, advance, takeMany } = aLimiter();
    takeMany(200);
    for (let i = 0; i < 50; i++) expect(limiter.take(ROUTE, 'cl_a').allowed).toBe(false);
    advance(MINUTE);
    // 200 of the hour's 2,000 are spent, not 250.
    expect(takeMany(200)).toMatchObject({ allowed: true, remaining: 0, limit: 200 });
    advance(MINUTE);
    expect(limiter.take(ROUTE, 'cl_a')).toMatchObject({ allowed: true, limit: 200, remaining: 199 });
  });

  it('refuses after 2,000 an hour even when every minute stayed under 200, until the hour turns', () => {
    const { limiter, advance, takeMany } = aLimiter();
    for (let minute = 0; minute < 10; minute++) {
      takeMany(200);
      advance(MINUTE);
    }
    // 10:10:00 — the minute is fresh, the hour is spent.
    const refused = limiter.take(ROUTE, 'cl_a');
    expect(refused).toMatchObject({ allowed: false, limit: 2_000, remaining: 0, retryAfterSeconds: 50 * 60 });
    advance(50 * MINUTE);
    expect(limiter.take(ROUTE, 'cl_a').allowed).toBe(true);
  });

  it('refuses after 20,000 a day, with Retry-After up to midnight UTC', () => {
    const { limiter, advance, takeMany } = aLimiter();
    for (let hour = 0; hour < 10; hour++) {
      for (let minute = 0; minute < 10; minute++) {
        takeMany(200);
        advance(MINUTE);
      }
      advance(HOUR - 10 * MINUTE);
    }
    // 20:00:00 UTC: 20,000 spent today.
    const refused = limiter.take(ROUTE, 'cl_a');
    expect(refused).toMatchObject({ allowed: false, limit: 20_000, retryAfterSeconds: 4 * 3600 });
  });

  it('reports the window closest to its limit in limit/remaining/reset', () => {
    const { limiter, advance, takeMany } = aLimiter();
    advance(59 * MINUTE);
    takeMany(150);
    // Minute: 50 left; hour: 1,850 left → the minute is reported, resetting in 60 s.
    expect(limiter.take(ROUTE, 'cl_a')).toMatchObject({ limit: 200, remaining: 49, resetSeconds: 60 });
  });

  it('counts each client on its own', () => {
    const { limiter, takeMany } = aLimiter();
    takeMany(200, 'cl_a');
    expect(limiter.take(ROUTE, 'cl_a').allowed).toBe(false);
    expect(limiter.take(ROUTE, 'cl_b')).toMatchObject({ allowed: true, remaining: 199 });
  });

  it('applies a per-client rule of the table instead of the route default', () => {
    const table: RateLimitTable = {
      [ROUTE]: {
        windows: [{ limit: 2, seconds: 60 }],
        clients: { cl_bench: [{ limit: 1_000_000, seconds: 60 }] },
      },
    };
    const { takeMany } = aLimiter(table);
    expect(takeMany(3, 'cl_a').allowed).toBe(false);
    expect(takeMany(10_000, 'cl_bench')).toMatchObject({ allowed: true, remaining: 990_000 });
  });
});
