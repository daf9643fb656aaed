/** `warden reviewers create|list|disable` through the built CLI (dist/), on a DuckDB file. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { NewReviewerCredentials, Reviewer } from '../../src/model/reviewer.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { tempDbPath } from '../support/temp-stores.js';

let db: { path: string; remove: () => void };
let clientId: string;

beforeAll(async () => {
  db = tempDbPath('warden-reviewers-');
  const created = await runCli(['clients', 'create', '--name', 'Acme', '--db', db.path]);
  clientId = lastJsonLine<{ client_id: string }>(created.stdout).client_id;
});
afterAll(() => db.remove());

describe('warden reviewers', () => {
  it('creates a reviewer and prints the password once, as the last JSON line', async () => {
    const result = await runCli([
      'reviewers',
      'create',
      '--client',
      clientId,
      '--name',
      'ana',
      '--role',
      'analyst',
      '--db',
      db.path,
    ]);
    expect(result.code).toBe(0);
    const created = NewReviewerCredentials.parse(lastJsonLine(result.stdout));
    expect(created).toMatchObject({ client_id: clientId, name: 'ana', role: 'analyst' });
    expect(created.password.length).toBeGreaterThanOrEqual(24);

    // The password logs in; it was stored hashed.
    const engine = await createEngine({ db: db.path });
    try {
      const token = await engine.review.reviewers.login(clientId, 'ana', created.password, Date.now());
      expect(token.token_type).toBe('Bearer');
    } finally {
      await engine.close();
    }
  });

  it('lists the reviewers without their password hashes, then disables one', async () => {
    await runCli([
      'reviewers',
      'create',
      '--client',
      clientId,
      '--name',
      'pablo',
      '--role',
      'approver',
      '--db',
      db.path,
    ]);
    const listed = await runCli(['reviewers', 'list', '--client', clientId, '--db', db.path]);
    const reviewers = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(reviewers.map((r) => [r.name, r.role, r.disabled])).toEqual([
      ['ana', 'analyst', false],
      ['pablo', 'approver', false],
    ]);
    expect(reviewers.every((r) => !('password_hash' in r))).toBe(true);

    const disabled = await runCli([
      'reviewers',
      'disable',
      '--client',
      clientId,
      '--name',
      'ana',
      '--db',
      db.path,
    ]);
    expect(disabled.code).toBe(0);
    expect(Reviewer.parse(lastJsonLine(disabled.stdout)).disabled).toBe(true);
  });

  it.each([
    [['reviewers', 'create', '--client', 'cl_0000000000000000', '--name', 'x', '--role', 'analyst'], 2],
    [['reviewers', 'create', '--name', 'x', '--role', 'analyst'], 2],
    [['reviewers', 'create', '--client', 'CLIENT', '--name', 'x', '--role', 'boss'], 2],
  ])('refuses %j with exit %i', async (args, code) => {
    const result = await runCli([...args.map((a) => (a === 'CLIENT' ? clientId : a)), '--db', db.path]);
    expect(result.code).toBe(code);
    expect(result.stderr).not.toBe('');
  });

  it('refuses a second reviewer of the same name', async () => {
    const result = await runCli([
      'reviewers',
      'create',
      '--client',
      clientId,
      '--name',
      'pablo',
      '--role',
      'analyst',
      '--db',
      db.path,
    ]);
    expect(result.code).toBe(2);
  });
});
