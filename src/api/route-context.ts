/**
 * What every route module is given: the engine it delegates to, the clock (tokens and rate limits
 * read it, so tests can move time), and the operations of an authenticated client.
 */
import type { ClientOperations, Engine } from '../engine/types.js';

export interface RouteContext {
  readonly engine: Engine;
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** `engine.forClient(clientId)`, built once per client instead of once per request. */
  operations(clientId: string): ClientOperations;
}

export function createRouteContext(engine: Engine, now: () => number): RouteContext {
  // forClient assembles an object of bound operations; on a 5,000 req/s status endpoint that is
  // worth doing once. The bound operations read the engine's live state, so reuse is safe.
  const byClient = new Map<string, ClientOperations>();
  return {
    engine,
    now,
    operations(clientId) {
      let operations = byClient.get(clientId);
      if (operations === undefined) {
        operations = engine.forClient(clientId);
        byClient.set(clientId, operations);
      }
      return operations;
    },
  };
}
