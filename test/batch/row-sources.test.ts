import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Entity } from '../../src/model/entity.js';
import { NameIndex } from '../../src/names/index.js';
import {
  ChunkSourcesCollector,
  fnv1a,
  ROW_KIND,
  rowSourcesFiles,
  SentSources,
  type RowKind,
} from '../../src/batch/row-sources.js';
import {
  locateRowSources,
  selectReachableRows,
  type RowSourcesIdentity,
} from '../../src/batch/row-sources-reach.js';
import { RowSourcesWriter } from '../../src/batch/row-sources-writer.js';
import { tempFolder } from './support/batch-fixtures.js';

const IDENTITY: RowSourcesIdentity = {
  portfolio: 'csv:p.csv:100:1',
  columns: {},
  normalization: 'test',
};

const CHANGED = [
  Entity.parse({ list: 'ofac-sdn', entity_id: '1', type: 'individual', name: 'KOVALENKO, Ivan' }),
  Entity.parse({ list: 'ofac-sdn', entity_id: '2', type: 'organization', name: 'Zorbex Trading LLC' }),
];

/** Rows as a full run would describe them: [kind, external_id, name]. */
const ROWS: [RowKind, string, string][] = [
  [ROW_KIND.INDIVIDUAL, 'r-0', 'Ivan Kovalenko'],
  [ROW_KIND.INDIVIDUAL, 'r-1', 'Xu Wen'],
  [ROW_KIND.NONE, 'r-2', ''],
  [ROW_KIND.ORGANIZATION, 'r-3', 'Zorbex Trading'],
  [ROW_KIND.ORGANIZATION, 'r-4', 'Ivan Kovalenko'],
  [ROW_KIND.ALWAYS, 'r-5', ''],
  [ROW_KIND.INDIVIDUAL, 'r-6', 'Quentin Blythe'],
];

const vocabulary = new NameIndex();
vocabulary.build();
const sourcesOf = (kind: RowKind, name: string) =>
  kind === ROW_KIND.INDIVIDUAL || kind === ROW_KIND.ORGANIZATION
    ? NameIndex.retrievalSources(
        vocabulary.prepare(name, kind === ROW_KIND.INDIVIDUAL ? 'individual' : 'organization'),
      )
    : [];

/** Writes ROWS in chunks of `size` through one worker's collector, as a full run does. */
async function writeSidecar(base: string, size: number): Promise<void> {
  const writer = await RowSourcesWriter.open(base, null);
  const sent = new SentSources();
  for (let from = 0; from < ROWS.length; from += size) {
    const chunk = ROWS.slice(from, from + size);
    const collector = new ChunkSourcesCollector(chunk.length, sent);
    for (const [kind, id, name] of chunk) collector.add(kind, id, sourcesOf(kind, name));
    await writer.write(collector.finish());
  }
  await writer.finish({ format: 1, ...IDENTITY, finished_at: '2024-05-03T00:00:00Z' });
  await writer.close();
}

const selectedIds = (selected: Uint8Array) => ROWS.filter((_, i) => selected[i] === 1).map(([, id]) => id);

