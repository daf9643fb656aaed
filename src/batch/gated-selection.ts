/**
 * A delta run's rows to screen, decided by the workers' row gate (row-gate.ts) slice by slice while
 * the portfolio is read. The reader follows the gate instead of waiting for all of it: reading and
 * screening the selected rows overlap the gating of the rows after them. Gate tasks go to the pool
 * a few at a time, so the screening of rows already decided does not queue behind every slice.
 */
import type { SelectOutput, SelectTask } from './chunk-task.js';
import type { RowsSlice } from './row-gate.js';

/** Gate tasks in the pool's queue at a time, per worker: one running, one waiting. */
const GATE_TASKS_PER_WORKER = 2;

interface Slice {
  readonly first: number;
  readonly end: number;
  readonly decided: Promise<void>;
}

export class GatedSelection {
  /** Per portfolio row, 1 when it is screened (meaningful for rows before the frontier). */
  readonly selected: Uint8Array;
  readonly #slices: Slice[];
  /** Slices decided, counted from the first, with no gap. */
  #decidedSlices = 0;
  #frontier = 0;

  /** Starts gating `slices` (in order, covering `rows` rows) with `select` on a pool of `workers`. */
  constructor(
    rows: number,
    slices: readonly RowsSlice[],
    select: (task: SelectTask) => Promise<SelectOutput>,
    workers: number,
  ) {
    this.selected = new Uint8Array(rows);
    const done = slices.map(() => false);
    let next = 0;
    const starters: (() => void)[] = [];
    this.#slices = slices.map((slice, i) => {
      const decided = new Promise<void>((resolve, reject) => {
        starters.push(() => {
          select(slice).then((output) => {
            this.selected.set(output.selected, slice.first);
            done[i] = true;
            while (this.#decidedSlices < done.length && done[this.#decidedSlices]) {
              this.#frontier = this.#slices[this.#decidedSlices++]!.end;
            }
            if (next < starters.length) starters[next++]!();
            resolve();
          }, reject);
        });
      });
      // A failure is raised to whoever waits on the slice (decided), not as an unhandled rejection.
      decided.catch(() => undefined);
      return { first: slice.first, end: slice.first + slice.rows, decided };
    });
    for (const limit = Math.max(1, workers) * GATE_TASKS_PER_WORKER; next < Math.min(limit, starters.length);)
      starters[next++]!();
  }

  /**
   * Whether the reader should hand over row `ordinal`: a selected row, or one not decided yet (the
   * reader then waits for `decided` and drops it if the gate does).
   */
  wanted(ordinal: number): boolean {
    return ordinal >= this.#frontier || this.selected[ordinal] === 1;
  }

  /** Resolves once every row before `end` is decided; rejects if a gate task failed. */
  async decided(end: number): Promise<void> {
    for (const slice of this.#slices) {
      if (slice.first >= end) break;
      await slice.decided;
    }
  }

  /** The rows the gate leaves out, once every slice is decided. */
  async skipped(): Promise<number> {
    await this.decided(this.selected.length);
    let count = 0;
    for (let row = 0; row < this.selected.length; row++) count += this.selected[row]!;
    return this.selected.length - count;
  }
}
