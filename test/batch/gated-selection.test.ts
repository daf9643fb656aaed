import { describe, expect, it } from 'vitest';
import type { SelectOutput } from '../../src/batch/chunk-task.js';
import { GatedSelection, type GateSlice } from '../../src/batch/gated-selection.js';

/** Three slices that gate every row of 4; each gate task waits until the test settles it. */
function gate(workers: number) {
  const slices: GateSlice[] = [0, 4, 8].map((first) => ({
    first,
    end: first + 4,
    rows: Uint32Array.of(first, first + 1, first + 2, first + 3),
    bytes: new Uint8Array(0),
  }));
  const pending = new Map<number, { resolve: (o: SelectOutput) => void; reject: (e: Error) => void }>();
  const selection = new GatedSelection(
    12,
    slices,
    (slice) => new Promise((resolve, reject) => pending.set(slice.first, { resolve, reject })),
    workers,
  );
  const settle = (first: number, selected: number[]) =>
    pending.get(first)!.resolve({ selected: Uint8Array.from(selected) });
  return { selection, pending, settle };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('GatedSelection', () => {
  it('hands over undecided rows, and only the selected ones of the slices decided in order', async () => {
    const { selection, settle } = gate(2);
    expect([0, 5, 11].map((o) => selection.wanted(o))).toEqual([true, true, true]);
    settle(4, [0, 1, 0, 0]); // the middle slice first: rows 0–3 are still undecided
    await tick();
    expect([1, 4, 5].map((o) => selection.wanted(o))).toEqual([true, true, true]);
    settle(0, [1, 0, 0, 0]);
    await selection.decided(8);
    expect([0, 1, 4, 5, 8].map((o) => selection.wanted(o))).toEqual([true, false, false, true, true]);
    settle(8, [0, 0, 0, 0]);
    expect(await selection.skipped()).toBe(10);
  });

  it('keeps at most two gate tasks per worker in the queue', async () => {
    const { selection, pending, settle } = gate(1);
    expect([...pending.keys()]).toEqual([0, 4]);
    settle(0, [0, 0, 0, 0]);
    await selection.decided(4);
    expect([...pending.keys()]).toEqual([0, 4, 8]);
  });

  it('leaves out the rows no slice gates, and every row when there is no slice', async () => {
    const sparse = new GatedSelection(
      10,
      [{ first: 0, end: 10, rows: Uint32Array.of(3, 7), bytes: new Uint8Array(0) }],
      async () => ({ selected: Uint8Array.of(0, 1) }),
      1,
    );
    await sparse.decided(10);
    expect([...Array(10).keys()].filter((o) => sparse.wanted(o))).toEqual([7]);
    expect(await sparse.skipped()).toBe(9);
    const none = new GatedSelection(5, [], () => Promise.reject(new Error('no task')), 1);
    expect([0, 4].map((o) => none.wanted(o))).toEqual([false, false]);
    expect(await none.skipped()).toBe(5);
  });

  it('raises a failed gate task to whoever waits for its rows', async () => {
    const { selection, pending } = gate(2);
    pending.get(0)!.reject(new Error('worker died'));
    await expect(selection.decided(1)).rejects.toThrow('worker died');
  });
});
