/**
 * Per-client request limits, configured by a table keyed by route ("GET /api/v1/verification/get").
 *
 * Fixed windows aligned to the epoch (a minute starts at :00, a day at 00:00 UTC), one counter per
 * window per client and route, kept in memory. Fixed windows make "200 per minute" mean exactly
 * what the spec's table says and give an exact Retry-After; the price is that a client may spend one
 * minute's budget at :59 and the next at :00 — the hour and day windows still bound the total.
 * Only admitted requests count: a refused (429) request does not push the client's wait further out.
 * Counters live in one process; several Warden processes behind a balancer each count on their own.
 */
import type { FastifyReply, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';
import { WardenError } from '../model/errors.js';

export interface RateWindow {
  readonly limit: number;
  readonly seconds: number;
}

export interface RateLimitRule {
  readonly windows: readonly RateWindow[];
  /** Windows that replace `windows` for particular client ids (a partner with a contract, a load test). */
  readonly clients?: Readonly<Record<string, readonly RateWindow[]>>;
}

/** Route ("METHOD /path/pattern", as registered) → rule. */
export type RateLimitTable = Readonly<Record<string, RateLimitRule>>;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Source: the spec's Limits table — the transaction status and list operation. */
export const SPEC_RATE_LIMITS: RateLimitTable = {
  'GET /api/v1/verification/get': {
    windows: [
      { limit: 200, seconds: MINUTE },
      { limit: 2_000, seconds: HOUR },
      { limit: 20_000, seconds: DAY },
    ],
  },
};

export interface RateDecision {
  readonly allowed: boolean;
  /** Of the window closest to its limit: what X-RateLimit-* report. */
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until that window starts afresh. */
  readonly resetSeconds: number;
  /** When refused: seconds until every exhausted window has started afresh. */
  readonly retryAfterSeconds: number;
  /** When refused: the exhausted window that frees up last. */
  readonly exhausted: RateWindow | null;
}

interface Counter {
  start: number;
  count: number;
}

export class RateLimiter {
  // Route → client → one counter per window (two lookups, no key string built per request).
  readonly #counters = new Map<string, Map<string, Counter[]>>();

  constructor(
    private readonly table: RateLimitTable,
    private readonly now: () => number,
  ) {}

  /** The windows that apply to a client on a route (none when the route is not limited). */
  windowsOf(route: string, clientId: string): readonly RateWindow[] {
    const rule = this.table[route];
    return rule?.clients?.[clientId] ?? rule?.windows ?? [];
  }

  /** True when the table limits this route. */
  limits(route: string): boolean {
    return Object.hasOwn(this.table, route);
  }

  /** Counts one request of `clientId` on `route` if every window has room, and says how much is left. */
  take(route: string, clientId: string): RateDecision {
    const windows = this.windowsOf(route, clientId);
    const now = this.now();
    let byClient = this.#counters.get(route);
    if (byClient === undefined) {
      byClient = new Map();
      this.#counters.set(route, byClient);
    }
    let counters = byClient.get(clientId);
    if (counters === undefined) {
      counters = windows.map(() => ({ start: 0, count: 0 }));
      byClient.set(clientId, counters);
    }

    let retryAfterMs = 0;
    let exhausted: RateWindow | null = null;
    for (let i = 0; i < windows.length; i++) {
      const window = windows[i]!;
      const span = window.seconds * 1000;
      const start = Math.floor(now / span) * span;
      const counter = counters[i]!;
      if (counter.start !== start) {
        counter.start = start;
        counter.count = 0;
      }
      if (counter.count >= window.limit && start + span - now > retryAfterMs) {
        retryAfterMs = start + span - now;
        exhausted = window;
      }
    }
    const allowed = retryAfterMs === 0;
    if (allowed) for (const counter of counters) counter.count++;

    let tightest = -1;
    let remaining = Infinity;
    for (let i = 0; i < windows.length; i++) {
      const left = windows[i]!.limit - counters[i]!.count;
      if (left < remaining) {
        remaining = left;
        tightest = i;
      }
    }
    if (tightest < 0) {
      return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0, retryAfterSeconds: 0, exhausted };
    }
    const span = windows[tightest]!.seconds * 1000;
    return {
      allowed,
      limit: windows[tightest]!.limit,
      remaining: Math.max(0, remaining),
      resetSeconds: Math.ceil((counters[tightest]!.start + span - now) / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(retryAfterMs / 1000)),
      exhausted,
    };
  }
}

const SPAN_NAMES: Readonly<Record<number, string>> = { [MINUTE]: 'minute', [HOUR]: 'hour', [DAY]: 'day' };

function describeSpan(seconds: number): string {
  return SPAN_NAMES[seconds] ?? `${seconds} seconds`;
}

function describeWindows(windows: readonly RateWindow[]): string {
  return windows.map((w) => `${w.limit} per ${describeSpan(w.seconds)}`).join(', ');
}

/** "METHOD /url" of a route; the HEAD route fastify adds beside a GET shares the GET's budget. */
function routeKey(route: RouteOptions): string | null {
  if (typeof route.method !== 'string') return null;
  return `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
}

function limitHook(limiter: RateLimiter, route: string): preValidationHookHandler {
  return (request: FastifyRequest, reply: FastifyReply, done) => {
    // On a route without authentication clientId is "", so all its callers share one budget.
    const decision = limiter.take(route, request.clientId);
    // A client whose rule has no window is unlimited: nothing to report.
    if (decision.limit === 0) return done();
    reply.header('x-ratelimit-limit', decision.limit);
    reply.header('x-ratelimit-remaining', decision.remaining);
    reply.header('x-ratelimit-reset', decision.resetSeconds);
    if (decision.allowed) return done();
    reply.header('retry-after', decision.retryAfterSeconds);
    const window = decision.exhausted!;
    done(
      new WardenError(
        'RATE_LIMITED',
        `Too many requests: this operation allows ${window.limit} per ${describeSpan(window.seconds)}; retry after ${decision.retryAfterSeconds} seconds.`,
        { details: `Limits per client: ${describeWindows(limiter.windowsOf(route, request.clientId))}.` },
      ),
    );
  };
}

/**
 * Adds the limiter to every route the table names, as a route-level preValidation hook: those run
 * after the area's auth hook, so the client is known and an unauthenticated request costs nothing.
 * Call before the routes are registered (it is an onRoute hook).
 */
export function limitRoutes(route: RouteOptions, limiter: RateLimiter): void {
  const key = routeKey(route);
  if (key === null || !limiter.limits(key)) return;
  const existing = route.preValidation;
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  route.preValidation = [...hooks, limitHook(limiter, key)];
}
