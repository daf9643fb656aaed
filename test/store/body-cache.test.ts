/** The body cache stays within its capacity and keeps what was used since it last came round. */
import { describe, expect, it } from 'vitest';
import { BodyCache } from '../../src/store/body-cache.js';

describe('BodyCache', () => {
  it('evicts the oldest unused bodies to stay within its capacity', () => {
    const cache = new BodyCache<number, string>(30);
    for (let k = 1; k <= 3; k++) cache.set(k, `body ${k}`, 10);
    cache.set(4, 'body 4', 10);
    expect(cache.size).toBe(30);
    expect(cache.get(1)).toBeUndefined();
    expect([2, 3, 4].map((k) => cache.get(k))).toEqual(['body 2', 'body 3', 'body 4']);
  });

  it('gives a body read since it came round a second chance', () => {
    const cache = new BodyCache<number, string>(30);
    for (let k = 1; k <= 3; k++) cache.set(k, `body ${k}`, 10);
    cache.get(1);
    cache.set(4, 'body 4', 10);
    expect(cache.get(1)).toBe('body 1');
    expect(cache.get(2)).toBeUndefined();
  });

  it('does not keep a body larger than the whole cache, and replaces a key in place', () => {
    const cache = new BodyCache<number, string>(30);
    cache.set(1, 'small', 10);
    cache.set(2, 'huge', 31);
    expect(cache.get(2)).toBeUndefined();
    cache.set(1, 'newer', 12);
    expect(cache.size).toBe(12);
    expect(cache.get(1)).toBe('newer');
  });
});
