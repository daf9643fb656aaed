/**
 * What every route module is given: the engine it delegates to, the clock (tokens and rate limits
 * read it, so tests can move time), and the operations of an authenticated client.
 */
import { VALIDATED, type ClientOperations, type Engine, type ValidatedOperations } from '../engine/types.js';
import { DEFAULT_FAILED_AUTH_LIMITS, FailedAuthThrottle } from './failed-auth-throttle.js';
import { VerifiedCredentials } from './verified-credentials.js';
import { VerifiedTokens } from './verified-tokens.js';

export interface RouteContext {
  readonly engine: Engine;
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** Client credentials the registry accepted, remembered for the next requests (auth.ts). */
  readonly credentials: VerifiedCredentials;
  /** Bearer tokens the registry verified, remembered until they expire (auth.ts). */
  readonly tokens: VerifiedTokens;
  /** Failed client authentications, counted to throttle guessing (auth.ts). */
  readonly failedAuth: FailedAuthThrottle;
  /** `engine.forClient(clientId)`, built once per client instead of once per request. */
  operations(clientId: string): ClientOperations;
  /**
   * The engine's operations on requests this adapter has already validated with the same schemas
   * (a body is parsed once, by the route's validator); built once per client.
   */
  validated(clientId: string): ValidatedOperations;
}

/** One value per client id, built on first use. */
function perClient<T>(build: (clientId: string) => T): (clientId: string) => T {
  const byClient = new Map<string, T>();
  return (clientId) => {
    let value = byClient.get(clientId);
    if (value === undefined) {
      value = build(clientId);
      byClient.set(clientId, value);
    }
    return value;
  };
}

export function createRouteContext(engine: Engine, now: () => number): RouteContext {
  // forClient assembles an object of bound operations; on a 5,000 req/s status endpoint that is
  // worth doing once. The bound operations read the engine's live state, so reuse is safe.
  return {
    engine,
    now,
    credentials: new VerifiedCredentials(engine.clients),
    tokens: new VerifiedTokens(engine.clients),
    failedAuth: new FailedAuthThrottle(DEFAULT_FAILED_AUTH_LIMITS, now),
    operations: perClient((clientId) => engine.forClient(clientId)),
    validated: perClient((clientId) => engine[VALIDATED](clientId)),
  };
}
