import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importListFile } from '../../src/engine/import-list.js';
import { openDuckDbStore, type Store } from '../../src/store/index.js';

const HEADER = 'id,name,type,aliases,birth_date,nationality,gender,program';
/** A house list with one record the parser refuses (an unknown type), so a parse is visible in `issues`. */
const houseList = (names: readonly string[]) =>
  [HEADER, ...names.map((name, i) => `H${i},${name},individual,,,,,`), 'X1,BAD ROW,spaceship,,,,,'].join(
    '\n',
  );

describe('importListFile with skipUnchangedFile', () => {
  let dir: string;
  let file: string;
  let store: Store;
  const importHouse = (skipUnchangedFile: boolean) =>
    importListFile(store, {
      source: 'csv',
      path: file,
      listName: 'house',
      now: Date.now(),
      skipUnchangedFile,
    });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warden-import-'));
    file = join(dir, 'house.csv');
    store = await openDuckDbStore(join(dir, 'warden.duckdb'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an unchanged file from the store without reading it again', async () => {
    writeFileSync(file, houseList(['JOHN DOE', 'JANE ROE']));
    const first = await importHouse(true);
    expect(first.summary).toMatchObject({
      list: 'house',
      entities: 2,
      added: 2,
      issues: 1,
      new_version: true,
    });
    expect(first.issues).toHaveLength(1);

    const again = await importHouse(true);
    expect(again.summary).toEqual({ ...first.summary, added: 0, new_version: false });
    // Not parsed: the refused record is counted from the stored version, not reported again.
    expect(again.issues).toEqual([]);
    // Without the option the file is read as before, and still adds no version.
    const read = await importHouse(false);
    expect(read.summary.new_version).toBe(false);
    expect(read.issues).toHaveLength(1);
  });

  it('reads a file whose bytes changed, and one whose version is no longer the latest', async () => {
    writeFileSync(file, houseList(['JOHN DOE']));
    const first = await importHouse(true);
    writeFileSync(file, houseList(['JOHN DOE', 'JANE ROE']));
    const changed = await importHouse(true);
    expect(changed.summary).toMatchObject({ entities: 2, added: 1, new_version: true });
    // The first file again: its version is no longer the list's latest, so it is read and stored anew.
    writeFileSync(file, houseList(['JOHN DOE']));
    const back = await importHouse(true);
    expect(back.summary).toMatchObject({ entities: 1, removed: 1, new_version: true });
    expect(back.summary.version).not.toBe(first.summary.version);
    expect((await importHouse(true)).issues).toEqual([]);
  });
});
