import { beforeEach, describe, expect, it } from 'vitest';
import { openClientRegistry, type ClientRegistry } from '../../src/clients/index.js';
import { openReviewerRegistry, type ReviewerRegistry } from '../../src/review/index.js';
import { openMemoryStore } from '../../src/store/memory.js';

const NOW = Date.parse('2026-05-01T10:00:00Z');
const SCRYPT = { N: 16, r: 1, p: 1 };
let reviewers: ReviewerRegistry;
let clients: ClientRegistry;
let clientId: string;

beforeEach(async () => {
  const store = openMemoryStore();
  clients = await openClientRegistry(store.records, { now: NOW, scrypt: SCRYPT });
  ({ client_id: clientId } = await clients.createClient({ name: 'Acme', now: NOW }));
  reviewers = await openReviewerRegistry(store.records, { now: NOW, scrypt: SCRYPT });
});

const codeOf = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
    return 'OK';
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('reviewer registry', () => {
  it('logs a reviewer in with the generated password and verifies the token with the current role', async () => {
    const { password } = await reviewers.create({ clientId, name: 'ana', role: 'analyst', now: NOW });
    const { access_token } = await reviewers.login(clientId, 'ana', password, NOW);
    expect(reviewers.verify(`Bearer ${access_token}`, NOW)).toEqual({
      clientId,
      name: 'ana',
      role: 'analyst',
    });
    expect(await codeOf(reviewers.login(clientId, 'ana', 'wrong', NOW))).toBe('UNAUTHORIZED');
    expect(await codeOf(reviewers.login(clientId, 'nobody', password, NOW))).toBe('UNAUTHORIZED');
    expect(await codeOf(() => reviewers.verify(`Bearer ${access_token}`, NOW + 3600_000))).toBe(
      'UNAUTHORIZED',
    );
  });

  it('refuses a disabled reviewer a token, and their earlier tokens', async () => {
    const { password } = await reviewers.create({ clientId, name: 'ana', role: 'analyst', now: NOW });
    const { access_token } = await reviewers.login(clientId, 'ana', password, NOW);
    await reviewers.disable(clientId, 'ana', NOW);
    expect(await codeOf(() => reviewers.verify(`Bearer ${access_token}`, NOW))).toBe('UNAUTHORIZED');
    expect(await codeOf(reviewers.login(clientId, 'ana', password, NOW))).toBe('UNAUTHORIZED');
  });

  it('keeps client tokens and reviewer tokens apart, though one key signs both', async () => {
    const { password } = await reviewers.create({ clientId, name: 'ana', role: 'approver', now: NOW });
    const reviewerToken = (await reviewers.login(clientId, 'ana', password, NOW)).access_token;
    const clientToken = clients.issueToken({ client_id: clientId }, NOW).access_token;
    expect(await codeOf(() => clients.verifyToken(`Bearer ${reviewerToken}`, NOW))).toBe('UNAUTHORIZED');
    expect(await codeOf(() => reviewers.verify(`Bearer ${clientToken}`, NOW))).toBe('UNAUTHORIZED');
  });

  it('refuses a duplicate name and an unknown role', async () => {
    await reviewers.create({ clientId, name: 'ana', role: 'analyst', now: NOW });
    expect(await codeOf(reviewers.create({ clientId, name: 'ana', role: 'approver', now: NOW }))).toBe(
      'CONFLICT',
    );
    expect(await codeOf(reviewers.create({ clientId, name: 'bo', role: 'boss', now: NOW }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(reviewers.list(clientId).map((r) => r.name)).toEqual(['ana']);
    expect(reviewers.list('cl_other')).toEqual([]);
  });
});
