/**
 * The document's `components.schemas`. fastify-type-provider-zod emits every schema registered with
 * an id (zod `.meta({ id })`, next to the shapes in src/model) twice: as a request reads it (`XInput`)
 * and as a response writes it (`X`), because defaults, coercions and transforms can make the two
 * differ. Most never differ and many are used one way only, so to leave one name per shape:
 *
 * - `XInput` becomes `X` when the two are the same schema, or when nothing uses `X`;
 * - a component nothing refers to (from the paths, directly or through other components) is dropped.
 */
import { isDeepStrictEqual } from 'node:util';

type Schemas = Record<string, unknown>;

const PREFIX = '#/components/schemas/';
const INPUT_SUFFIX = 'Input';

function componentOf(ref: unknown): string | null {
  return typeof ref === 'string' && ref.startsWith(PREFIX) ? ref.slice(PREFIX.length) : null;
}

/** Every component named by a `$ref` in `value`, directly. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' ? componentOf(child) : null;
      if (name !== null) found.add(name);
      else refsIn(child, found);
    }
  }
  return found;
}

/** The components reachable from the paths. */
function usedComponents(paths: unknown, schemas: Schemas): Set<string> {
  const used = new Set<string>();
  const pending = [...refsIn(paths, new Set())];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  return used;
}

/** `value` with each `$ref` to a renamed component pointing at its new name. */
function renamed<T>(value: T, renames: ReadonlyMap<string, string>): T {
  if (renames.size === 0) return value;
  return JSON.parse(JSON.stringify(value), (key, child: unknown) => {
    const name = key === '$ref' ? componentOf(child) : null;
    return name !== null && renames.has(name) ? `${PREFIX}${renames.get(name)}` : child;
  }) as T;
}

/** Input variants that can take their output name: same schema, or the output name unused. */
function mergeableInputs(paths: unknown, schemas: Schemas): Map<string, string> {
  const used = usedComponents(paths, schemas);
  const renames = new Map<string, string>();
  for (const name of used) {
    if (!name.endsWith(INPUT_SUFFIX)) continue;
    const base = name.slice(0, -INPUT_SUFFIX.length);
    if (!used.has(base) || isDeepStrictEqual(schemas[name], schemas[base])) renames.set(name, base);
  }
  return renames;
}

/**
 * The document with one component per shape and none unused.
 *
 * @example tidyComponents(jsonSchemaTransformObject(document))
 */
export function tidyComponents<D extends { paths?: unknown; components?: { schemas?: unknown } }>(
  document: D,
): D {
  let paths = document.paths;
  let schemas = { ...((document.components?.schemas ?? {}) as Schemas) };
  // Merging X and XInput can make the schemas that contain them equal in turn: repeat until nothing merges.
  for (let renames = mergeableInputs(paths, schemas); renames.size > 0;) {
    const next: Schemas = {};
    for (const [name, schema] of Object.entries(schemas)) {
      const target = renames.get(name);
      if (target !== undefined) next[target] = schema;
      else if (!(name in next)) next[name] = schema;
    }
    paths = renamed(paths, renames);
    schemas = renamed(next, renames);
    renames = mergeableInputs(paths, schemas);
  }
  const used = usedComponents(paths, schemas);
  const kept = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { ...document, paths, components: { ...document.components, schemas: kept } };
}
