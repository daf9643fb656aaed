/**
 * A tree of plain data and typed arrays as one byte string, and back without copying the arrays:
 * "WSN1", the JSON's length (u32, little-endian), the JSON with each typed array replaced by
 * {"$column": k}, then the arrays' bytes, each 8-byte aligned. Unpacked arrays are views of the bytes
 * given, so a SharedArrayBuffer's bytes are shared by every thread that unpacks them.
 */

type Column = Int8Array | Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;
const TYPES = { Int8Array, Uint8Array, Int32Array, Uint32Array, Float32Array, Float64Array } as const;
type ColumnType = keyof typeof TYPES;

const MAGIC = 0x314e5357; // "WSN1" read as a little-endian u32
const align8 = (n: number): number => (n + 7) & ~7;

interface ColumnEntry {
  readonly type: ColumnType;
  /** Bytes from the start of the columns section. */
  readonly offset: number;
  readonly length: number;
}

export function packSnapshot(value: unknown): Uint8Array {
  const columns: Column[] = [];
  const entries: ColumnEntry[] = [];
  let offset = 0;
  const tree = JSON.stringify(value, (_key, v: unknown) => {
    if (!ArrayBuffer.isView(v)) return v;
    const type = v.constructor.name as ColumnType;
    if (!(type in TYPES)) throw new TypeError(`A snapshot cannot hold a ${type}.`);
    const column = v as Column;
    entries.push({ type, offset, length: column.length });
    columns.push(column);
    offset = align8(offset + column.byteLength);
    return { $column: entries.length - 1 };
  });
  const json = Buffer.from(`{"entries":${JSON.stringify(entries)},"tree":${tree}}`);
  const start = align8(8 + json.length);
  const bytes = new Uint8Array(start + offset);
  const head = new DataView(bytes.buffer);
  head.setUint32(0, MAGIC, true);
  head.setUint32(4, json.length, true);
  bytes.set(json, 8);
  columns.forEach((column, k) =>
    bytes.set(
      new Uint8Array(column.buffer, column.byteOffset, column.byteLength),
      start + entries[k]!.offset,
    ),
  );
  return bytes;
}

/** The packed tree; throws on bytes that are not a snapshot (a torn or foreign file). */
export function unpackSnapshot(bytes: Uint8Array): unknown {
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const head = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || head.getUint32(0, true) !== MAGIC) throw new Error('Not an index snapshot.');
  const jsonLength = head.getUint32(4, true);
  if (8 + jsonLength > bytes.length) throw new Error('The index snapshot is cut short.');
  // A copy, not TextDecoder on the view: the bytes may be a SharedArrayBuffer's, which it refuses.
  const json = Buffer.copyBytesFrom(bytes, 8, jsonLength).toString('utf8');
  const { tree, entries } = JSON.parse(json) as { tree: unknown; entries: ColumnEntry[] };
  const columnsAt = align8(8 + jsonLength);
  const views = entries.map(({ type, offset, length }) => {
    const Type = TYPES[type];
    if (Type === undefined || columnsAt + offset + length * Type.BYTES_PER_ELEMENT > bytes.length)
      throw new Error('The index snapshot is cut short.');
    // Shared buffers too: the union of constructors only types ArrayBuffer.
    return new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset + columnsAt + offset, length);
  });
  return revive(tree, views);
}

function revive(node: unknown, views: readonly Column[]): unknown {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) node[i] = revive(node[i], views);
    return node;
  }
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$column === 'number') return views[record.$column];
  for (const key of Object.keys(record)) record[key] = revive(record[key], views);
  return record;
}
