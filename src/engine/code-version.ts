/**
 * Fingerprints of code as this process loaded it: the package version plus the bytes of every file
 * under some folders (and single modules) of the source root. Stored results name the fingerprint of
 * the code that made them, so a later process trusts them only when it runs the same code: a batch
 * sidecar (batch/normalization-version.ts), an index snapshot, a list file already imported. Any edit
 * there invalidates them, even one that changes nothing they depend on: a false alarm costs one
 * recomputation, a missed change could cost results.
 *
 * A build leaves each file's content hash with its size and modification time (writeFileHashes,
 * `.file-hashes.json` in the built root), so a process stats its files instead of reading them all:
 * measured, the batch's two fingerprints took ~0.19 s of a cold run's start. A file whose size or
 * time differs from the record is read and hashed again.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
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

const HASHES = '.file-hashes.json';
/** The root this module was loaded from: dist/ when built, src/ when run through tsx. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** A file's content hash, and the size and time it had when hashed. */
type FileHash = readonly [size: number, mtimeMs: number, sha256: string];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The content hashes a build recorded for the files of `root`, by path from it (none: an empty map). */
async function recordedHashes(root: string): Promise<Map<string, FileHash>> {
  try {
    return new Map(
      Object.entries(JSON.parse(await readFile(join(root, HASHES), 'utf8')) as Record<string, FileHash>),
    );
  } catch {
    return new Map();
  }
}

/** A file's content hash: the recorded one while its size and time are unchanged, else worked out. */
async function hashOf(root: string, file: string, recorded: ReadonlyMap<string, FileHash>): Promise<string> {
  const known = recorded.get(file);
  if (known !== undefined) {
    const { size, mtimeMs } = await stat(join(root, file));
    if (size === known[0] && mtimeMs === known[1]) return known[2];
  }
  return sha256(await readFile(join(root, file)));
}

/**
 * Records the content hash, size and time of every file under `root` (the build's last step), so
 * codeVersion need not read them.
 */
export async function writeFileHashes(root: string = ROOT): Promise<void> {
  const files = (await filesUnder(root)).map((file) => relative(root, file)).filter((f) => f !== HASHES);
  const hashes: Record<string, FileHash> = {};
  for (const file of files.sort()) {
    const bytes = await readFile(join(root, file));
    const { size, mtimeMs } = await stat(join(root, file));
    hashes[file] = [size, mtimeMs, sha256(bytes)];
  }
  await writeFile(join(root, HASHES), JSON.stringify(hashes));
}

/** The fingerprint of the code under `entries` of `root`, worked out now (codeVersion keeps it). */
export async function fingerprintOf(code: readonly string[], root: string = ROOT): Promise<string> {
  const hash = createHash('sha256');
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  hash.update(`warden@${pkg.version ?? '?'}\n`);
  const known = await recordedHashes(root);
  const files = (await Promise.all(code.map((entry) => filesOf(root, entry)))).flat().sort();
  const hashes = await Promise.all(files.map((file) => hashOf(root, file, known)));
  files.forEach((file, i) => hash.update(`${file}\n${hashes[i]!}\n`));
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
    version = fingerprintOf(entries);
    computed.set(key, version);
  }
  return version;
}
