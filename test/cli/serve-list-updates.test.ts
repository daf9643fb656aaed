/**
 * `warden serve --update-lists-every`: the server fetches the official lists itself, here from a
 * mirror on 127.0.0.1 serving the real UN file, and screens against them without a restart. A server
 * killed with SIGKILL leaves its control socket behind; the next one on the file takes it over.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';
import { runCli } from '../support/cli.js';
import { startServeProcess } from '../support/serve-process.js';
import { tempDbPath } from '../support/temp-stores.js';
import { until } from '../support/webhook-receiver.js';

describeWithDatasets('scheduled list updates in warden serve', () => {
  const db = tempDbPath('warden-serve-updates-');
  let mirror: Server;
  let mirrorUrl = '';
  let requests = 0;

  beforeAll(async () => {
    const un = readFileSync(sharedPath('un', 'consolidated_2026-02-27.xml'));
    mirror = createServer((req, res) => {
      requests++;
      if (req.url === '/consolidated.xml') res.writeHead(200, { 'content-length': un.length }).end(un);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => mirror.close(() => resolve()));
    db.remove();
  });

  const listsOf = async (url: string) =>
    ((await (await fetch(`${url}/healthz`)).json()) as { lists: { id: string }[] }).lists.map((l) => l.id);

  it('imports the official lists as it starts, and stores an unchanged file once', async () => {
    const server = await startServeProcess([
      '--db',
      db.path,
      '--update-lists-every',
      '1d',
      '--update-source',
      'un',
      '--mirror',
      mirrorUrl,
    ]);
    try {
      await until(async () => (/lists: un@\d+ is active/.test(server.stderr()) ? true : undefined), 50_000);
      expect(await listsOf(server.url)).toEqual([expect.stringMatching(/^un@/)]);
      expect(requests).toBe(1);
    } finally {
      // SIGKILL: no clean shutdown, the control socket stays behind.
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.on('exit', resolve));
    }

    const again = await startServeProcess([
      '--db',
      db.path,
      '--update-lists-every',
      '1d',
      '--update-source',
      'un',
      '--mirror',
      mirrorUrl,
    ]);
    try {
      await until(async () => (/lists: un unchanged/.test(again.stderr()) ? true : undefined), 60_000);
      expect(await listsOf(again.url)).toEqual([expect.stringMatching(/^un@/)]);
      const shown = await runCli(['reviewers', 'list', '--client', 'cl_none', '--db', db.path]);
      expect(shown.stderr).toContain('cl_none');
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it('refuses a bad schedule before opening anything', async () => {
    const result = await runCli(['serve', '--db', db.path, '--update-lists-every', 'weekly']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--update-lists-every takes a duration such as 90m, 36h or 7d, not "weekly"',
    );
    const unknown = await runCli(['serve', '--db', db.path, '--update-source', 'fatf']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "'--update-source <source...>' argument 'fatf' is invalid. Allowed choices are ofac, ofac-advanced, un, uk",
    );
  });
});
