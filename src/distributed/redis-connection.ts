/**
 * Redis for distributed runs: the URL checked, a first connection that must succeed within a few
 * seconds (a coordinator or worker pointed at nothing says so and exits 1, rather than waiting
 * forever), then a connection that reconnects by itself for as long as the process runs, so a
 * Redis restart mid-run costs a pause, not the run.
 */
import { Redis } from 'ioredis';
import { WardenError } from '../model/errors.js';

/** The queue of shard jobs, which every worker takes from. */
export const SHARD_QUEUE = 'warden-shards';
/** The queue of run jobs, each the parent of its shards (a BullMQ flow); no worker takes them. */
export const RUN_QUEUE = 'warden-runs';

/** How long the first connection may take before the process gives up. */
const FIRST_CONNECT_MS = 5_000;
/** Most time between reconnection attempts once a process runs. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** The URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable URL)';
  }
}

/** VALIDATION_ERROR unless `url` is a redis:// or rediss:// URL. */
export function checkRedisUrl(url: string, flag: string): void {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (parsed === null || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `${flag} takes a Redis URL such as redis://127.0.0.1:6379, not "${url.slice(0, 60)}".`,
    );
  }
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message.split('\n')[0]! : String(e));

/**
 * Connects to Redis at `url`: QUEUE_UNAVAILABLE when it cannot be reached within a few seconds.
 * The connection returned reconnects on its own (BullMQ's workers need `maxRetriesPerRequest:
 * null`: a command waits for Redis to come back rather than failing); the caller closes it.
 *
 * @example const redis = await connectRedis('redis://127.0.0.1:6379', '--redis')
 */
export async function connectRedis(url: string, flag: string): Promise<Redis> {
  checkRedisUrl(url, flag);
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: FIRST_CONNECT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The first error says why (ECONNREFUSED, a timeout, a refused password); the rejection only "closed".
  let first: unknown = null;
  probe.on('error', (e) => (first ??= e));
  try {
    await probe.connect();
    await probe.ping();
  } catch (e) {
    throw new WardenError(
      'QUEUE_UNAVAILABLE',
      `Cannot reach Redis at ${redactRedisUrl(url)} (${reasonOf(first ?? e)}); start it, or check ${flag}.`,
    );
  } finally {
    probe.disconnect();
  }
  const client = new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  // Reconnections are reported by whoever watches the run; an unheard 'error' would print a stack.
  client.on('error', () => undefined);
  return client;
}
