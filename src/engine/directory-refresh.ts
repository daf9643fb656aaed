/**
 * The spec's periodic refresh of registered remitters and beneficiaries (binding_list true), done
 * when it can change something: after every new list version, in the background. A pass screens one
 * entry at a time against the index then active (each entry's lock keeps it from racing a
 * registration); a version that arrives during a pass makes one more pass after it, never two at
 * once. Stopping waits for the pass to leave its current entry.
 */
import type { RescreenOutcome } from '../transactions/registrations.js';

export type RescreenPass = (signal: AbortSignal) => Promise<RescreenOutcome[]>;

export class DirectoryRefresh {
  readonly #stop = new AbortController();
  #running: Promise<void> | null = null;
  #again = false;

  /** `pass` screens the directory; `done` hears every finished pass (its failure is dropped). */
  constructor(
    private readonly pass: RescreenPass,
    private readonly done: (outcomes: readonly RescreenOutcome[]) => void,
  ) {}

  /** Asks for a pass: at once, or after the one running. */
  request(): void {
    if (this.#stop.signal.aborted) return;
    if (this.#running !== null) {
      this.#again = true;
      return;
    }
    this.#running = this.#loop().finally(() => (this.#running = null));
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      // A failed pass (the store closing under it) leaves the entries as they were: the next list
      // version asks again.
      const outcomes = await this.pass(this.#stop.signal).catch(() => null);
      if (outcomes !== null && !this.#stop.signal.aborted) this.done(outcomes);
    } while (this.#again && !this.#stop.signal.aborted);
  }

  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#running;
  }
}
