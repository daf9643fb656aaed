/**
 * Lists, clients and reviewers changed from the command line while `warden serve` holds the DuckDB
 * file (issue #31): the CLI hands the write to the running server through its control socket, and
 * the server screens with a new list version at once, without a restart. Real processes throughout.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlSocketOf } from '../../src/control/index.js';
import { ScreeningResult } from '../../src/model/screening-result.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { HOUSE_ENTITY_NAME, houseListImportArgs } from '../support/house-list.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';
import { tempDbPath } from '../support/temp-stores.js';

const db = tempDbPath('warden-serve-control-');
let server: ServeProcess;

beforeAll(async () => {
  server = await startServeProcess(['--db', db.path]);
});
afterAll(async () => {
  await server?.stop();
  db.remove();
});

describe('the command line beside a running server', () => {
  it('creates a client through the server, which can then use it', async () => {
    const created = await runCli(['clients', 'create', '--name', 'Acme', '--db', db.path]);
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('handed to the warden server');
    const { client_id, client_secret } = lastJsonLine<{ client_id: string; client_secret: string }>(
      created.stdout,
    );

    // No list yet: screening says so rather than finding nothing.
    const screen = () =>
      fetch(`${server.url}/api/v1/screening/entities/individuals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id, client_secret, full_name: HOUSE_ENTITY_NAME }),
      });
    expect((await screen()).status).toBe(503);

    const imported = await runCli(houseListImportArgs(db.path));
    expect(imported.code).toBe(0);
    expect(lastJsonLine<{ new_version: boolean; list: string }>(imported.stdout)).toMatchObject({
      list: 'house',
      new_version: true,
    });
    const response = await screen();
    expect(response.status).toBe(201);
    expect(ScreeningResult.parse(await response.json()).coincidences).toBe(true);

    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { lists: { list: string }[] };
    expect(health.lists.map((l) => l.list)).toEqual(['house']);

    const reviewer = await runCli([
      'reviewers',
      'create',
      '--client',
      client_id,
      '--name',
      'ana',
      '--role',
      'analyst',
      '--db',
      db.path,
    ]);
    expect(reviewer.code).toBe(0);
    expect(lastJsonLine<{ name: string; password: string }>(reviewer.stdout).name).toBe('ana');
    const listed = await runCli(['reviewers', 'list', '--client', client_id, '--db', db.path]);
    expect(listed.stdout).toContain('"ana"');
  });

  it('says who holds the file when a command needs it to itself', async () => {
    const result = await runCli(['screen', '--name', HOUSE_ENTITY_NAME, '--db', db.path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is in use by process \d+ \(a running warden serve\?\)/);
  });

  it("passes the server's refusal on as the command's error", async () => {
    const result = await runCli(['reviewers', 'list', '--client', 'cl_nobody', '--db', db.path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cl_nobody');
    const missing = await runCli([
      'lists',
      'import',
      '--source',
      'csv',
      '/nowhere/list.csv',
      '--list-name',
      'x',
      '--db',
      db.path,
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('/nowhere/list.csv');
  });

  it('removes its control socket when it stops, and the file opens directly again', async () => {
    const socket = controlSocketOf(db.path)!;
    expect(existsSync(socket)).toBe(true);
    expect(await server.stop()).toBe(0);
    expect(existsSync(socket)).toBe(false);
    const shown = await runCli(['lists', '--db', db.path]);
    expect(shown.code).toBe(0);
    expect(shown.stderr).not.toContain('handed to');
    expect(shown.stdout).toContain('house');
  });
});
