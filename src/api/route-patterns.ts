/**
 * The path patterns the app serves, per method, so a request that matched no route can be told apart:
 * an unknown path (404 ROUTE_NOT_FOUND) or a known path asked with the wrong method (405
 * METHOD_NOT_ALLOWED with an Allow header). Fed by an onRoute hook; matching happens only on misses.
 */
import type { RouteOptions } from 'fastify';

interface Pattern {
  readonly methods: Set<string>;
  readonly regex: RegExp;
}

/** The path of a request URL, without its query string (which may hold client_secret). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

function toRegex(url: string): RegExp {
  const parts = url.split('/').map((part) =>
    // A ":param" segment matches any one segment; the rest is literal.
    part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^${parts.join('/')}/?$`);
}

export class RoutePatterns {
  readonly #byUrl = new Map<string, Pattern>();

  /** For `app.addHook('onRoute', ...)`. */
  add(route: RouteOptions): void {
    let pattern = this.#byUrl.get(route.url);
    if (pattern === undefined) {
      pattern = { methods: new Set(), regex: toRegex(route.url) };
      this.#byUrl.set(route.url, pattern);
    }
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      pattern.methods.add(method);
    }
  }

  /** Every method served at this concrete path (empty when the path is unknown), sorted. */
  methodsAt(path: string): string[] {
    const methods = new Set<string>();
    for (const pattern of this.#byUrl.values()) {
      if (pattern.regex.test(path)) for (const method of pattern.methods) methods.add(method);
    }
    return [...methods].sort();
  }
}
