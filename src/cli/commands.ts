/**
 * The command table on commander: every command, argument and option with its description and
 * default, so `warden <command> --help` and `warden help <command>` give that command's own help.
 * An action imports its command's module only when it runs: start-up and `warden --help` load
 * neither DuckDB, nor a parser, nor fastify.
 */
import { Option, type Command } from 'commander';
import { LIST_SOURCES } from '../engine/list-sources.js';
import { DEFAULT_UPDATE_SOURCES, OFFICIAL_SOURCES } from '../lists/official-sources.js';
import type { ReviewerRole } from '../model/reviewer.js';
import type { CommandContext } from './command-context.js';

/** A command's module function: its options, its arguments among them by name, and its context. */
export type CommandRun<O> = (options: O, ctx: CommandContext) => Promise<number | void>;

/** Makes a commander action of a CommandRun loaded on first use (program.ts records its exit code). */
export type Launch = <O>(load: () => Promise<CommandRun<O>>) => (this: Command) => Promise<void>;

const OFFICIAL = Object.keys(OFFICIAL_SOURCES);
const REVIEWER_ROLES = ['analyst', 'approver'] as const satisfies readonly ReviewerRole[];
const DURATION = 'DURATION is a whole number of minutes, hours or days: 90m, 36h, 7d.';

/** An option whose help shows its default as it is typed on the command line. */
function withDefault(flags: string, description: string, value: string): Option {
  return new Option(flags, description).default(value, value);
}

function officialSourcesOption(flags: string): Option {
  return new Option(flags, 'official lists to download; several may follow, or repeat the option')
    .choices(OFFICIAL)
    .default([...DEFAULT_UPDATE_SOURCES], DEFAULT_UPDATE_SOURCES.join(' '));
}

function mirrorOption(): Option {
  return new Option(
    '--mirror <url>',
    "download from this mirror (same file names) instead of the publishers' sites",
  ).env('WARDEN_LIST_MIRROR');
}

function defineLists(program: Command, launch: Launch): void {
  const lists = program
    .command('lists')
    .description('show the loaded watchlists; import, diff and update them')
    .option('--json', 'one JSON line per list version instead of a table')
    // Undescribed, so not in the help: it lets showLists name an unknown subcommand as such.
    .argument('[subcommand]')
    .action(launch(async () => (await import('./commands/lists.js')).showLists));
  lists
    .command('import')
    .description(`import a list file as a new version of its list (${LIST_SOURCES.join(', ')})`)
    .argument('<path>', 'the list file or folder (.gz and .bz2 files are read as they are)')
    .addOption(
      new Option('--source <source>', 'the format of PATH').choices(LIST_SOURCES).makeOptionMandatory(),
    )
    .option('--list-name <name>', "the list PATH becomes a version of (default: the source's list)")
    .addHelpText(
      'after',
      '\nPrints the import summary as the last stdout line (JSON), then indexes the lists\nfor batch runs.',
    )
    .action(launch(async () => (await import('./commands/lists.js')).importList));
  lists
    .command('diff')
    .description('the entities added, changed and removed between two versions of a list (JSON lines)')
    .argument('<v1>', 'the earlier version id, as "warden lists" shows it (ofac-sdn@1)')
    .argument('<v2>', 'the later version id')
    .action(launch(async () => (await import('./commands/lists.js')).diffLists));
  lists
    .command('update')
    .description(`download the official lists (${OFFICIAL.join(', ')}) and import them; --mirror URL`)
    .addOption(officialSourcesOption('--source <source...>'))
    .addOption(mirrorOption())
    .addHelpText('after', '\nA failed or truncated download keeps the previous version of its list (exit 1).')
    .action(launch(async () => (await import('./commands/lists.js')).updateLists));
}

function defineScreen(program: Command, launch: Launch): void {
  program
    .command('screen')
    .description('screen one individual or organization; prints the result as JSON (the spec shape)')
    .requiredOption('--name <name>', 'the name to screen')
    .addOption(
      new Option('--type <type>', 'what the name is')
        .choices(['individual', 'organization'])
        .default('individual'),
    )
    .option('--dob <date>', 'date of birth, YYYY-MM-DD')
    .option('--nationality <code>', 'citizenship, ISO 3166-1 alpha-3 (COL)')
    .option('--gender <gender>', 'MALE or FEMALE')
    .option('--country <code>', 'the country of an organization, ISO 3166-1 alpha-3 (required for one)')
    .option('--document-number <number>', 'an identification number to compare with the listed ones')
    .option('--no-transposition', 'do not match a name with its parts in another order')
    .option('--explain', 'print why each match matched, for a person to read, instead of JSON')
    .action(launch(async () => (await import('./commands/screen.js')).run));
}

function defineBatch(program: Command, launch: Launch): void {
  program
    .command('batch')
    .description('re-screen a portfolio with the worker pool')
    .argument('<portfolio>', '.csv, .parquet, or duckdb:TABLE (a table in --db)')
    .requiredOption('--out <path>', 'where the results go: .jsonl, .csv or .duckdb')
    .option(
      '--workers <n>',
      'worker threads; 0 screens on the main thread (default: one per core, half for a delta run)',
    )
    .option(
      '--delta-since <version>',
      're-screen against the entities changed since a list version, or "last" run',
    )
    .option('--since-run <path>', 'the earlier run "--delta-since last" means (default: --out)')
    .option('--resume', 'continue an interrupted run into the same --out from its checkpoint')
    .option('--columns <mapping>', 'portfolio columns named otherwise: full_name=Name,birth_date=DOB')
    .option('--no-report', 'write no HTML report beside --out')
    .option('--client <id>', "honour this client's suppressions (suppressed matches are reported apart)")
    .option('--review-queue', "with --client: new matches become batch hits in the client's review queue")
    .option('--json', 'print the summary as one JSON line even on a terminal')
    .option(
      '--distributed <url>',
      'screen on the `warden worker`s of this Redis (redis://host:6379): same output and summary',
    )
    .option('--work-dir <dir>', 'with --distributed: a folder every worker sees at the same path')
    .option(
      '--shard-rows <n>',
      'with --distributed: rows per shard, the unit a worker takes (default: 10000)',
    )
    .action(launch(async () => (await import('./commands/batch.js')).run));
}

