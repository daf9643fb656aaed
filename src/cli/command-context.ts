/** What a command runs with (the DuckDB file, its output streams) and how it fails. */
import type { Writable } from 'node:stream';

/** Bad usage: unknown command or flag, missing argument, a flag's value out of its domain. Exit code 2. */
export class UsageError extends Error {}

/**
 * An expected failure of the command's own surroundings, not of its input: a port already in use.
 * One sentence on stderr, exit code 1, and never "unexpected failure".
 */
export class CommandFailure extends Error {}

export interface CommandContext {
  /** The DuckDB file every command works on (--db, else $WARDEN_DB, else ./warden.duckdb). */
  readonly db: string;
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** stdout is a terminal: a person reads it, so a command may print prose instead of JSON. */
  readonly isTTY: boolean;
}

/** Writes one JSON value as one line: the contract for machine-readable output. */
export function printJson(ctx: CommandContext, value: unknown): void {
  ctx.stdout.write(`${JSON.stringify(value)}\n`);
}
