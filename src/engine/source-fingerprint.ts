/**
 * What a list import reads, as one hash: the file's bytes (a folder's files, by name), how it is
 * read (source format, list name) and the code that reads it (codeVersion). Equal fingerprints, equal
 * parse results: a job that imports the same files every night can recognise one it already stored
 * without parsing it again (importListFile's `skipUnchangedFile`).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { codeVersion, filesUnder } from './code-version.js';

/** The code a list file's entities depend on: the parsers, the model, the wallet address lists. */
const LIST_CODE = ['lists/', 'model/', 'wallet/'];

/**
 * The fingerprint of importing `path` (a file, or a folder such as OFAC's legacy CSV files) as `source`.
 *
 * @example await sourceFingerprint('un', 'consolidated.xml', undefined)
 */
export async function sourceFingerprint(
  source: string,
  path: string,
  listName: string | undefined,
): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${await codeVersion(LIST_CODE)}\n${source}\n${listName ?? ''}\n`);
  const files = (await stat(path)).isDirectory() ? (await filesUnder(path)).sort() : [path];
  for (const file of files) {
    const bytes = await readFile(file);
    hash.update(`${relative(path, file)}\n${bytes.length}\n`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}
