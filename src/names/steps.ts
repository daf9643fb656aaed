/**
 * Work written as a generator that yields between its steps: run at once (`runSteps`), or with a
 * pause between steps (`runStepsPausing`) by a caller whose thread must keep answering meanwhile,
 * e.g. a server restoring a new index while it screens against the old one.
 */
export type Steps<T> = Generator<void, T, void>;

export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export async function runStepsPausing<T>(steps: Steps<T>, pause: () => Promise<unknown>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pause();
  }
}
