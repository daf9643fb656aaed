/**
 * `warden serve` through the built CLI (dist/): a bad --max-list-age is a usage error (exit 2), a
 * port in use is a failure said in one sentence (exit 1), and a real server with --log writes one JSON line per request on stdout, none holding a secret the
 * requests carried (in a query, a body, an Authorization header or a cookie).
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anIndividualRequest } from '../support/factories.js';
import { houseListImportArgs } from '../support/house-list.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { startServeProcess } from '../support/serve-process.js';
import { tempDbPath } from '../support/temp-stores.js';

let db: { path: string; remove: () => void };
beforeAll(() => {
  db = tempDbPath('warden-serve-');
});
afterAll(() => db.remove());

describe('warden serve --max-list-age', () => {
  it.each(['36', '0h', '1.5d', '-7d', 'a week'])('refuses "%s" with a usage error', async (value) => {
    const result = await runCli(['serve', '--port', '0', `--max-list-age=${value}`, '--db', db.path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `--max-list-age takes a duration such as 90m, 36h or 7d, not "${value}".`,
    );
  });
});

describe('warden serve on a port another process holds', () => {
  it('says so in one sentence and exits 1, not as an unexpected failure', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const result = await runCli(['serve', '--port', String(port), '--db', db.path]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `warden: port ${port} on 127.0.0.1 is already in use; pick another with --port\n`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

describe('warden serve --log', () => {
  it('writes one JSON line per request, with route and client_id, and no secret', async () => {
    const created = await runCli(['clients', 'create', '--name', 'Ops', '--db', db.path]);
    const { client_id, client_secret } = lastJsonLine<{ client_id: string; client_secret: string }>(
      created.stdout,
    );
    expect((await runCli(houseListImportArgs(db.path))).code).toBe(0);

    const serve = await startServeProcess(['--log', '--max-list-age', '7d', '--db', db.path]);
    const url = serve.url;
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    const screening = await fetch(`${url}/api/v1/screening/entities/individuals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=cookie-value-31' },
      body: JSON.stringify(anIndividualRequest({ client_id, client_secret })),
    });
    expect(screening.status).toBe(201);
    await fetch(`${url}/api/v1/verification/get?${new URLSearchParams({ client_id, client_secret })}`);
    const refused = await fetch(`${url}/api/v1/client-api/onboardings/entity/list`, {
      headers: { authorization: 'Bearer bearer-value-31' },
    });
    expect(refused.status).toBe(401);
    expect(await serve.stop()).toBe(0);
    const stdout = serve.stdout();

    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => [line.method, line.route, line.status, line.client_id])).toEqual([
      ['GET', '/readyz', 200, null],
      ['POST', '/api/v1/screening/entities/individuals', 201, client_id],
      ['GET', '/api/v1/verification/get', 200, client_id],
      ['GET', '/api/v1/client-api/onboardings/entity/list', 401, null],
    ]);
    for (const line of completed) {
      expect(line).toMatchObject({ reqId: expect.any(String), ms: expect.any(Number) });
    }
    for (const secret of [client_secret, 'cookie-value-31', 'bearer-value-31']) {
      expect(stdout).not.toContain(secret);
    }
  });
});
