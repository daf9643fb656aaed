/**
 * Finding and reading the token sidecar a delta run selects its rows by (row-sources.ts): the first
 * candidate that describes this very portfolio, read the same way by the same code, and its rows file
 * cut into slices of whole rows that the workers gate in parallel (row-gate.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { canonicalJson } from '../lists/content-hash.js';
import { headLength, rowBody, rowHeadAt, type RowsSlice } from './row-gate.js';
import { RowSourcesManifest, rowSourcesBase, rowSourcesFiles } from './row-sources.js';
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
    return { reason: `no complete token sidecar at ${base}.*` };
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
  return { reason: reasons.length > 0 ? reasons.join('; ') : 'no token sidecar to look for' };
}

/** The sidecar's token strings (the text file), which every worker's gate reads. */
export async function readSidecarStrings(sidecar: TrustedRowSources): Promise<string> {
  return (await readFile(rowSourcesFiles(sidecar.base).strings)).toString('utf8');
}

/**
 * The sidecar's rows file in slices of `rowsPerSlice` whole rows.
 *
 * @example for (const slice of await readRowSlices(trusted, 50_000)) pool.select(slice)
 */
export async function readRowSlices(sidecar: TrustedRowSources, rowsPerSlice: number): Promise<RowsSlice[]> {
  const bytes = await readFile(rowSourcesFiles(sidecar.base).rows);
  const slices: RowsSlice[] = [];
  const rows = sidecar.manifest.rows;
  let first = 0;
  let start = 0;
  let p = 0;
  for (let row = 0; row < rows; row++) {
    const head = rowHeadAt(bytes, p);
    p += headLength(head) + rowBody(head);
    if (p > bytes.length) throw new Error(`The sidecar ${sidecar.base}.bin ends inside a row.`);
    if (row + 1 - first === rowsPerSlice || row + 1 === rows) {
      // A copy, not a view: a view would carry the whole file to the worker it is posted to. (A
      // Buffer's slice() is a view: posting those cloned the 22 MB file of the 1M-row bench per slice.)
      slices.push({ first, rows: row + 1 - first, bytes: new Uint8Array(bytes.subarray(start, p)) });
      first = row + 1;
      start = p;
    }
  }
  if (p !== bytes.length) throw new Error(`The sidecar ${sidecar.base}.bin does not end where its rows do.`);
  return slices;
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
