import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/wallet/seeded-random.js';

function draw(seed: number, n: number): number[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: n }, () => random.uint32());
}

describe('SeededRandom', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    expect(draw(7, 20)).toEqual(draw(7, 20));
    expect(draw(7, 20)).not.toEqual(draw(8, 20));
  });

  it('spreads next() evenly over [0, 1)', () => {
    const random = new SeededRandom(1);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const x = random.next();
      expect(x >= 0 && x < 1).toBe(true);
      buckets[Math.floor(x * 10)]! += 1;
    }
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it.each([[1], [2], [7], [1000]])('int(%i) stays in range and reaches both ends', (n) => {
    const random = new SeededRandom(n);
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) seen.add(random.int(n));
    expect(Math.min(...seen)).toBe(0);
    expect(Math.max(...seen)).toBe(n - 1);
  });

  it('draws log-normal amounts whose median is exp(mu)', () => {
    const random = new SeededRandom(3);
    const values = Array.from({ length: 20_001 }, () => random.logNormal(Math.log(500), 1.5)).sort(
      (a, b) => a - b,
    );
    expect(values[10_000]).toBeGreaterThan(450);
    expect(values[10_000]).toBeLessThan(550);
  });

  it('writes hex strings of the asked length', () => {
    const random = new SeededRandom(4);
    expect(random.hex(40)).toMatch(/^[0-9a-f]{40}$/);
    expect(random.hex(3)).toMatch(/^[0-9a-f]{3}$/);
  });

  it('refuses to pick from an empty array', () => {
    expect(() => new SeededRandom(5).pick([])).toThrow(RangeError);
  });
});
