/**
 * The `warden` program on commander: global options, the command table (commands.ts), and
 * commander's own errors turned into UsageErrors, so that an unknown command, an unknown option or
 * a missing argument reads like any other bad usage: one sentence on stderr, exit 2.
 */
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { Command, Option, type CommanderError } from 'commander';
import { DEFAULT_DB } from '../store/default-db.js';
import { UsageError, type CommandContext } from './command-context.js';
import { defineCommands, type Launch } from './commands.js';

/** Where the program writes, and whether a person reads stdout. */
export interface ProgramIO {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly isTTY: boolean;
}

export interface WardenProgram {
  readonly program: Command;
  /** The exit code of the command that ran (0 until one has). */
  exitCode(): number;
}

const DB_DESCRIPTION = 'the DuckDB file every command works on';

/** Commander's outcomes that are not errors: help or the version was printed. */
const PRINTED = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** A command as a person types it after "warden": `lists import`. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * Commander's error as one sentence: "error: unknown option '--x'\n(Did you mean --out?)" becomes
 * "unknown option '--x' (Did you mean --out?); see "warden batch --help".".
 */
function usageErrorOf(err: CommanderError, cmd: Command): UsageError {
  const text = err.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
  const help = ['warden', commandPath(cmd), '--help'].filter(Boolean).join(' ');
  return new UsageError(`${text.replace(/\.$/, '')}; see "${help}".`);
}

/**
 * `--db` on every command, not only before it: commander hands a command's unknown options to its
 * subcommand, which would refuse `--db` after `warden batch p.csv --out o.jsonl`.
 */
function acceptDbEverywhere(cmd: Command): void {
  for (const sub of cmd.commands) {
    if (sub.name() === 'help') continue;
    // No default and no env of its own (dbOf falls back to the program's): its help only says them.
    sub.addOption(new Option('--db <path>', `${DB_DESCRIPTION} (default: $WARDEN_DB, else ./${DEFAULT_DB})`));
    acceptDbEverywhere(sub);
  }
}

/** The --db that applies to `cmd`: the nearest one given, else $WARDEN_DB, else ./warden.duckdb. */
function dbOf(cmd: Command): string {
  for (let c: Command | null = cmd; c; c = c.parent) {
    // An empty $WARDEN_DB counts as unset, as it did before commander.
    const db = c.getOptionValue('db') as string | undefined;
    if (db) return db;
  }
  return DEFAULT_DB;
}

/**
 * `warden help [command...]`: the help `warden COMMAND --help` prints. Commander's own help command
 * answers an unknown name with the whole help on stderr; this one says which name it did not know.
 */
function defineHelp(program: Command): void {
  program
    .command('help')
    .description('show a command\'s help ("warden help lists import")')
    .argument('[command...]', 'a command, and a subcommand of it')
    .action((names: string[]) => {
      let cmd = program;
      for (const [i, name] of names.entries()) {
        const sub = cmd.commands.find((c) => c.name() === name);
        if (!sub) {
          const unknown = names.slice(0, i + 1).join(' ');
          throw new UsageError(`unknown command '${unknown}'; see "warden --help".`);
        }
        cmd = sub;
      }
      cmd.outputHelp();
    });
}

/** Errors go through main.ts as UsageErrors; help and --version end the run with exit 0. */
function failThroughMain(cmd: Command): void {
  cmd.exitOverride((err) => {
    throw PRINTED.has(err.code) ? err : usageErrorOf(err, cmd);
  });
  for (const sub of cmd.commands) failThroughMain(sub);
}

/**
 * Builds the program; `parseAsync(argv, { from: 'user' })` then runs one command.
 *
 * @example const { program, exitCode } = buildProgram(io); await program.parseAsync(argv, { from: 'user' });
 */
export function buildProgram(io: ProgramIO): WardenProgram {
  let exitCode = 0;
  const launch: Launch = (load) =>
    async function (this: Command) {
      const named = Object.fromEntries(
        this.registeredArguments.map((argument, i) => [argument.name(), this.processedArgs[i]]),
      );
      const ctx: CommandContext = { db: dbOf(this), stdout: io.stdout, stderr: io.stderr, isTTY: io.isTTY };
      const run = await load();
      exitCode = (await run({ ...this.opts(), ...named } as Parameters<typeof run>[0], ctx)) ?? 0;
    };

  const program = new Command('warden')
    .description(
      'in-process AML/CTF screening; "warden help COMMAND" or "warden COMMAND --help" for its options',
    )
    .version(packageVersion(), '-v, --version', 'print the version')
    .addOption(
      new Option('--db <path>', DB_DESCRIPTION).env('WARDEN_DB').default(DEFAULT_DB, `./${DEFAULT_DB}`),
    )
    .helpOption('-h, --help', 'show this help')
    .helpCommand(false)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // main.ts writes the one sentence (usageErrorOf); commander's own lines would repeat it.
      outputError: () => undefined,
    });
  defineCommands(program, launch);
  defineHelp(program);
  acceptDbEverywhere(program);
  failThroughMain(program);
  return { program, exitCode: () => exitCode };
}
