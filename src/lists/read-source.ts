/**
 * The shell around the list parsers, and the only file of src/lists that touches the disk: opens
 * a list file or folder (decompressing .gz with node:zlib, and .bz2 with unbzip2-stream on a
 * worker thread) and hands the stream to the parser of its source. The CLI and the store call
 * this; src/lists/index.ts does not re-export it, so the parsers stay free of fs.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { WardenError } from '../model/errors.js';
import { bunzip2InWorker } from './bunzip2-in-worker.js';
import { parseGenericCsv } from './generic-csv.js';
import { parseLabelledAddresses, type LabelledAddressParseResult } from './labelled-addresses.js';
import type { ListParseResult } from './list-parse-result.js';
import { parseOfacAdvanced } from './ofac-advanced.js';
import { parseOfacLegacy, type OfacLegacyFiles } from './ofac-legacy.js';
import { parsePepCsv } from './pep.js';
import { parseUkOfsi } from './uk-ofsi.js';
import { parseUnList } from './un.js';

/** The `--source` values of `warden lists import` that give entities (DESIGN.md §5). */
export type EntityListSource = 'ofac' | 'ofac-advanced' | 'un' | 'uk' | 'pep' | 'csv';

/**
 * A file's bytes as a stream, decompressed when the name ends in .gz (node:zlib) or .bz2
 * (unbzip2-stream, on a worker thread). Errors of the file or the decompressor surface on the
 * returned stream.
 */
export function openListFile(path: string): Readable {
  if (/\.bz2$/i.test(path)) return Readable.from(bunzip2InWorker(createReadStream(path), path));
  if (!/\.gz$/i.test(path)) return createReadStream(path);
  // pipeline() carries a read error of the file into the gunzip stream the caller iterates.
  const gunzipped = pipeline(createReadStream(path), createGunzip(), () => undefined);
  return Readable.from(refuseCorruptGzip(gunzipped, path));
}

async function* refuseCorruptGzip(stream: Readable, path: string): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (!code.startsWith('Z_')) throw error;
    throw new WardenError(
      'INVALID_LIST_FILE',
      `${path} is not valid gzip data (${(error as Error).message}).`,
    );
  }
}

/** OFAC legacy folders hold either the SDN files or the consolidated (non-SDN) ones. */
const OFAC_FOLDER_LAYOUTS: readonly { list: string; files: Record<keyof OfacLegacyFiles, string> }[] = [
  {
    list: 'ofac-sdn',
    files: { sdn: 'sdn.csv', alt: 'alt.csv', add: 'add.csv', comments: 'sdn_comments.csv' },
  },
  {
    list: 'ofac-cons',
    files: { sdn: 'cons_prim.csv', alt: 'cons_alt.csv', add: 'cons_add.csv', comments: 'cons_comments.csv' },
  },
];

/** Reads an OFAC legacy folder (sdn.csv + alt/add/sdn_comments, or the cons_* files). */
export function readOfacLegacyFolder(folder: string, listName?: string): ListParseResult {
  const layout = OFAC_FOLDER_LAYOUTS.find((l) => existsSync(join(folder, l.files.sdn)));
  if (layout === undefined || !statSync(folder).isDirectory()) {
    throw new WardenError(
      'INVALID_LIST_FILE',
      `${folder} is not an OFAC list folder: it has no sdn.csv or cons_prim.csv.`,
    );
  }
  const read = (name: string): string | undefined =>
    existsSync(join(folder, name)) ? readFileSync(join(folder, name), 'utf8') : undefined;
  const files: OfacLegacyFiles = { sdn: read(layout.files.sdn) ?? '' };
  for (const key of ['alt', 'add', 'comments'] as const) {
    const text = read(layout.files[key]);
    if (text !== undefined) files[key] = text;
  }
  return parseOfacLegacy(files, { list: listName ?? layout.list, fileNames: layout.files });
}

/**
 * Reads a list from disk with the parser of its source.
 *
 * @example const { entities } = await readListSource('uk', 'ofsi_conlist.csv.gz');
 */
export async function readListSource(
  source: EntityListSource,
  path: string,
  options: { listName?: string } = {},
): Promise<ListParseResult> {
  const list = options.listName === undefined ? {} : { list: options.listName };
  switch (source) {
    case 'ofac':
      return readOfacLegacyFolder(path, options.listName);
    case 'ofac-advanced':
      return parseOfacAdvanced(openListFile(path), list);
    case 'un':
      return parseUnList(openListFile(path), list);
    case 'uk':
      return parseUkOfsi(openListFile(path), list);
    case 'pep':
      return parsePepCsv(openListFile(path), list);
    case 'csv':
      return parseGenericCsv(openListFile(path), { list: options.listName ?? 'custom' });
  }
}

/** Reads a labelled crypto address CSV from disk (`--source addresses`). */
export function readLabelledAddressFile(path: string): Promise<LabelledAddressParseResult> {
  return parseLabelledAddresses(openListFile(path));
}
