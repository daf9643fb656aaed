/**
 * Which rows a delta run must screen, from an earlier full run's retrieval-source sidecar
 * (row-sources.ts), without reading the portfolio: a row is screened when one of its retrieval
 * sources reaches a name of an added or changed entity (NameIndex.reachFilter: exact — a row it
 * rejects could not get such a name among its candidates, so it could not match it in a full run
 * either), when an earlier run matched it to a changed or removed entity (its withdrawals), or when
 * the sidecar cannot describe it (wallet rows). Rejected rows are never parsed, validated or
 * prepared, and they get no output line: a delta output lists only the rows it screened. (Selected
 * rows still pass a second, per-row gate in the workers: keptAmongFullCandidates.)
 *
 * The reach test runs on an index of the changed entities alone, not on the full index narrowed by
 * a keep mask as the screening does (narrowed-index.ts): a key reaches a kept name in the full index
 * exactly when a changed entity's own name posts it, which a small index of those entities holds
 * the same way (the keys derive from the names alone; the IDF weights that make a small index score
 * differently play no part in reaching). This keeps the ~2.5 s full-index build off the main thread.
 * Measured on 100,000 bench rows against the 300 entities of the bench delta: the two verdicts agree
 * on every row.
 */
import { readFile, stat } from 'node:fs/promises';
import { canonicalJson } from '../lists/content-hash.js';
import type { Entity } from '../model/entity.js';
import { buildEntityIndex, scopeOf, type EntityIndex } from '../screening/index.js';
import { fnv1a, ROW_KIND, RowSourcesManifest, rowSourcesBase, rowSourcesFiles } from './row-sources.js';
import { findRunRecord } from './run-record.js';

/** What a sidecar must describe to be trusted: this portfolio, read this way, by this code. */
export interface RowSourcesIdentity {
  readonly portfolio: string;
  readonly columns: Readonly<Record<string, string>>;
  readonly normalization: string;
}

export interface TrustedRowSources {
  readonly base: string;
  readonly manifest: RowSourcesManifest;
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

/** The sidecar at `base` when it describes `identity`, else why it cannot be trusted. */
async function trust(
  base: string,
  identity: RowSourcesIdentity,
): Promise<{ reason: string } | TrustedRowSources> {
  const files = rowSourcesFiles(base);
  let text: string;
  try {
    text = await readFile(files.manifest, 'utf8');
  } catch {
    return { reason: `no complete retrieval-source sidecar at ${base}.*` };
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // reported below
  }
  const manifest = RowSourcesManifest.safeParse(parsed);
  if (!manifest.success) return { reason: `${files.manifest} is not a sidecar manifest of this version` };
  const m = manifest.data;
  if (m.portfolio !== identity.portfolio) {
    return { reason: `the sidecar at ${base}.* describes another portfolio, or an older copy of it` };
  }
  if (canonicalJson(m.columns) !== canonicalJson(identity.columns)) {
    return { reason: `the sidecar at ${base}.* was written with another column mapping` };
  }
  if (m.normalization !== identity.normalization) {
    return {
      reason: `the sidecar at ${base}.* was written by other name normalization code (${m.normalization}, now ${identity.normalization})`,
    };
  }
  if ((await sizeOf(files.rows)) !== m.bytes || (await sizeOf(files.strings)) !== m.text_bytes) {
    return { reason: `the sidecar files at ${base}.* do not have the lengths their manifest records` };
  }
  return { base, manifest: m };
}

/**
 * The first sidecar among `bases` that describes this portfolio, or why none does.
 *
 * @example await locateRowSources(['results.jsonl.sources'], identity)
 */
export async function locateRowSources(
  bases: readonly string[],
  identity: RowSourcesIdentity,
): Promise<TrustedRowSources | { reason: string }> {
  const reasons: string[] = [];
  for (const base of new Set(bases)) {
    const verdict = await trust(base, identity);
    if ('manifest' in verdict) return verdict;
    reasons.push(verdict.reason);
  }
  return { reason: reasons.length > 0 ? reasons.join('; ') : 'no retrieval-source sidecar to look for' };
}

export interface ReachSelection {
  /** Per portfolio row, 1 when the delta run screens it. */
  readonly selected: Uint8Array;
  /** Rows selected. */
  readonly count: number;
}

const HEX = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let d = 0; d < 16; d++) table[d.toString(16).charCodeAt(0)] = d;
  return table;
})();

/**
 * The sidecar's text file as an open-addressing table from source hash to its lines (most hashes
 * have one; a string sent by both workers, or a collision, gives more), with a reach verdict per
 * hash worked out on first use. Typed arrays, not Maps: a 1M-row sidecar has ~1.3M lines and a
 * delta run looks up ~4M hashes (measured: Maps made this 4.8 s, this table ~1 s).
 */
class SourceTable {
  readonly #text: string;
  readonly #mask: number;
  readonly #keys: Uint32Array;
  /** Per slot, its last line + 1 (0: empty); lines of one hash chain through #previous. */
  readonly #heads: Int32Array;
  readonly #starts: Int32Array;
  readonly #previous: Int32Array;

