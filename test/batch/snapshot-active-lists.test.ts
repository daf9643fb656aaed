/**
 * A running server writes the batch runs' index snapshot from the index it already built
 * (snapshotActiveLists): byte for byte the snapshot a batch run would build from the same lists,
 * whatever order the lists were imported in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { indexCurrentLists, snapshotActiveLists } from '../../src/batch/index.js';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/types.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';
import { tempDbPath } from '../support/temp-stores.js';
import { tempFolder } from './support/batch-fixtures.js';

describeWithDatasets('snapshotActiveLists', () => {
  const db = tempDbPath('warden-active-snapshot-');
  let engine: Engine;
  beforeAll(async () => {
    // UN first: imported in the opposite order of the list names.
    engine = await createEngine({
      db: db.path,
      lists: [
        { source: 'un', path: sharedPath('un', 'consolidated_2026-02-27.xml') },
        { source: 'ofac', path: sharedPath('ofac', 'sdn_2023-12-28') },
      ],
    });
  });
  afterAll(async () => {
    await engine.close();
    db.remove();
  });

  it('writes the snapshot a batch run would build', async () => {
    const fromServer = await snapshotActiveLists(
      engine.activeLists(),
      engine.store.lists,
      join(tempFolder(), 'a'),
    );
    const built = await indexCurrentLists(engine.store.lists, join(tempFolder(), 'b'));
    expect(fromServer).not.toBeNull();
    expect(readFileSync(fromServer!).equals(readFileSync(built))).toBe(true);
  });

  it('writes nothing when the index is of other versions', async () => {
    const stale = { ...engine.activeLists(), versions: engine.activeLists().versions.slice(1) };
    expect(await snapshotActiveLists(stale, engine.store.lists, join(tempFolder(), 'c'))).toBeNull();
  });
});
