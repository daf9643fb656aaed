/**
 * The `warden` program through the built CLI (dist/): each command's own help with every option
 * described, `warden help COMMAND`, bad usage as one sentence and exit 2, and --db wherever it
 * stands (src/cli/program.ts, src/cli/commands.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_SOURCES } from '../../src/engine/list-sources.js';
import { OFFICIAL_SOURCES } from '../../src/lists/official-sources.js';
import { runCli } from '../support/cli.js';
import { REPO_ROOT } from '../support/datasets.js';
import { tempFolder } from '../batch/support/batch-fixtures.js';

const COMMANDS = [
  ['lists'],
  ['lists', 'import'],
  ['lists', 'diff'],
  ['lists', 'update'],
  ['screen'],
  ['batch'],
  ['worker'],
  ['nightly'],
  ['serve'],
  ['clients', 'create'],
  ['reviewers', 'create'],
  ['reviewers', 'list'],
  ['reviewers', 'disable'],
];

/** The lines of a help's "Options:" block that start an option (descriptions may wrap below). */
function optionLines(help: string): string[] {
  const block = help.split('\nOptions:\n')[1]?.split('\n\n')[0] ?? '';
  return block.split('\n').filter((line) => /^ {2}-/.test(line));
}

describe('warden COMMAND --help', () => {
  it.each(COMMANDS)('%s %s: its own usage, every option with a description', async (...command) => {
    const result = await runCli([...command, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(`Usage: warden ${command.join(' ')} `)).toBe(true);
    const options = optionLines(result.stdout);
    expect(options.length).toBeGreaterThan(1);
    for (const line of options) expect(line).toMatch(/^ {2}(-\w, )?--[\w-]+( <[\w.]+>)? {2,}\S/);
    expect(options.some((line) => line.startsWith('  --db <path>'))).toBe(true);
  });

  it('lists import names every source', async () => {
    const help = (await runCli(['lists', 'import', '--help'])).stdout;
    for (const source of LIST_SOURCES) expect(help).toContain(`"${source}"`);
  });

  it('lists update has --source with every official list, and --mirror', async () => {
    const help = (await runCli(['lists', 'update', '--help'])).stdout;
    expect(help).toContain('--source <source...>');
    for (const source of Object.keys(OFFICIAL_SOURCES)) expect(help).toContain(`"${source}"`);
    expect(help).toMatch(/--mirror <url> +download from this mirror/);
  });

  it('lists names its subcommands with ofac-advanced and --mirror', async () => {
    const help = (await runCli(['lists', '--help'])).stdout;
    expect(help).toMatch(/^ {2}import \[options\] <path>/m);
    expect(help).toContain('ofac-advanced');
    expect(help).toContain('--mirror');
  });

  it('serve shows its defaults', async () => {
    const help = (await runCli(['serve', '--help'])).stdout;
    expect(help).toMatch(/--port <port> +the port to listen on; 0 picks a free one\s+\(default: 8080\)/);
    expect(help).toMatch(/\(default: 127\.0\.0\.1\)/);
  });
});

describe('warden help', () => {
  it.each([[['batch']], [['lists', 'import']], [['reviewers', 'create']]])(
    'warden help %j prints what --help prints',
    async (command) => {
      const viaHelp = await runCli(['help', ...command]);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toBe((await runCli([...command, '--help'])).stdout);
    },
  );

  it('warden help alone is warden --help, listing every command', async () => {
    const help = await runCli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await runCli(['--help'])).stdout);
    for (const command of ['lists', 'screen', 'batch', 'nightly', 'serve', 'clients', 'reviewers', 'help'])
      expect(help.stdout).toMatch(new RegExp(`^ {2}${command} `, 'm'));
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect((await runCli(['--version'])).stdout).toBe(`${version}\n`);
  });
});

describe('bad usage', () => {
  it.each([
    [['bogus'], /^warden: unknown command 'bogus'; see "warden --help"\.$/],
    [['help', 'bogus'], /^warden: unknown command 'bogus'/],
    [['lists', 'bogus'], /^warden: unknown command 'lists bogus'; see "warden lists --help"\.$/],
    [['--bogus'], /^warden: unknown option '--bogus'/],
    [
      ['batch', 'p.csv', '--out', 'o.jsonl', '--bogus'],
      /unknown option '--bogus'; see "warden batch --help"\.$/,
    ],
    [['lists', 'diff', 'ofac-sdn@1'], /missing required argument 'v2'; see "warden lists diff --help"\.$/],
    [['lists', 'import', 'x.csv'], /required option '--source <source>' not specified/],
    [['reviewers', 'list', '--client'], /option '--client <id>' argument missing/],
    [
      ['screen', '--name', 'x', '--type', 'robot'],
      /argument 'robot' is invalid\. Allowed choices are individual, organization/,
    ],
  ])('%j exits 2 with one sentence on stderr', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(message);
  });

  it('warden alone prints the help on stderr and exits 2', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Usage: warden /);
  });
});

describe('--db', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempFolder('warden-cli-db-');
  });

  it.each([
    ['before the command', (db: string) => ['--db', db, 'clients', 'create', '--name', 'A']],
    ['between command and subcommand', (db: string) => ['clients', '--db', db, 'create', '--name', 'A']],
    ['among the options', (db: string) => ['clients', 'create', '--db', db, '--name', 'A']],
    ['at the end, as --db=PATH', (db: string) => ['clients', 'create', '--name', 'A', `--db=${db}`]],
  ])('works %s', async (where, args) => {
    const db = join(dir, `${where.replace(/\W+/g, '-')}.duckdb`);
    const result = await runCli(args(db));
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(db)).toBe(true);
  });

  it('defaults to $WARDEN_DB, which --db overrides', async () => {
    const fromEnv = join(dir, 'env.duckdb');
    const fromFlag = join(dir, 'flag.duckdb');
    const shown = await runCli(['lists'], { WARDEN_DB: fromEnv });
    expect(shown.stdout).toContain(`No lists are loaded in ${fromEnv}.`);
    const overridden = await runCli(['lists', '--db', fromFlag], { WARDEN_DB: fromEnv });
    expect(overridden.stdout).toContain(`No lists are loaded in ${fromFlag}.`);
  });
});
