/**
 * HTTP request metrics: `http_requests_total` and the `http_request_duration_seconds` histogram,
 * labelled by method, route pattern and status code. The route is the pattern it was registered
 * with ("/api/v1/screening/blacklist/:id"), never the URL: ids in URLs would grow a series per
 * record. Requests no route matched share the route label "unmatched".
 *
 * Each route gets its own onResponse hook (added from an onRoute hook, like the rate limits) that
 * holds its series per status code, so a request builds no label object or key string of ours.
 * Measured with bench/api/load.ts --profile: 2.4% of the server's time on GET status (the cheapest
 * operation, ~60 µs of CPU), of which prom-client's histogram observe is 1.4%; 0.3% on a submit.
 */
import type { FastifyReply, RouteOptions, onResponseHookHandler } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

export const HTTP_METRIC_NAMES = {
  REQUESTS: 'http_requests_total',
  DURATION: 'http_request_duration_seconds',
} as const;

/** The route label of requests that matched no route (404, 405). */
export const UNMATCHED_ROUTE = 'unmatched';

// Most answers take well under a millisecond of server time (a status ~60 µs of CPU), so the buckets
// start at 0.5 ms; prom-client's default starts at 5 ms and would put nearly every request in one.
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const STANDARD_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface Series {
  readonly labels: { readonly method: string; readonly route: string; readonly status_code: string };
  /** Requests answered; handed to the counter when scraped (a number costs less than prom-client's inc). */
  count: number;
  readonly duration: { observe(value: number): void };
}

export class HttpMetrics {
  readonly #duration: Histogram<'method' | 'route' | 'status_code'>;
  readonly #unmatched = new Map<string, Map<number, Series>>();
  readonly #series: Series[] = [];

  constructor(registry: Registry) {
    const labelNames = ['method', 'route', 'status_code'] as const;
    const series = this.#series;
    new Counter({
      name: HTTP_METRIC_NAMES.REQUESTS,
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        for (const s of series) this.inc(s.labels, s.count);
      },
    });
    this.#duration = new Histogram({
      name: HTTP_METRIC_NAMES.DURATION,
      help: 'Time from receiving a request to the end of its answer, by method, route pattern and status code',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
  }

  /** For `app.addHook('onRoute', ...)`: measures the route's requests. Call before routes register. */
  instrument(route: RouteOptions): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const byMethod = new Map(methods.map((method) => [method, new Map<number, Series>()]));
    const hook: onResponseHookHandler = (request, reply, done) => {
      this.#observe(byMethod.get(request.method), request.method, route.url, reply);
      done();
    };
    const existing = route.onResponse;
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    route.onResponse = [...hooks, hook];
  }

  /** For `app.addHook('onResponse', ...)`: measures the requests no route matched (the others have theirs). */
  readonly unmatched: onResponseHookHandler = (request, reply, done) => {
    if (request.is404) {
      // Any method string a client sends would become a label value: only the standard ones do.
      const method = STANDARD_METHODS.has(request.method) ? request.method : 'OTHER';
      let byStatus = this.#unmatched.get(method);
      if (byStatus === undefined) {
        byStatus = new Map();
        this.#unmatched.set(method, byStatus);
      }
      this.#observe(byStatus, method, UNMATCHED_ROUTE, reply);
    }
    done();
  };

  #observe(
    byStatus: Map<number, Series> | undefined,
    method: string,
    route: string,
    reply: FastifyReply,
  ): void {
    if (byStatus === undefined) return;
    const status = reply.statusCode;
    let series = byStatus.get(status);
    if (series === undefined) {
      const labels = { method, route, status_code: String(status) };
      series = { labels, count: 0, duration: this.#duration.labels(labels) };
      byStatus.set(status, series);
      this.#series.push(series);
    }
    series.count++;
    series.duration.observe(reply.elapsedTime / 1000);
  }
}