function defineWorker(program: Command, launch: Launch): void {
  program
    .command('worker')
    .description('screen the shards of distributed batch runs (warden batch --distributed), until stopped')
    .requiredOption('--redis <url>', 'the Redis of the runs (redis://host:6379; rediss:// for TLS)')
    .option('--concurrency <n>', 'screening threads, and shards taken at once (default: one per core)')
    .addOption(
      withDefault(
        '--lock-duration <ms>',
        'a worker silent this long (dead, paused) loses its shard to another; renewed while it screens',
        '30000',
      ),
    )
    .option(
      '--work-dir <dir>',
      "where this machine mounts the runs' work folder (default: the coordinator's path)",
    )
    .addHelpText(
      'after',
      '\nSIGTERM or SIGINT: take no more shards, finish those in hand, exit 0; a second one hands\nthem back to the queue at once.',
    )
    .action(launch(async () => (await import('./commands/worker.js')).run));
}

function defineNightly(program: Command, launch: Launch): void {
  program
    .command('nightly')
    .description('the nightly job: import the shared lists, generate the portfolio once, re-screen it')
    .addOption(withDefault('--rows <n>', 'rows of the generated portfolio', '100000'))
    .option('--workers <n>', 'worker threads; 0 screens on the main thread (default: one per core)')
    .addOption(
      new Option(
        '--datasets <path>',
        'the shared datasets folder (default: ../shared/datasets beside Warden)',
      ).env('WARDEN_SHARED_DATASETS'),
    )
    .action(launch(async () => (await import('./commands/nightly.js')).run));
}

function defineServe(program: Command, launch: Launch): void {
  program
    .command('serve')
    .description("serve the spec's HTTP interface and the review page")
    .addOption(withDefault('--port <port>', 'the port to listen on; 0 picks a free one', '8080'))
    .addOption(withDefault('--host <host>', 'the address to listen on', '127.0.0.1'))
    .addOption(withDefault('--webhook-retention-days <days>', 'how long webhook deliveries are kept', '30'))
    .option(
      '--update-lists-every <duration>',
      'download and import the official lists at start, then this often',
    )
    .addOption(officialSourcesOption('--update-source <source...>'))
    .addOption(mirrorOption())
    .option(
      '--max-list-age <duration>',
      '/readyz answers 503 while a list is older (default: any age is ready)',
    )
    .option('--log', 'one JSON line per request on stdout, without secrets')
    .option('--no-metrics', 'serve no /metrics')
    .addHelpText(
      'after',
      [
        '',
        DURATION,
        'GET /docs for the operations, /openapi.json, /review for reviewers; /livez, /readyz,',
        '/metrics. While it runs, "warden lists import|update", "clients create" and',
        '"reviewers ..." on the same --db are carried out by this server (a control socket',
        'beside the file).',
      ].join('\n'),
    )
    .action(launch(async () => (await import('./commands/serve.js')).run));
}

function defineClients(program: Command, launch: Launch): void {
  program
    .command('clients')
    .description('register API clients')
    .command('create')
    .description('register an API client; prints {"client_id","client_secret","webhook_secret"} once')
    .requiredOption('--name <name>', "the client's name")
    .option('--webhook <url>', 'where signed webhooks about its transactions go')
    .action(launch(async () => (await import('./commands/clients.js')).createClient));
}

function defineReviewers(program: Command, launch: Launch): void {
  const reviewers = program.command('reviewers').description("manage a client's reviewers (the review API)");
  const clientOption = () =>
    new Option('--client <id>', 'the client the reviewers work for').makeOptionMandatory();
  reviewers
    .command('create')
    .description('add a reviewer; prints {"client_id","name","role","password"}, the password only here')
    .addOption(clientOption())
    .requiredOption('--name <name>', 'the login name')
    .addOption(
      new Option('--role <role>', 'analyst decides; approver also approves the decisions of others')
        .choices(REVIEWER_ROLES)
        .makeOptionMandatory(),
    )
    .action(launch(async () => (await import('./commands/reviewers.js')).createReviewer));
  reviewers
    .command('list')
    .description("the client's reviewers, one JSON line each (no password hash)")
    .addOption(clientOption())
    .action(launch(async () => (await import('./commands/reviewers.js')).listReviewers));
  reviewers
    .command('disable')
    .description('disable a reviewer: no new token, and their tokens stop working')
    .addOption(clientOption())
    .requiredOption('--name <name>', 'the login name')
    .action(launch(async () => (await import('./commands/reviewers.js')).disableReviewer));
}

/** Adds every command to `program`, in the order `warden --help` lists them. */
export function defineCommands(program: Command, launch: Launch): void {
  for (const define of [
    defineLists,
    defineScreen,
    defineBatch,
    defineWorker,
    defineNightly,
    defineServe,
    defineClients,
    defineReviewers,
  ])
    define(program, launch);
}
