/**
 * The bodies read or written last, bounded by the total length of their JSON (a fair proxy for the
 * heap they take: a parsed body measured 1.5–2.5 bytes of heap per JSON character). Least recently
 * used goes first; a Map's insertion order is the recency order.
 */
export const DEFAULT_BODY_CACHE_CHARS = 32 * 1024 * 1024;

interface Cached<V> {
  readonly value: V;
  readonly size: number;
}

export class BodyCache<K, V> {
  readonly #items = new Map<K, Cached<V>>();
  #size = 0;

  constructor(readonly capacity: number = DEFAULT_BODY_CACHE_CHARS) {}

  get(key: K): V | undefined {
    const hit = this.#items.get(key);
    if (hit === undefined) return undefined;
    this.#items.delete(key);
    this.#items.set(key, hit);
    return hit.value;
  }

  set(key: K, value: V, size: number): void {
    this.delete(key);
    // A body larger than the whole cache would only evict everything else.
    if (size > this.capacity) return;
    this.#items.set(key, { value, size });
    this.#size += size;
    for (const [oldest, item] of this.#items) {
      if (this.#size <= this.capacity) break;
      this.#items.delete(oldest);
      this.#size -= item.size;
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
