/**
 * The list thread (engine/list-thread.ts): a big list is read and indexed off the caller's thread,
 * with the same outcome as in place, refusals included.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { parseListFile } from '../../src/engine/import-list.js';
import { listThreadTasks, prepareOffThread } from '../../src/engine/list-thread.js';
import { prepareListVersion } from '../../src/lists/save-list.js';
import { isWardenError } from '../../src/model/errors.js';
import { buildEntityIndex } from '../../src/screening/index.js';
import { snapshotEntityIndex } from '../../src/screening/index-snapshot.js';

const ROWS = 24_000;
/** Over a megabyte of house list: big enough for the thread. */
function bigHouseList(header = 'id,name,type,aliases,birth_date,nationality,gender,program'): string {
  const rows = Array.from(
    { length: ROWS },
    (_, i) => `H${i},Person ${i.toString(36)} Housename${i % 97},individual,Alias ${i},,,,HOUSE-${i % 7}`,
  );
  return [header, ...rows, 'H1,Duplicate Row,individual,,,,,'].join('\n');
}

describe('the list thread', () => {
  let dir: string;
  let list: string;
  let engine: Engine;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warden-list-thread-'));
    list = join(dir, 'house.csv');
    writeFileSync(list, bigHouseList());
    engine = await createEngine({ db: ':memory:' });
  });
  afterAll(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads and prepares a big list on the thread exactly as in place', async () => {
    const before = listThreadTasks();
    const task = { source: 'csv', path: list, listName: 'house' } as const;
    const threaded = await prepareOffThread(task, () => Promise.reject(new Error('read in place')));
    expect(listThreadTasks()).toBe(before + 1);
    expect(threaded).toEqual(prepareListVersion(await parseListFile('csv', list, 'house'), task));
    expect(threaded.entities).toHaveLength(ROWS);
    expect(threaded.issues).toHaveLength(1);
  });

  it("refuses a file with the thread's WardenError, code, message and details", async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, bigHouseList('id,label,type'));
    const inPlace = await parseListFile('csv', bad, undefined).catch((e: unknown) => e);
    const threaded = await prepareOffThread({ source: 'csv', path: bad }, () =>
      Promise.reject(new Error('read in place')),
    ).catch((e: unknown) => e);
    expect(isWardenError(threaded)).toBe(true);
    expect(isWardenError(inPlace)).toBe(true);
    const fields = (e: unknown) => {
      const { code, message, details } = e as { code: string; message: string; details: string };
      return { code, message, details };
    };
    expect(fields(threaded)).toEqual(fields(inPlace));
    expect(fields(threaded).details).toContain('Header found');
  });

  it("gives a host's engine the index it would have built in place, and keeps its snapshot", async () => {
    const before = listThreadTasks();
    await engine.importList({ source: 'csv', path: list, listName: 'house' });
    // The file read and the index build: two tasks.
    expect(listThreadTasks()).toBe(before + 2);
    const active = engine.activeLists();
    expect(active.entities).toHaveLength(ROWS);
    expect(active.snapshot).not.toBeNull();
    const built = snapshotEntityIndex(buildEntityIndex(active.entities));
    expect(Buffer.from(snapshotEntityIndex(active.index)).equals(Buffer.from(built))).toBe(true);
    expect(Buffer.from(active.snapshot!).equals(Buffer.from(built))).toBe(true);
    const result = engine.screenIndividual({ full_name: 'Person 1 Housename1' });
    expect(result.response[0]).toMatchObject({ list: 'house', entityId: 'H1', strength: 'EXACT' });
  });
});
