/**
 * SIGINT / SIGTERM for a batch run: the first one aborts the run, which stops at the next chunk
 * boundary with a checkpoint written (resume with --resume); the exit code then follows the shell
 * convention 128 + signal number (130 for SIGINT, 143 for SIGTERM). A second signal exits at once —
 * still safe to resume, since every checkpoint describes output that is already on disk.
 */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
type StopSignal = keyof typeof EXIT_CODES;

export interface SignalStop {
  readonly signal: AbortSignal;
  /** 130 / 143 after a signal, else null. */
  exitCode(): number | null;
  /** Removes the handlers (call when the run is over). */
  dispose(): void;
}

export function stopOnSignals(): SignalStop {
  const controller = new AbortController();
  let received: StopSignal | null = null;
  const handlers = (Object.keys(EXIT_CODES) as StopSignal[]).map((name) => {
    const handler = () => {
      if (received !== null) process.exit(EXIT_CODES[name]);
      received = name;
      process.stderr.write(
        `batch: ${name} received, stopping at the next chunk boundary (again to quit now)\n`,
      );
      controller.abort();
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    exitCode: () => (received === null ? null : EXIT_CODES[received]),
    dispose() {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}
