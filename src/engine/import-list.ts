/**
 * Importing a list file into a store: read it with the parser of its source, save it as a version.
 * The library's `engine.importList` and the CLI's `warden lists import` both come here.
 */
import { existsSync } from 'node:fs';
import { WardenError } from '../model/errors.js';
import { openListFile, readListSource, type EntityListSource } from '../lists/read-source.js';
import { parseAddressList } from '../wallet/index.js';
import { importSummary, prepareListVersion, saveListVersion, type SavedList } from '../lists/save-list.js';
import { prepareOffThread } from './list-thread.js';
import { sourceFingerprint } from './source-fingerprint.js';
import type { ListParseResult } from '../lists/list-parse-result.js';
import type { Store } from '../store/store.js';
import type { ListSource } from './list-sources.js';

export { isListSource, LIST_SOURCES, type ListSource } from './list-sources.js';

export interface ImportListOptions {
  readonly source: ListSource;
  readonly path: string;
  readonly listName?: string;
  readonly now: number;
  /**
   * Recognise a file already read into its list's latest version (same bytes, read the same way by
   * the same code: sourceFingerprint) and answer from the store without parsing it again; its
   * parse issues are then only counted. For jobs that import the same files every run.
   */
  readonly skipUnchangedFile?: boolean;
  /**
   * Read a big file on the list thread (list-thread.ts): for a host whose event loop must keep
   * answering while it imports. A command that only imports has nothing to keep free, and the
   * thread's start and the copy back would cost it ~0.6 s of CPU on OFAC SDN.
   */
  readonly offThread?: boolean;
}

/** Reads a list file with the parser of its source. */
export async function parseListFile(
  source: ListSource,
  path: string,
  listName: string | undefined,
): Promise<ListParseResult> {
  if (source === 'addresses') return parseAddressList(openListFile(path), listName);
  return readListSource(source as EntityListSource, path, listName === undefined ? {} : { listName });
}

/**
 * Reads and stores one list file; the store is untouched when the file cannot be read.
 *
 * @example await importListFile(store, { source: 'un', path: 'consolidated.xml', now: Date.now() })
 */
export async function importListFile(store: Store, options: ImportListOptions): Promise<SavedList> {
  if (!existsSync(options.path)) {
    throw new WardenError('INVALID_LIST_FILE', `There is no file or folder at ${options.path}.`);
  }
  if (!options.skipUnchangedFile) return readAndSave(store, options);
  const fingerprintOf = () =>
    readingListFile(options, () => sourceFingerprint(options.source, options.path, options.listName));
  const fingerprint = await fingerprintOf();
  const stored = await store.lists.latestFromSourceFile(fingerprint);
  if (stored !== null) return { summary: importSummary(stored, false, stored.issues), issues: [] };
  const saved = await readAndSave(store, options);
  // Only when the file did not change while it was read: the version holds what the fingerprint says.
  if ((await fingerprintOf()) === fingerprint)
    await store.lists.recordSourceFile(fingerprint, saved.summary.version);
  return saved;
}

/** `read`'s result; a failure that is not already a WardenError becomes INVALID_LIST_FILE naming the file. */
async function readingListFile<T>(options: ImportListOptions, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof WardenError) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    throw new WardenError(
      'INVALID_LIST_FILE',
      `${options.path} could not be read as a ${options.source} list: ${reason}`,
    );
  }
}

async function readAndSave(store: Store, options: ImportListOptions): Promise<SavedList> {
  const { source, path, listName } = options;
  const inPlace = async () => prepareListVersion(await parseListFile(source, path, listName), options);
  const prepared = await readingListFile(options, () =>
    options.offThread ? prepareOffThread({ source, path, listName }, inPlace) : inPlace(),
  );
  return saveListVersion(store, prepared, options);
}
