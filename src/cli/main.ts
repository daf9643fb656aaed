#!/usr/bin/env node
/**
 * The `warden` command: the program (program.ts) runs one command, and every error ends here as one
 * sentence on stderr and an exit code: 0 ok, 1 failure, 2 bad usage or input (`warden batch` adds
 * 3: finished with rows unscreened, batch-exit-code.ts).
 */
import { CommanderError } from 'commander';
import { isWardenError } from '../model/errors.js';
import { CommandFailure, UsageError } from './command-context.js';
import { buildProgram, type ProgramIO } from './program.js';

export async function main(argv: readonly string[], io: ProgramIO): Promise<number> {
  const { program, exitCode } = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode();
  } catch (e) {
    return reportError(e, io);
  }
}

function reportError(e: unknown, io: Pick<ProgramIO, 'stderr'>): number {
  // Help or the version, already printed; help in place of a missing command is bad usage.
  if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
  if (e instanceof UsageError || e instanceof CommandFailure) {
    io.stderr.write(`warden: ${e.message}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
  if (isWardenError(e)) {
    io.stderr.write(`warden: ${e.message}\n`);
    return e.isInputError ? 2 : 1;
  }
  // A bug, not an expected fault: say so plainly; the stack only with WARDEN_DEBUG set.
  const message = e instanceof Error ? e.message : String(e);
  io.stderr.write(`warden: unexpected failure: ${message}\n`);
  if (process.env.WARDEN_DEBUG && e instanceof Error) io.stderr.write(`${e.stack}\n`);
  return 1;
}

const io: ProgramIO = {
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: process.stdout.isTTY === true,
};
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.exitCode = reportError(e, io);
  },
);
