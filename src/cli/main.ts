#!/usr/bin/env node
/**
 * The `warden` command: one table of commands, each loaded lazily and handed parsed flags.
 * Errors become one sentence on stderr and an exit code (0 ok, 1 failure, 2 bad usage or input;
 * `warden batch` adds 3: finished with rows unscreened, batch-exit-code.ts).
 */
import { readFileSync } from 'node:fs';
import { isWardenError } from '../model/errors.js';
import { parseCommandLine, UsageError, type CommandContext } from './args.js';
import { COMMANDS, usage } from './commands.js';

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const parsed = parseCommandLine(argv);
    if (parsed.version) {
      console.log(packageVersion());
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === parsed.command);
    if (parsed.help || !parsed.command) {
      console.log(usage(command));
      return parsed.command || parsed.help ? 0 : 2;
    }
    if (!command)
      throw new UsageError(`Unknown command "${parsed.command}". Run "warden --help" for the list.`);
    const ctx: CommandContext = {
      db: parsed.db,
      env: process.env,
      stdout: process.stdout,
      stderr: process.stderr,
    };
    const module = await command.load();
    return (await module.run(parsed.rest, ctx)) ?? 0;
  } catch (e) {
    return reportError(e);
  }
}

function reportError(e: unknown): number {
  if (e instanceof UsageError) {
    process.stderr.write(`warden: ${e.message}\n`);
    return 2;
  }
  if (isWardenError(e)) {
    process.stderr.write(`warden: ${e.message}\n`);
    return e.isInputError ? 2 : 1;
  }
  // A bug, not an expected fault: say so plainly; the stack only with WARDEN_DEBUG set.
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`warden: unexpected failure: ${message}\n`);
  if (process.env.WARDEN_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.exitCode = reportError(e);
  },
);
