/**
 * `warden worker --redis URL [--concurrency N] [--lock-duration MS] [--work-dir DIR]`: screens the
 * shards of distributed batch runs until stopped (src/distributed/run-shard-worker.ts). A first
 * SIGTERM or SIGINT takes no more shards and finishes those in hand, then exits 0; a second hands
 * them back to the queue at once.
 */
import { UsageError, type CommandContext } from '../command-context.js';

export interface WorkerCommandOptions {
  readonly redis: string;
  readonly concurrency?: string;
  readonly lockDuration: string;
  readonly workDir?: string;
}

const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

function wholeNumber(flag: string, text: string | undefined, least: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < least) {
    throw new UsageError(`${flag} takes a whole number, ${least} or more, not "${text}".`);
  }
  return n;
}

export async function run(options: WorkerCommandOptions, ctx: CommandContext): Promise<number> {
  const concurrency = wholeNumber('--concurrency', options.concurrency, 1);
  const lockDurationMs = wholeNumber('--lock-duration', options.lockDuration, 100);
  const { runShardWorker } = await import('../../distributed/index.js');
  const worker = await runShardWorker({
    redis: options.redis,
    log: (line) => ctx.stderr.write(`${line}\n`),
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(lockDurationMs === undefined ? {} : { lockDurationMs }),
    ...(options.workDir === undefined ? {} : { workDir: options.workDir }),
  });
  let received: string | null = null;
  const onSignal = (name: string) => {
    if (received !== null) {
      ctx.stderr.write(`worker: ${name} received again, handing the shards in hand back to the queue\n`);
      void worker.stop('release');
      return;
    }
    received = name;
    ctx.stderr.write(
      `worker: ${name} received, finishing the shards in hand (again to hand them back now)\n`,
    );
    void worker.stop('finish');
  };
  const handlers = STOP_SIGNALS.map((name) => [name, () => onSignal(name)] as const);
  for (const [name, handler] of handlers) process.on(name, handler);
  try {
    await worker.closed;
    return 0;
  } finally {
    for (const [name, handler] of handlers) process.off(name, handler);
  }
}
