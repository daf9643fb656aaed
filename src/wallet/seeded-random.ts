/**
 * A small deterministic PRNG (sfc32, seeded through splitmix32) for synthetic data and fuzzing.
 * The core never calls Math.random: the same seed gives the same graph on every machine, so a test
 * can assert "found at hop 2" and a benchmark can be rerun on identical input.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // splitmix32 spreads a small integer seed over sfc32's 128 bits of state.
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    // sfc32's first outputs are correlated with the seed; discard a few.
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new RangeError('pick() needs a non-empty array');
    return item;
  }

  /** A log-normal variate: amounts of money spread over orders of magnitude. */
  logNormal(mu: number, sigma: number): number {
    // Box–Muller; 1 - next() keeps the logarithm's argument in (0, 1].
    const u = 1 - this.next();
    const v = this.next();
    return Math.exp(mu + sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
  }

  /** `prefix` followed by `length` random lower-case hex digits. */
  hex(length: number, prefix = ''): string {
    // Built from char codes in one go: a flat string. Concatenating pieces would give a rope
    // (V8 ConsString) that every later Map lookup and === must walk, measured 10× slower.
    const codes = new Array<number>(prefix.length + length);
    for (let i = 0; i < prefix.length; i++) codes[i] = prefix.charCodeAt(i);
    for (let i = 0; i < length; i += 8) {
      const word = this.uint32();
      for (let j = 0; j < 8 && i + j < length; j++) {
        const nibble = (word >>> (28 - 4 * j)) & 0xf;
        codes[prefix.length + i + j] = nibble < 10 ? 48 + nibble : 87 + nibble;
      }
    }
    return String.fromCharCode(...codes);
  }
}
