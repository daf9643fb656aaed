/**
 * Bounds how many webhook attempts are on the wire at once: a burst of thousands of transactions
 * must not open thousands of sockets to one receiver. Deliveries waiting for a retry hold no slot.
 */
export class AttemptSlots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = Math.max(1, size);
  }

  /** Resolves when a slot is yours; give it back with `release()`. FIFO, so no delivery starves. */
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}
