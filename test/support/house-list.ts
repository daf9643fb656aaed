/**
 * The smallest real list: one listed individual no test subject resembles. Screening refuses to run
 * with no list loaded (LISTS_NOT_LOADED), so suites about something else load this one; it lets
 * every screening look and find nothing of the suite's own subjects.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importListFile } from '../../src/engine/import-list.js';
import type { Store } from '../../src/store/index.js';

export const HOUSE_LIST = 'house';
export const HOUSE_ENTITY_NAME = 'Quillon Vexbridge Ormathwaite';

let written: string | null = null;

/** The house list as a generic CSV file in a temp folder (written once per process). */
export function houseListPath(): string {
  if (written !== null) return written;
  const path = join(mkdtempSync(join(tmpdir(), 'warden-house-')), 'house.csv');
  writeFileSync(path, `id,name,type,birth_date\nH-1,${HOUSE_ENTITY_NAME},individual,1901-01-01\n`);
  written = path;
  return path;
}

/** The `lists` entry of createEngine's options that loads the house list. */
export function houseList(): { source: 'csv'; path: string; listName: string } {
  return { source: 'csv', path: houseListPath(), listName: HOUSE_LIST };
}

/** Imports the house list into a store (the CLI's `warden lists import --source csv … --list-name house`). */
export async function importHouseList(store: Store): Promise<void> {
  await importListFile(store, { ...houseList(), now: Date.parse('2026-01-01T00:00:00Z') });
}

/** The CLI arguments that import the house list into the DuckDB file `db`. */
export const houseListImportArgs = (db: string): string[] => [
  'lists',
  'import',
  '--source',
  'csv',
  houseListPath(),
  '--list-name',
  HOUSE_LIST,
  '--db',
  db,
];
