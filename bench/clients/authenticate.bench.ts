/**
 * Client authentication: a cold scrypt verification (first request of a client, or any wrong secret)
 * vs a hit in the verified-secret cache (every later request with the same credentials).
 * vitest prints hz, p99 and "N× faster than".
 */
import { bench, describe } from 'vitest';
import { hashSecret, openClientRegistry, verifySecret } from '../../src/clients/index.js';
import { openMemoryStore } from '../../src/store/index.js';
import { randomBytes } from 'node:crypto';

const NOW = 1_714_000_000_000;
const registry = await openClientRegistry(openMemoryStore().records, { now: NOW });
const { client_id, client_secret } = await registry.createClient({ name: 'bench', now: NOW });
await registry.authenticate(client_id, client_secret);
const stored = await hashSecret(client_secret, randomBytes);

describe('authenticate one client', () => {
  bench('scrypt verification (cache miss, wrong secret)', async () => {
    await verifySecret(client_secret, stored);
  });
  bench('registry.authenticate, verified-secret cache hit', async () => {
    await registry.authenticate(client_id, client_secret);
  });
});
