/**
 * How a worker gets its WorkerSetup after it has started. The pool starts its threads when a run
 * begins, so they load their modules (~0.45 s on the bench machine) while the main thread plans the
 * run; the setup (the lists, a delta run's withdrawals and gate) is known only at the end of the
 * plan, and piscina fixes workerData when it starts a thread. A BroadcastChannel carries what comes
 * later: a worker says hello once it listens, and the main thread sends the setup when it has it and
 * again at every hello after that, so a worker gets it whichever comes first.
 */
import { BroadcastChannel } from 'node:worker_threads';
import type { WorkerSetup } from './chunk-task.js';

const HELLO = 'hello';

export interface SetupOffer {
  /** Sends the setup to every worker listening, and to every worker that says hello later. */
  provide(setup: WorkerSetup): void;
  close(): void;
}

/** The main thread's end of a channel named `name`. */
export function offerSetup(name: string): SetupOffer {
  const channel = new BroadcastChannel(name);
  channel.unref();
  let setup: WorkerSetup | null = null;
  channel.onmessage = (event) => {
    if (setup !== null && (event as MessageEvent).data === HELLO) channel.postMessage(setup);
  };
  return {
    provide(given) {
      setup = given;
      channel.postMessage(given);
    },
    close: () => channel.close(),
  };
}

/** A worker's end: resolves with the setup, then stops listening. */
export function receiveSetup(name: string): Promise<WorkerSetup> {
  const channel = new BroadcastChannel(name);
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      const data = (event as MessageEvent).data as WorkerSetup | typeof HELLO;
      if (data === HELLO) return; // another worker's
      channel.close();
      resolve(data);
    };
    channel.postMessage(HELLO);
  });
}
