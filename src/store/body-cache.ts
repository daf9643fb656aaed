/**
 * The bodies read or written last, bounded by the total length of their JSON (a fair proxy for the
 * heap they take: a parsed body measured 1.5–2.5 bytes of heap per JSON character).
 *
 * Eviction is CLOCK (second chance), not strict LRU: a hit only marks its item used, and only
 * eviction reorders. Moving every hit to the Map's end (a delete and a set) cost a list page of ten
 * cached reads ~20 µs of a request's 80 (bench/api/load.ts profile).
 */
export const DEFAULT_BODY_CACHE_CHARS = 32 * 1024 * 1024;

interface Cached<V> {
  readonly value: V;
  readonly size: number;
  used: boolean;
}

export class BodyCache<K, V> {
  readonly #items = new Map<K, Cached<V>>();
  #size = 0;

  constructor(readonly capacity: number = DEFAULT_BODY_CACHE_CHARS) {}

  get(key: K): V | undefined {
    const hit = this.#items.get(key);
    if (hit === undefined) return undefined;
    hit.used = true;
    return hit.value;
  }

  set(key: K, value: V, size: number): void {
    this.delete(key);
    // A body larger than the whole cache would only evict everything else.
    if (size > this.capacity) return;
    this.#items.set(key, { value, size, used: false });
    this.#size += size;
    while (this.#size > this.capacity) {
      // The oldest item goes, unless it was used since it last came round: then it gets another turn.
      const [oldest, item] = this.#items.entries().next().value!;
      this.#items.delete(oldest);
      if (item.used) {
        item.used = false;
        this.#items.set(oldest, item);
      } else {
        this.#size -= item.size;
      }
    }
  }

  delete(key: K): void {
    const item = this.#items.get(key);
    if (item === undefined) return;
    this.#items.delete(key);
    this.#size -= item.size;
  }

  /** Total size of the cached bodies. */
  get size(): number {
    return this.#size;
  }
}
