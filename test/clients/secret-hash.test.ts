import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, hashSecret, verifySecret } from '../../src/clients/index.js';

describe('secret hash', () => {
  it('verifies the secret it hashed and nothing else', async () => {
    const hash = await hashSecret('s3cret-value', randomBytes);
    expect(hash).toMatchObject({ algorithm: 'scrypt', ...SCRYPT_PARAMS });
    expect(await verifySecret('s3cret-value', hash)).toBe(true);
    expect(await verifySecret('s3cret-valuf', hash)).toBe(false);
    expect(await verifySecret('', hash)).toBe(false);
  });

  it('salts: the same secret hashes differently twice', async () => {
    const [a, b] = await Promise.all([hashSecret('same', randomBytes), hashSecret('same', randomBytes)]);
    expect(a.hash).not.toBe(b.hash);
  });

  it('verifies with the parameters stored on the hash, so the cost can be raised later', async () => {
    const stronger = await hashSecret('s3cret', randomBytes, { N: 1024, r: 8, p: 1 });
    expect(stronger.N).toBe(1024);
    expect(await verifySecret('s3cret', stronger)).toBe(true);
  });
});
