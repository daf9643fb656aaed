/** The command table: name, one-line summary, usage, and a lazy loader (start-up stays fast). */
import type { CommandModule } from './args.js';

interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  load(): Promise<CommandModule>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'lists',
    summary: 'import, list, diff and update watchlists',
    usage: [
      'warden lists                                   show loaded lists and their versions',
      'warden lists import --source SOURCE PATH [--list-name NAME]',
      '       SOURCE: ofac | ofac-advanced | un | uk | pep | csv | addresses',
      'warden lists diff V1 V2                        the changes between two versions (JSON lines)',
      'warden lists update [--source ofac|un|uk]      download the official lists',
    ].join('\n'),
    load: () => import('./commands/lists.js'),
  },
  {
    name: 'screen',
    summary: 'screen one individual or organization',
    usage: [
      'warden screen --name "NAME" [--dob YYYY-MM-DD] [--nationality XXX] [--gender MALE|FEMALE]',
      '              [--type individual|organization] [--country XXX] [--document-number N]',
      '              [--no-transposition] [--explain]',
      '  prints the screening result as JSON (spec shape); --explain prints why each match matched',
    ].join('\n'),
    load: () => import('./commands/screen.js'),
  },
  {
    name: 'batch',
    summary: 're-screen a portfolio with the worker pool',
    usage: [
      'warden batch PORTFOLIO --out OUT [--workers N] [--delta-since VERSION|last] [--since-run PATH]',
      '             [--resume] [--columns full_name=Name,…] [--no-report] [--client ID [--review-queue]]',
      '  PORTFOLIO: .csv, .parquet or duckdb:TABLE (a table in --db); OUT: .jsonl, .csv or .duckdb',
      '  exit 3 when the run finished but some rows could not be screened (their lines carry "error");',
      '  refuses to start (exit 1) when no list is loaded',
      "  --client: honour the client's suppressions (suppressed matches are reported apart);",
      "  --review-queue: new matches become batch hits in the client's review queue",
    ].join('\n'),
    load: () => import('./commands/batch.js'),
  },
  {
    name: 'nightly',
    summary: 'the nightly job: import the shared lists, generate the portfolio once, re-screen it',
    usage: 'warden nightly [--rows 100000] [--workers N] [--datasets PATH]',
    load: () => import('./commands/nightly.js'),
  },
  {
    name: 'serve',
    summary: "serve the spec's HTTP interface",
    usage: [
      'warden serve [--port 8080] [--host 127.0.0.1] [--webhook-retention-days 30]',
      '             [--update-lists-every DURATION [--update-source ofac|un|uk …] [--mirror URL]]',
      '             [--max-list-age DURATION] [--log] [--no-metrics]',
      '  GET /docs for the operations, /openapi.json; /review for reviewers; /livez, /readyz, /metrics.',
      '  While it runs, "warden lists import|update", "clients create" and "reviewers …" on the same',
      '  --db are carried out by the server (control socket beside the file); DURATION: 90m, 36h, 7d.',
      '  --max-list-age: /readyz answers 503 while a list is older; default: lists of any age are ready.',
      '  --log: one JSON line per request on stdout, without secrets; --no-metrics: no /metrics.',
    ].join('\n'),
    load: () => import('./commands/serve.js'),
  },
  {
    name: 'clients',
    summary: 'register API clients',
    usage:
      'warden clients create --name NAME [--webhook URL]   prints {"client_id","client_secret","webhook_secret"}',
    load: () => import('./commands/clients.js'),
  },
  {
    name: 'reviewers',
    summary: "manage a client's reviewers (the review API)",
    usage: [
      'warden reviewers create --client CLIENT_ID --name NAME --role analyst|approver',
      '       prints {"client_id","name","role","password"}; the password is shown only here',
      'warden reviewers list --client CLIENT_ID        one JSON line per reviewer',
      'warden reviewers disable --client CLIENT_ID --name NAME',
    ].join('\n'),
    load: () => import('./commands/reviewers.js'),
  },
];

export function usage(command?: CommandEntry): string {
  if (command)
    return `Usage:\n${command.usage}\n\nGlobal options: --db PATH (default ./warden.duckdb or $WARDEN_DB)`;
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'warden — in-process AML/CTF screening',
    '',
    'Usage: warden <command> [options] [--db PATH]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '  --db PATH    the DuckDB file (default ./warden.duckdb or $WARDEN_DB)',
    '  --help       show help (after a command: that command’s help)',
    '  --version    print the version',
  ].join('\n');
}
