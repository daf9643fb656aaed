/**
 * Serializes read-modify-write operations on one onboarding session. The store's reads are
 * synchronous but a write reaches the read cache only after its commit, so two concurrent status
 * changes of one record would both read the old status and both pass the transition check.
 * Everything a session owns (its flow instance, identities, onboarding, file lists) shares one key.
 */
export interface SessionLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export function createSessionLock(): SessionLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(work, work);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      // Forget the key once nothing is queued behind this run, so the map does not grow forever.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}

/** The lock key of one client's onboarding session (its flow instance). */
export function sessionKey(clientId: string, flowInstanceId: string): string {
  return `${clientId}\u0000${flowInstanceId}`;
}
