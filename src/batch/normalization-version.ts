/**
 * A fingerprint of the code that turns a portfolio row into sidecar tokens: the package version
 * plus the bytes of every file of `names/` (normalization, tokenization, legal forms, their tables,
 * prepareName), `model/` (the schemas a row is validated with), `batch/` (reading and validating
 * rows) and screening's query preparation and features (a row's score boost), as this process loaded
 * them. A sidecar written under another fingerprint is not trusted by a delta run. Any edit there
 * invalidates sidecars, even one that changes nothing a row's tokens depend on: a false alarm costs
 * one delta run screening every row, a missed change could cost matches. `indexCodeVersion` is the
 * same for the code an index snapshot depends on (index-cache.ts).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders (and single files) under the source root whose code decides a row's sidecar record. */
const CODE = [
  'names/',
  'model/',
  'batch/',
  'screening/prepared-query',
  'screening/features/',
  'screening/score-entity',
];

/** What an index snapshot also depends on (index-cache.ts): how list names are prepared and indexed. */
const INDEX_CODE = [
  'names/',
  'model/',
  'screening/entity-index',
  'screening/index-snapshot',
  'screening/snapshot-bytes',
];

async function filesOf(root: string, entry: string): Promise<string[]> {
  if (entry.endsWith('/')) {
    const folder = join(root, entry);
    return (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((f) => f.isFile())
      .map((f) => relative(root, join(f.parentPath, f.name)));
  }
  const folder = join(root, entry, '..');
  const name = entry.split('/').at(-1)!;
  return (await readdir(folder))
    .filter((f) => f.startsWith(`${name}.`))
    .map((f) => relative(root, join(folder, f)));
}

async function fingerprint(code: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  hash.update(`warden@${pkg.version ?? '?'}\n`);
  const root = fileURLToPath(new URL('../', import.meta.url));
  const files = (await Promise.all(code.map((entry) => filesOf(root, entry)))).flat().sort();
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(await readFile(join(root, file)));
  }
  return `${pkg.version ?? '?'}+${hash.digest('hex').slice(0, 16)}`;
}

let cached: Promise<string> | null = null;
let indexCached: Promise<string> | null = null;

/** The fingerprint of this process's row-to-tokens code (computed once). */
export function normalizationVersion(): Promise<string> {
  cached ??= fingerprint(CODE);
  return cached;
}

/** The fingerprint of this process's list-indexing code (computed once). */
export function indexCodeVersion(): Promise<string> {
  indexCached ??= fingerprint(INDEX_CODE);
  return indexCached;
}
