/**
 * String → small integer, for the vocabulary's lookups on the query path. A Map of ~30k strings
 * measured 300–700 ns a lookup here (its hash chains and key strings are cache misses); this table
 * probes one cell of one typed array, keyed by an FNV-1a hash computed in place, and reads the stored
 * string only to confirm a full-hash match: a miss is usually settled without touching a string.
 */

const EMPTY = -1;
/** FNV-1a's 32-bit offset basis and prime: every hash of this file is FNV-1a over UTF-16 code units. */
const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over UTF-16 code units, as a signed 32-bit integer (from `h`: a prefix's hash goes on). */
function hashOf(text: string, h = FNV_BASIS): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h | 0;
}

/**
 * FNV-1a over UTF-16 code units, unsigned: the hash of a prepared name's exact key and of its tokens'
 * stems, and of a batch sidecar's external ids. A loop of its own: written as `hashOf(text) >>> 0`
 * it was not inlined where names are prepared, and preparing one cost ~0.8 µs more.
 */
export function fnv1a(text: string): number {
  let h = FNV_BASIS;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

export class StringTable {
  // Open addressing, linear probing: cell c holds [hash, entry] at 2c, 2c + 1 (entry -1: empty).
  private cells: Int32Array;
  private mask: number;
  private readonly keys: string[] = [];
  private readonly values: number[] = [];

  constructor(expected = 64) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.cells = new Int32Array(capacity * 2).fill(EMPTY);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.keys.length;
  }

  /** The value stored for `key`, or -1. */
  get(key: string): number {
    const hash = hashOf(key);
    const cells = this.cells;
    for (let c = hash & this.mask; ; c = (c + 1) & this.mask) {
      const entry = cells[2 * c + 1]!;
      if (entry === EMPTY) return -1;
      if (cells[2 * c] === hash && this.keys[entry] === key) return this.values[entry]!;
    }
  }

  /** The value stored for the key `a + b`, or -1, without building that string. */
  getPair(a: string, b: string): number {
    const hash = hashOf(b, hashOf(a));
    const cells = this.cells;
    for (let c = hash & this.mask; ; c = (c + 1) & this.mask) {
      const entry = cells[2 * c + 1]!;
      if (entry === EMPTY) return -1;
      if (cells[2 * c] !== hash) continue;
      const key = this.keys[entry]!;
      if (key.length === a.length + b.length && key.startsWith(a) && key.endsWith(b))
        return this.values[entry]!;
    }
  }

  /**
   * Bit min(n, 31) is set for each length n of a string `b` that could make `a + b` a key: 0 when no
   * longer key begins with `a`, so getPair need not be asked. Prefixes are told apart by hash, so a
   * mask may have a bit to spare, never one missing.
   */
  restLengths(a: string): number {
    const rests = (this.rests ??= this.prefixRests());
    const mask = rests.length / 2 - 1;
    const hash = hashOf(a);
    for (let c = hash & mask; ; c = (c + 1) & mask) {
      const lengths = rests[2 * c + 1]!;
      if (lengths === 0 || rests[2 * c] === hash) return lengths;
    }
  }

  // Per proper prefix of a key, by hash: the lengths of what follows it in the keys it begins, as
  // restLengths' bits ([hash, bits] per cell; bits 0: empty). Built on first use; add() drops it.
  private rests: Int32Array | undefined;

  private prefixRests(): Int32Array {
    let prefixes = 0;
    for (const key of this.keys) prefixes += Math.max(0, key.length - 1);
    let capacity = 16;
    while (capacity < prefixes * 2) capacity *= 2;
    const rests = new Int32Array(capacity * 2);
    const mask = capacity - 1;
    for (const key of this.keys) {
      // hashOf of each proper prefix, one more code unit at a time.
      let hash = FNV_BASIS;
      for (let end = 1; end < key.length; end++) {
        hash = Math.imul(hash ^ key.charCodeAt(end - 1), FNV_PRIME);
        let c = (hash | 0) & mask;
        while (rests[2 * c + 1] !== 0 && rests[2 * c] !== (hash | 0)) c = (c + 1) & mask;
        rests[2 * c] = hash | 0;
        rests[2 * c + 1]! |= 1 << Math.min(31, key.length - end);
      }
    }
    return rests;
  }

  /** Grows the table once for `expected` keys, instead of step by step as they are added. */
  reserve(expected: number): void {
    while (this.mask + 1 < expected * 2) this.grow();
  }

  /** Stores `value` (≥ 0) for a key not yet in the table. */
  add(key: string, value: number): void {
    if ((this.keys.length + 1) * 2 > this.mask + 1) this.grow();
    this.rests = undefined;
    this.place(hashOf(key), this.keys.length);
    this.keys.push(key);
    this.values.push(value);
  }

  /** The keys placed by their values (for a table whose values are 0..size-1, as ids are). */
  keysInOrder(): string[] {
    const ordered = new Array<string>(this.keys.length);
    this.keys.forEach((key, entry) => (ordered[this.values[entry]!] = key));
    return ordered;
  }

  clear(): void {
    this.rests = undefined;
    this.cells.fill(EMPTY);
    this.keys.length = 0;
    this.values.length = 0;
  }

  private place(hash: number, entry: number): void {
    let c = hash & this.mask;
    while (this.cells[2 * c + 1] !== EMPTY) c = (c + 1) & this.mask;
    this.cells[2 * c] = hash;
    this.cells[2 * c + 1] = entry;
  }

  private grow(): void {
    this.cells = new Int32Array(this.cells.length * 2).fill(EMPTY);
    this.mask = this.cells.length / 2 - 1;
    this.keys.forEach((key, entry) => this.place(hashOf(key), entry));
  }
}

/**
 * Values computed from strings, kept for reuse in a StringTable: a batch portfolio repeats its
 * names' words and tokens. At `capacity` entries it forgets them all at once, so memory stays bounded
 * and a lookup stays one probe.
 */
export class StringMemo<T> {
  readonly #keys = new StringTable();
  readonly #values: T[] = [];

  constructor(
    private readonly capacity: number,
    private readonly compute: (key: string) => T,
  ) {}

  get(key: string): T {
    const at = this.#keys.get(key);
    if (at >= 0) return this.#values[at]!;
    if (this.#values.length >= this.capacity) {
      this.#keys.clear();
      this.#values.length = 0;
    }
    const value = this.compute(key);
    this.#keys.add(key, this.#values.length);
    this.#values.push(value);
    return value;
  }
}
