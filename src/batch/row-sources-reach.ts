/**
 * Finding and reading the token sidecar a delta run selects its rows by (row-sources.ts): the first
 * candidate that describes this very portfolio, read the same way by the same code; the rows that
 * could meet a changed name (reaching-rows.ts), in slices the workers gate in parallel (row-gate.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { canonicalJson } from '../lists/content-hash.js';
import type { Entity } from '../model/entity.js';
import { ChangedNames } from '../screening/changed-names.js';
import type { GateSlice } from './gated-selection.js';
import { reachingPostings, rowsToGate } from './reaching-rows.js';
import { SourceTable } from './row-gate.js';
import { readRowPostings } from './row-postings.js';
import { RowSourcesManifest, rowSourcesBase, rowSourcesFiles } from './row-sources.js';
import { findRunRecord } from './run-record.js';
import type { SeekPoints } from './sources/portfolio-source.js';

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
  if (
    (await sizeOf(files.rows)) !== m.bytes ||
    (await sizeOf(files.strings)) !== m.text_bytes ||
    (await sizeOf(files.postings)) !== m.postings_bytes
  ) {
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
 * The rows of the portfolio that could meet one of `entities` or have an earlier match to withdraw
 * (reaching-rows.ts), with their records, in slices of at most `rowsPerSlice` rows; `gated` is how
 * many rows they hold in all, and `seeks` the portfolio file's seek points the full run found.
 *
 * @example const { slices } = await gateSlices(trusted, strings, plan.entities, withdrawals, 25_000)
 */
export async function gateSlices(
  sidecar: TrustedRowSources,
  strings: string,
  entities: readonly Entity[],
  withdrawals: ReadonlySet<number>,
  rowsPerSlice: number,
): Promise<{ slices: GateSlice[]; gated: number; seeks: SeekPoints | null }> {
  const files = rowSourcesFiles(sidecar.base);
  const [postings, bytes] = await Promise.all([readRowPostings(files.postings), readFile(files.rows)]);
  if (postings.rows !== sidecar.manifest.rows || postings.recordAt[postings.rows] !== bytes.length) {
    throw new Error(`The postings at ${files.postings} do not describe the rows of ${files.rows}.`);
  }
  const table = new SourceTable(strings);
  if (table.strings.length !== postings.keys.length) {
    throw new Error(`The postings at ${files.postings} do not number the tokens of ${files.strings}.`);
  }
  const rows = rowsToGate(
    postings,
    reachingPostings(table, postings, new ChangedNames(entities)),
    withdrawals,
  );
  const slices: GateSlice[] = [];
  for (let from = 0; from < rows.length; from += rowsPerSlice) {
    const ordinals = rows.slice(from, from + rowsPerSlice);
    let length = 0;
    for (const row of ordinals) length += postings.recordAt[row + 1]! - postings.recordAt[row]!;
    const records = new Uint8Array(length);
    let at = 0;
    for (const row of ordinals) {
      const record = bytes.subarray(postings.recordAt[row]!, postings.recordAt[row + 1]!);
      records.set(record, at);
      at += record.length;
    }
    const end = from + rowsPerSlice < rows.length ? rows[from + rowsPerSlice]! : postings.rows;
    slices.push({ first: slices.length === 0 ? 0 : ordinals[0]!, end, rows: ordinals, bytes: records });
  }
  return { slices, gated: rows.length, seeks: postings.seeks };
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
