/**
 * `startServer`: the app on a real socket, with graceful shutdown. `close()` stops accepting
 * connections, lets in-flight requests finish (bounded by `shutdownTimeoutMs`, after which the
 * remaining connections are cut), then closes the engine, which finishes its webhook attempts and
 * closes the store — so an acknowledged write is never lost to a shutdown.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine/types.js';
import { controlSocketOf, startControlServer } from '../control/index.js';
import { buildApp, type AppOptions } from './app.js';

export interface ServerOptions extends AppOptions {
  readonly engine: Engine;
  readonly host?: string;
  /** 0 picks a free port (see `port` of the result). */
  readonly port?: number;
  /** Close on SIGINT and SIGTERM; default false, so a host or a test keeps control of its process. */
  readonly handleSignals?: boolean;
  /** Close the engine after the server; default true. False when the engine outlives this server. */
  readonly closeEngine?: boolean;
  /** How long in-flight requests get at shutdown before their connections are cut; default 10 s. */
  readonly shutdownTimeoutMs?: number;
  /**
   * The DuckDB file the engine serves: the command line then hands its writes on that file (list
   * imports, clients, reviewers) to this server through a control socket beside it (src/control).
   */
  readonly controlDb?: string;
  /** Runs first at shutdown, while the engine is still open (e.g. stopping scheduled list updates). */
  readonly beforeClose?: () => Promise<void>;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  /** e.g. http://127.0.0.1:8080 */
  readonly url: string;
  readonly port: number;
  /** Idempotent; resolves when the server and (by default) the engine are closed. */
  close(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Starts the API on host:port.
 *
 * @example const server = await startServer({ engine, port: 8080, handleSignals: true });
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { engine, host = '127.0.0.1', port = 8080 } = options;
  const app = buildApp(engine, options);
  const socket = options.controlDb === undefined ? null : controlSocketOf(options.controlDb);
  const control = socket === null ? null : await startControlServer(engine, options.controlDb!, socket);
  try {
    await app.listen({ host, port });
  } catch (error) {
    await control?.close();
    throw error;
  }
  const address = app.server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  let closing: Promise<void> | undefined;
  const onSignal = () => void close();
  const close = () =>
    (closing ??= (async () => {
      for (const signal of SIGNALS) process.off(signal, onSignal);
      const timer = setTimeout(() => app.server.closeAllConnections(), options.shutdownTimeoutMs ?? 10_000);
      try {
        await options.beforeClose?.();
        await control?.close();
        await app.close();
      } finally {
        clearTimeout(timer);
        if (options.closeEngine ?? true) await engine.close();
      }
    })());
  if (options.handleSignals) for (const signal of SIGNALS) process.once(signal, onSignal);

  return { app, url, port: address.port, close };
}
