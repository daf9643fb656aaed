/**
 * How a worker gets what it needs after it has started. The pool starts its threads when a run
 * begins, so they load their modules (~0.45 s on the bench machine) while the main thread plans the
 * run; what they need is known only during the plan, and piscina fixes workerData when it starts a
 * thread. A BroadcastChannel carries what comes later: a worker says hello once it listens, and the
 * main thread sends the value when it has it and again at every hello after that, so a worker gets
 * it whichever comes first. A run uses two: the lists first, then the rest of the setup.
 */
import { BroadcastChannel } from 'node:worker_threads';

const HELLO = 'hello';

/** What the channel carries: hellos, and the value wrapped (so no value is mistaken for a hello). */
type Message<T> = typeof HELLO | { readonly value: T };

export interface SetupOffer<T> {
  /** Sends the value to every worker listening, and to every worker that says hello later. */
  provide(value: T): void;
  close(): void;
}

/** The main thread's end of a channel named `name`. */
export function offerSetup<T>(name: string): SetupOffer<T> {
  const channel = new BroadcastChannel(name);
  channel.unref();
  let given: { readonly value: T } | null = null;
  channel.onmessage = (event) => {
    if (given !== null && (event as MessageEvent).data === HELLO) channel.postMessage(given);
  };
  return {
    provide(value) {
      given = { value };
      channel.postMessage(given);
    },
    close: () => channel.close(),
  };
}

/** A value worked out on demand, or why it could not be. */
export type OnDemand<T> = { readonly value: T } | { readonly error: string };

/**
 * The main thread's end of a channel whose value is worked out only when a worker first asks for it
 * (its hello), once: what workers need only when something fails them. A load that fails is sent as
 * its message, for the worker to raise.
 */
export function offerOnDemand<T>(name: string, load: () => Promise<T>): { close(): void } {
  const channel = new BroadcastChannel(name);
  channel.unref();
  let reply: Promise<{ readonly value: OnDemand<T> }> | null = null;
  channel.onmessage = (event) => {
    if ((event as MessageEvent).data !== HELLO) return;
    reply ??= load().then(
      (value) => ({ value: { value } }),
      (e: unknown) => ({ value: { error: e instanceof Error ? e.message : String(e) } }),
    );
    void reply.then((message) => channel.postMessage(message));
  };
  return { close: () => channel.close() };
}

/** A worker's end: resolves with the value, then stops listening. */
export function receiveSetup<T>(name: string): Promise<T> {
  const channel = new BroadcastChannel(name);
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      const data = (event as MessageEvent).data as Message<T>;
      if (data === HELLO) return; // another worker's
      channel.close();
      resolve(data.value);
    };
    channel.postMessage(HELLO);
  });
}
