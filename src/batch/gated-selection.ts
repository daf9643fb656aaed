/**
 * A delta run's rows to screen, decided by the workers' row gate (row-gate.ts) slice by slice while
 * the portfolio is read. The reader follows the gate instead of waiting for all of it: reading and
 * screening the selected rows overlap the gating of the rows after them. Gate tasks go to the pool
 * a few at a time, so the screening of rows already decided does not queue behind every slice.
 * A slice decides a range of ordinals: the rows it gates, and every other row of the range is left
 * out (reaching-rows.ts found they cannot match).
 */
import type { SelectOutput } from './chunk-task.js';
import type { RowsSlice } from './row-gate.js';
import type { SeekPoints } from './sources/portfolio-source.js';

/** A gate task and the ordinals it decides, [first, end): the slices cover the portfolio in order. */
export interface GateSlice extends RowsSlice {
  readonly first: number;
  readonly end: number;
}

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
  /** Per portfolio row, 1 when a slice gates it: the others are left out from the start. */
  readonly #gated: Uint8Array;
  readonly #slices: Slice[];
  /** Slices decided, counted from the first, with no gap. */
  #decidedSlices = 0;
  #frontier = 0;

  /**
   * Starts gating `slices` (in order, covering `rows` rows) with `select` on a pool of `workers`;
   * `seeks` are the portfolio file's, when the full run's read found them (the reader then reads
   * only the blocks that hold a wanted row).
   */
  constructor(
    rows: number,
    slices: readonly GateSlice[],
    select: (slice: GateSlice) => Promise<SelectOutput>,
    workers: number,
    readonly seeks: SeekPoints | null = null,
  ) {
    this.selected = new Uint8Array(rows);
    this.#gated = new Uint8Array(rows);
    for (const slice of slices) for (const row of slice.rows) this.#gated[row] = 1;
    const outcomes = slices.map(() => outcome());
    this.#slices = slices.map((slice, i) => ({
      first: slice.first,
      end: slice.end,
      decided: outcomes[i]!.promise,
    }));
    // No slice: every row is decided, and left out.
    if (slices.length === 0) this.#frontier = rows;
    const done = slices.map(() => false);
    let next = 0;
    // A few runners take the slices in order, each with one gate task in the pool at a time.
    const runner = async (): Promise<void> => {
      for (let i = next++; i < slices.length; i = next++) {
        try {
          const { rows: ordinals } = slices[i]!;
          const { selected } = await select(slices[i]!);
          for (let r = 0; r < ordinals.length; r++) this.selected[ordinals[r]!] = selected[r]!;
        } catch (error) {
          outcomes[i]!.reject(error);
          return;
        }
        done[i] = true;
        while (this.#decidedSlices < done.length && done[this.#decidedSlices])
          this.#frontier = this.#slices[this.#decidedSlices++]!.end;
        outcomes[i]!.resolve();
      }
    };
    for (let k = 0; k < Math.max(1, workers) * GATE_TASKS_PER_WORKER; k++) void runner();
  }

  /**
   * Whether the reader should hand over row `ordinal`: a selected row, or a gated one not decided
   * yet (the reader then waits for `decided` and drops it if the gate does).
   */
  wanted(ordinal: number): boolean {
    return this.selected[ordinal] === 1 || (ordinal >= this.#frontier && this.#gated[ordinal] === 1);
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

/** A promise settled from outside; a failure is raised to whoever awaits it, never as an unhandled rejection. */
function outcome(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
