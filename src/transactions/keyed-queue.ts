/**
 * Runs tasks one after another per key, different keys in parallel. Store reads are synchronous and
 * writes asynchronous, so two read-modify-write updates of one record (a review and a webhook
 * attempt's notification, or two submissions of one external_transaction_id) would otherwise
 * interleave and one would overwrite the other.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    // A failed task must not block the next one: the tail settles either way and never rejects.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
