import { describe, expect, it } from 'vitest';
import { VerifiedSecretCache } from '../../src/clients/index.js';

describe('verified secret cache', () => {
  const key = Buffer.alloc(32, 9);

  it('accepts only the remembered secret, for the remembered stored hash', () => {
    const cache = new VerifiedSecretCache(key);
    expect(cache.accepts('cl_a', 'hash-1', cache.digest('right'))).toBe(false);
    cache.remember('cl_a', 'hash-1', cache.digest('right'));
    expect(cache.accepts('cl_a', 'hash-1', cache.digest('right'))).toBe(true);
    expect(cache.accepts('cl_a', 'hash-1', cache.digest('wrong'))).toBe(false);
    expect(cache.accepts('cl_a', 'hash-2', cache.digest('right'))).toBe(false);
    expect(cache.accepts('cl_b', 'hash-1', cache.digest('right'))).toBe(false);
    cache.forget('cl_a');
    expect(cache.accepts('cl_a', 'hash-1', cache.digest('right'))).toBe(false);
  });

  it('is bounded: the oldest client is evicted first', () => {
    const cache = new VerifiedSecretCache(key, 2);
    for (const id of ['a', 'b', 'c']) cache.remember(id, 'h', cache.digest(id));
    expect(cache.size).toBe(2);
    expect(cache.accepts('a', 'h', cache.digest('a'))).toBe(false);
    expect(cache.accepts('c', 'h', cache.digest('c'))).toBe(true);
  });

  it('digests differ between processes (keys), so a digest is useless outside its cache', () => {
    expect(
      new VerifiedSecretCache(key)
        .digest('s')
        .equals(new VerifiedSecretCache(Buffer.alloc(32, 1)).digest('s')),
    ).toBe(false);
  });
});