describe('the retrieval-source sidecar', () => {
  const dir = tempFolder('warden-sources-');

  it('selects the rows that can reach a changed name in their own scope, and the always rows', async () => {
    const base = join(dir, 'a.sources');
    await writeSidecar(base, 3);
    const trusted = await locateRowSources([base], IDENTITY);
    expect(trusted).toMatchObject({ base, manifest: { rows: ROWS.length } });
    if (!('manifest' in trusted)) throw new Error(trusted.reason);
    const { selected, count } = await selectReachableRows(trusted, CHANGED, []);
    // r-4 is an organization row: an individual's name is out of its scope.
    expect(selectedIds(selected)).toEqual(['r-0', 'r-3', 'r-5']);
    expect(count).toBe(3);
    // Earlier matches to withdraw bring their rows back, by external_id.
    const again = await selectReachableRows(trusted, CHANGED, ['r-6', 'r-2']);
    expect(selectedIds(again.selected)).toEqual(['r-0', 'r-3', 'r-5', 'r-6']);
  });

  it('is not trusted for another portfolio, another normalization, or without its manifest', async () => {
    const base = join(dir, 'b.sources');
    await writeSidecar(base, 2);
    expect(await locateRowSources([base], { ...IDENTITY, portfolio: 'csv:p.csv:101:1' })).toMatchObject({
      reason: expect.stringContaining('another portfolio'),
    });
    expect(await locateRowSources([base], { ...IDENTITY, normalization: 'other' })).toMatchObject({
      reason: expect.stringContaining('normalization'),
    });
    expect(await locateRowSources([join(dir, 'none.sources'), base], IDENTITY)).toMatchObject({ base });
    appendFileSync(rowSourcesFiles(base).rows, Buffer.from([0]));
    expect(await locateRowSources([base], IDENTITY)).toMatchObject({
      reason: expect.stringContaining('lengths'),
    });
  });

  it('treats colliding hashes as reaching when any of their strings does', async () => {
    const base = join(dir, 'c.sources');
    await writeSidecar(base, 7);
    const files = rowSourcesFiles(base);
    // Give r-6's first source ("t:quentin") a second string that reaches KOVALENKO.
    const hash = fnv1a(sourcesOf(ROW_KIND.INDIVIDUAL, 'Quentin Blythe')[0]!);
    const line = `${hash.toString(16).padStart(8, '0')} t:kovalenko\n`;
    writeFileSync(files.strings, readFileSync(files.strings, 'utf8') + line);
    const manifest = JSON.parse(readFileSync(files.manifest, 'utf8'));
    writeFileSync(
      files.manifest,
      JSON.stringify({ ...manifest, text_bytes: manifest.text_bytes + line.length }),
    );
    const trusted = await locateRowSources([base], IDENTITY);
    if (!('manifest' in trusted)) throw new Error(trusted.reason);
    const { selected } = await selectReachableRows(trusted, CHANGED, []);
    expect(selectedIds(selected)).toContain('r-6');
  });

  it('records a row whose sources the files cannot hold as one to always screen', () => {
    const collector = new ChunkSourcesCollector(2, new SentSources());
    collector.add(ROW_KIND.INDIVIDUAL, 'r-0', ['t:line\nbreak', 't:ivan']);
    collector.add(ROW_KIND.INDIVIDUAL, 'r-1', ['t:ivan']);
    const chunk = collector.finish();
    expect([...chunk.heads]).toEqual([ROW_KIND.ALWAYS, (1 << 2) | ROW_KIND.INDIVIDUAL]);
    expect([...chunk.hashes]).toEqual([fnv1a('t:ivan')]);
    expect(chunk.strings).toBe(`${fnv1a('t:ivan').toString(16).padStart(8, '0')} t:ivan\n`);
  });

  it('continues from a checkpointed position after a crash, dropping what came after it', async () => {
    const base = join(dir, 'd.sources');
    const reference = join(dir, 'ref.sources');
    await writeSidecar(reference, 2);
    const writer = await RowSourcesWriter.open(base, null);
    const sent = new SentSources();
    const add = (collector: ChunkSourcesCollector, [kind, id, name]: [RowKind, string, string]) =>
      collector.add(kind, id, sourcesOf(kind, name));
    let collector = new ChunkSourcesCollector(4, sent);
    ROWS.slice(0, 4).forEach((row) => add(collector, row));
    await writer.write(collector.finish());
    const position = await writer.sync();
    collector = new ChunkSourcesCollector(2, sent);
    ROWS.slice(4, 6).forEach((row) => add(collector, row));
    await writer.write(collector.finish());
    await writer.sync();
    await writer.close(); // the "crash": two rows past the checkpoint are on disk

    const resumed = await RowSourcesWriter.open(base, position);
    collector = new ChunkSourcesCollector(3, new SentSources());
    ROWS.slice(4).forEach((row) => add(collector, row));
    await resumed.write(collector.finish());
    await resumed.finish({ format: 1, ...IDENTITY, finished_at: '2024-05-03T00:00:00Z' });
    await resumed.close();
    expect(readFileSync(rowSourcesFiles(base).rows)).toEqual(readFileSync(rowSourcesFiles(reference).rows));
    const trusted = await locateRowSources([base], IDENTITY);
    if (!('manifest' in trusted)) throw new Error(trusted.reason);
    expect(selectedIds((await selectReachableRows(trusted, CHANGED, [])).selected)).toEqual([
      'r-0',
      'r-3',
      'r-5',
    ]);
  });
});
