/**
 * Counts keyed by list data (list names, sanctions programmes) in plain JSON-safe objects: they ride
 * in the checkpoint and cross the worker boundary. A key is list data, so it may be "__proto__" or
 * "constructor": these helpers read and write own properties only, so such a key is counted like
 * any other instead of reaching (or silently missing) the object's prototype.
 */

/** The own value of `key`, or undefined. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets an own, enumerable property, bypassing any setter (`__proto__`'s included). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (Object.hasOwn(record, key)) record[key] = value;
  else Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Adds `n` to the count under `key`. */
export function addCount(counts: Record<string, number>, key: string, n = 1): void {
  setOwn(counts, key, (ownValue(counts, key) ?? 0) + n);
}

/** The own entry under `key`, created by `create` when there is none. */
export function entryOf<T>(record: Record<string, T>, key: string, create: () => T): T {
  const found = ownValue(record, key);
  if (found !== undefined) return found;
  const made = create();
  setOwn(record, key, made);
  return made;
}
