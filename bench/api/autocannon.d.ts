// The part of autocannon 8's programmatic API the API load bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    readonly average: number;
    readonly p50: number;
    readonly p99: number;
    readonly max: number;
  }
  export interface Request {
    readonly method?: string;
    readonly path?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
    /** In worker mode, the path of a CommonJS module exporting the function. */
    readonly setupRequest?: string;
  }
  export interface Options {
    readonly url: string;
    readonly connections?: number;
    readonly duration?: number;
    readonly workers?: number;
    readonly method?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
    readonly idReplacement?: boolean;
    readonly requests?: readonly Request[];
  }
  export interface Result {
    readonly requests: Histogram;
    readonly latency: Histogram;
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
    readonly statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
