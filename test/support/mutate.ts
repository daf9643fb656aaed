/**
 * Builds invalid variants of valid fixtures for table-driven rejection tests: a deep copy with one
 * value replaced or removed, typed `unknown` because the result is deliberately not a valid input.
 */

function deepCopy<T>(value: T): T {
  return structuredClone(value);
}

function parentAt(root: unknown, path: readonly (string | number)[]): Record<string | number, unknown> {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  return node;
}

/** A copy of `value` with the field at `path` set to `replacement`. */
export function withValueAt(
  value: unknown,
  path: readonly (string | number)[],
  replacement: unknown,
): unknown {
  const copy = deepCopy(value);
  parentAt(copy, path)[path[path.length - 1]!] = replacement;
  return copy;
}

/** A copy of `value` without the field at `path`. */
export function withoutKeyAt(value: unknown, path: readonly (string | number)[]): unknown {
  const copy = deepCopy(value);
  delete parentAt(copy, path)[path[path.length - 1]!];
  return copy;
}
