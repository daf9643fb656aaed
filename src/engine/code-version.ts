/**
 * Fingerprints of code as this process loaded it: the package version plus the bytes of every file
 * under some folders (and single modules) of the source root. Stored results name the fingerprint of
 * the code that made them, so a later process trusts them only when it runs the same code: a batch
 * sidecar (batch/normalization-version.ts), an index snapshot, a list file already imported. Any edit
 * there invalidates them, even one that changes nothing they depend on: a false alarm costs one
 * recomputation, a missed change could cost results.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every file under `folder`, at any depth, as paths. */
export async function filesUnder(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((f) => f.isFile())
    .map((f) => join(f.parentPath, f.name));
}

async function filesOf(root: string, entry: string): Promise<string[]> {
  if (entry.endsWith('/')) return (await filesUnder(join(root, entry))).map((file) => relative(root, file));
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

const computed = new Map<string, Promise<string>>();

/**
 * The fingerprint of the code under `entries` (folders end in "/", other entries name one module
 * without its extension), computed once per process.
 *
 * @example await codeVersion(['lists/', 'model/'])
 */
export function codeVersion(entries: readonly string[]): Promise<string> {
  const key = entries.join('\n');
  let version = computed.get(key);
  if (version === undefined) {
    version = fingerprint(entries);
    computed.set(key, version);
  }
  return version;
}