  constructor(text: string) {
    this.#text = text;
    let lines = 0;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
    let capacity = 16;
    while (capacity < lines * 2) capacity *= 2;
    this.#mask = capacity - 1;
    this.#keys = new Uint32Array(capacity);
    this.#heads = new Int32Array(capacity);
    this.#starts = new Int32Array(lines + 1);
    this.#previous = new Int32Array(lines);
    let at = 0;
    for (let line = 0; line < lines; line++) {
      let hash = 0;
      for (let i = 0; i < 8; i++) hash = hash * 16 + HEX[text.charCodeAt(at + i) & 127]!;
      const slot = this.#probe(hash);
      this.#keys[slot] = hash;
      this.#previous[line] = this.#heads[slot]! - 1;
      this.#heads[slot] = line + 1;
      this.#starts[line] = at;
      at = text.indexOf('\n', at) + 1;
    }
    this.#starts[lines] = at;
  }

  /** The slot of a hash: where it is, or the empty one where it would go. */
  #probe(hash: number): number {
    let slot = Math.imul(hash, 0x9e3779b1) & this.#mask;
    while (this.#heads[slot] !== 0 && this.#keys[slot] !== hash) slot = (slot + 1) & this.#mask;
    return slot;
  }

  get capacity(): number {
    return this.#keys.length;
  }

  /** The slot holding a hash; throws for a hash no line gives (a damaged sidecar). */
  slotOf(hash: number): number {
    const slot = this.#probe(hash);
    if (this.#heads[slot] === 0) throw new Error('A sidecar row uses a source hash with no string.');
    return slot;
  }

  /** The distinct strings of a slot's lines. */
  stringsAt(slot: number): string[] {
    const strings: string[] = [];
    for (let line = this.#heads[slot]! - 1; line >= 0; line = this.#previous[line]!) {
      const source = this.#text.slice(this.#starts[line]! + 9, this.#starts[line + 1]! - 1);
      if (!strings.includes(source)) strings.push(source);
    }
    return strings;
  }
}

/** Reach verdicts per table slot for one candidate scope, worked out on first use. */
function verdictsOf(
  index: EntityIndex,
  subject: 'INDIVIDUAL' | 'ORGANIZATION',
  table: SourceTable,
): (hash: number) => boolean {
  const scope = scopeOf(index, subject);
  if ((scope.from ?? 0) >= (scope.to ?? 0)) return () => false;
  const reaches = index.names.reachFilter(scope);
  const known = new Int8Array(table.capacity).fill(-1);
  return (hash) => {
    const slot = table.slotOf(hash);
    let verdict = known[slot]!;
    // A collision's strings all count: the hash reaches when any of them does.
    if (verdict < 0) known[slot] = verdict = reaches(table.stringsAt(slot)) ? 1 : 0;
    return verdict === 1;
  };
}

/**
 * Rows to screen: those that can reach an added or changed entity, and those with earlier matches
 * to withdraw (by external_id).
 *
 * @example const { selected } = await selectReachableRows(trusted, plan.entities, previous.keys())
 */
export async function selectReachableRows(
  sidecar: TrustedRowSources,
  changed: readonly Entity[],
  previousExternalIds: Iterable<string>,
): Promise<ReachSelection> {
  const files = rowSourcesFiles(sidecar.base);
  const { manifest } = sidecar;
  const table = new SourceTable((await readFile(files.strings)).toString('utf8'));
  const index = buildEntityIndex(changed);
  const individual = verdictsOf(index, 'INDIVIDUAL', table);
  const organization = verdictsOf(index, 'ORGANIZATION', table);
  const withdrawals = new Set<number>();
  for (const id of previousExternalIds) withdrawals.add(fnv1a(id));
  const bytes = await readFile(files.rows);
  const selected = new Uint8Array(manifest.rows);
  let count = 0;
  let p = 0;
  const u32 = (): number => {
    const value = (bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24)) >>> 0;
    p += 4;
    return value;
  };
  for (let row = 0; row < manifest.rows; row++) {
    let head = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[p++]!;
      head |= (b & 0x7f) << shift;
      if (b < 0x80) break;
    }
    const kind = head & 3;
    if (kind === ROW_KIND.NONE) continue;
    const idHash = u32();
    let screen = kind === ROW_KIND.ALWAYS || withdrawals.has(idHash);
    const reach = kind === ROW_KIND.INDIVIDUAL ? individual : organization;
    const end = p + 4 * (head >>> 2);
    while (!screen && p < end) screen = reach(u32());
    p = end;
    if (screen) {
      selected[row] = 1;
      count++;
    }
  }
  if (p !== bytes.length) throw new Error(`The sidecar ${files.rows} does not end where its rows do.`);
  return { selected, count };
}

/**
 * Where a delta run looks for a sidecar, given earlier runs' OUT paths (best first): each run
 * record's own `row_sources`, then the sidecar beside that OUT.
 */
export async function candidateRowSources(outs: readonly (string | null | undefined)[]): Promise<string[]> {
  const bases: string[] = [];
  for (const out of outs) {
    if (out === null || out === undefined) continue;
    const recorded = (await findRunRecord(out))?.row_sources;
    if (recorded) bases.push(recorded);
    bases.push(rowSourcesBase(out));
  }
  return bases;
}
