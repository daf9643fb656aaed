/**
 * A real Redis for the distributed suites: Debian's redis-server on a free loopback port, with its
 * data in a temporary folder, the append-only file on and `noeviction` (what BullMQ needs, and what
 * production should run), no RDB snapshots. It can be restarted on the same port and folder (a
 * Redis restart mid-run) or killed. Suites that need it fail loudly under CI when it is missing
 * (`.ci/run` installs it) and skip with a notice elsewhere, as the Chromium suites do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';

export const REDIS_SERVER = process.env.WARDEN_REDIS_SERVER ?? '/usr/bin/redis-server';
export const hasRedisServer = existsSync(REDIS_SERVER);

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** The server's process id (benches read its CPU time). */
  pid(): number;
  /**
   * Stops it and starts it again on the same port and data, after `downMs`: with SIGTERM Redis
   * flushes its append-only file and exits; with SIGKILL it dies as a crashed machine would (the
   * file's last second, appendfsync everysec, may be lost).
   */
  restart(downMs?: number, signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

/** A loopback port nothing listens on (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once Redis answers PING on `port`. */
async function answers(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      let reply = '';
      socket.setTimeout(500, () => socket.destroy());
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (d) => {
        reply += d.toString();
        if (reply.includes('\r\n')) socket.end();
      });
      socket.on('close', () => resolve(reply.startsWith('+PONG')));
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until)
      throw new Error(`redis-server did not answer on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a redis-server of its own on a free port. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'warden-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--maxmemory-policy',
    'noeviction',
    '--save',
    '',
    '--daemonize',
    'no',
    '--logfile',
    join(dir, 'redis.log'),
  ];
  let child: ChildProcess;
  const start = async () => {
    child = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
    await answers(port, 10_000);
  };
  await start();
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    child.kill(signal);
    await exited(child);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child.pid!,
    async restart(downMs = 0, signal = 'SIGTERM') {
      await stop(signal);
      if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    stop: () => stop(),
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `describe` for suites that need redis-server: fails under CI when it is missing, skips elsewhere. */
export const describeWithRedis: (name: string, fn: () => void) => void = (name, fn) => {
  if (hasRedisServer) return describe(name, fn);
  if (process.env.CI) {
    return describe(name, () => {
      it('needs redis-server', () => {
        throw new Error(
          `redis-server is missing at ${REDIS_SERVER} (apt-get install redis-server); this suite cannot run.`,
        );
      });
    });
  }
  console.warn(
    `[warden] ${name}: skipped, no redis-server at ${REDIS_SERVER} (apt-get install redis-server).`,
  );
  return describe.skip(name, fn);
};
