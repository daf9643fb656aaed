/**
 * Token sidecars (row-sources.ts) kept with the portfolio they describe rather than beside one
 * output (issue #33): a nightly job that writes a new dated file every night still finds last
 * night's. A full run writes its sidecar into the cache (the CLI's: beside its DuckDB file, as the
 * lists' index snapshots are), named by a hash of what the sidecar must describe to be trusted (the
 * portfolio's content fingerprint, its column mapping, the name normalization code) and of the run's
 * output, so two runs of one portfolio into two outputs never write the same files. A delta run looks
 * for every complete sidecar of its portfolio there, newest first. Only the newest few are kept.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { canonicalJson } from '../lists/content-hash.js';
import type { RowSourcesIdentity } from './row-sources-reach.js';
import { rowSourcesFiles } from './row-sources.js';

/** Complete sidecars kept: tonight's and a few before (other portfolios, a rerun into another file). */
const KEPT = 4;
const MANIFEST = '.sources.json';

/** The CLI's cache: beside its DuckDB file; none for an in-memory store. */
export const portfolioCacheBeside = (db: string): string | undefined =>
  db === ':memory:' ? undefined : `${db}.portfolios`;

const hashOf = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);
const keyOf = (identity: RowSourcesIdentity) => hashOf(canonicalJson(identity), 24);

/** Where a full run of the portfolio `identity` describes into `out` keeps its sidecar (a base path). */
export async function cachedRowSourcesBase(
  dir: string,
  identity: RowSourcesIdentity,
  out: string,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  return join(dir, `${keyOf(identity)}-${hashOf(resolve(out), 8)}.sources`);
}

/** Complete sidecars in `dir`, newest first: all of them, or those of the portfolio `identity` describes. */
async function completeSidecars(dir: string, identity?: RowSourcesIdentity): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const prefix = identity === undefined ? '' : `${keyOf(identity)}-`;
  const manifests = names.filter((n) => n.startsWith(prefix) && n.endsWith(MANIFEST));
  const dated = await Promise.all(
    manifests.map(async (n) => ({
      base: join(dir, n.slice(0, -'.json'.length)),
      at: (await stat(join(dir, n)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  return dated.sort((a, b) => b.at - a.at).map((d) => d.base);
}

/** The sidecars in `dir` a delta run of this portfolio may trust, newest first. */
export const cachedRowSources = (dir: string, identity: RowSourcesIdentity): Promise<string[]> =>
  completeSidecars(dir, identity);

/** Removes all but the newest KEPT complete sidecars (manifest first: a half-removed one is never trusted). */
export async function pruneCachedRowSources(dir: string): Promise<void> {
  for (const base of (await completeSidecars(dir)).slice(KEPT)) {
    const files = rowSourcesFiles(base);
    await rm(files.manifest, { force: true });
    await Promise.all([files.rows, files.strings, files.postings].map((file) => rm(file, { force: true })));
  }
}
