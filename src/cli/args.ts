/** Global flags (--db, --help, --version) and per-command flag parsing on top of node:util parseArgs. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Writable } from 'node:stream';
import { DEFAULT_DB } from '../store/open-store.js';

/** Bad usage: unknown command or flag, missing argument. Exit code 2. */
export class UsageError extends Error {}

export interface CommandContext {
  /** The DuckDB file every command works on (--db, else $WARDEN_DB, else ./warden.duckdb). */
  readonly db: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

export interface CommandModule {
  run(args: readonly string[], ctx: CommandContext): Promise<number | void>;
}

interface ParsedCommandLine {
  command: string | undefined;
  rest: string[];
  db: string;
  help: boolean;
  version: boolean;
}

/** Splits global flags from the command and its own arguments; --db may stand anywhere. */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  let db = process.env.WARDEN_DB || DEFAULT_DB;
  let help = false;
  let version = false;
  let command: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--db') {
      const value = argv[++i];
      if (!value) throw new UsageError('--db needs a file path.');
      db = value;
    } else if (arg.startsWith('--db=')) db = arg.slice(5);
    else if (arg === '--help' || arg === '-h') help = true;
    else if ((arg === '--version' || arg === '-v') && command === undefined) version = true;
    else if (command === undefined && !arg.startsWith('-')) command = arg;
    else rest.push(arg);
  }
  return { command, rest, db, help, version };
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** parseArgs with errors turned into UsageError sentences. */
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: boolean; strict: true }>
>;

export function parseFlags<O extends Options>(
  args: readonly string[],
  options: O,
  allowPositionals = true,
): Parsed<O> {
  try {
    return parseArgs({ args: [...args], options, allowPositionals, strict: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message.split('\n')[0]! : String(e));
  }
}

/** Writes one JSON value as one line: the contract for machine-readable output. */
export function printJson(ctx: CommandContext, value: unknown): void {
  ctx.stdout.write(`${JSON.stringify(value)}\n`);
}
