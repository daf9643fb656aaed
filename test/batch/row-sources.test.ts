import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexLists, prepareScreening, selectSlice } from '../../src/batch/chunk-task.js';
import { entityKey } from '../../src/batch/narrowed-index.js';
import {
  ChunkSourcesCollector,
  fnv1a,
  ROW_KIND,
  rowSourcesFiles,
  secondaryFieldsOf,
  SentSources,
  type RowKind,
} from '../../src/batch/row-sources.js';
import {
  gateSlices,
  locateRowSources,
  readSidecarStrings,
  type RowSourcesIdentity,
  type TrustedRowSources,
} from '../../src/batch/row-sources-reach.js';
import { AMBIGUOUS, SourceTable } from '../../src/batch/row-gate.js';
import { RowSourcesWriter } from '../../src/batch/row-sources-writer.js';
import { buildRowPostings, encodeRowPostings } from '../../src/batch/row-postings.js';
import { Entity, type EntityInput } from '../../src/model/entity.js';
import { IndividualQuery, OrganizationQuery } from '../../src/model/screening.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/index.js';
import {
  buildEntityIndex,
  featureBoostOf,
  prepareIndividualQuery,
  prepareOrganizationQuery,
  queryTraitsOf,
} from '../../src/screening/index.js';
import { tempFolder } from './support/batch-fixtures.js';

const IDENTITY: RowSourcesIdentity = {
  portfolio: 'csv:p.csv:100:1',
  columns: {},
  normalization: 'test',
};

const entity = (
  entity_id: string,
  type: 'individual' | 'organization',
  name: string,
  more: Partial<EntityInput> = {},
) => Entity.parse({ list: 'ofac-sdn', entity_id, type, name, ...more });

const CHANGED = [
  entity('1', 'individual', 'KOVALENKO, Ivan'),
  entity('2', 'organization', 'Zorbex Trading LLC'),
  entity('5', 'individual', 'PETRENKO, Oksana', { birth_dates: [{ date: '1961-02-03' }], gender: 'female' }),
];
/** Unchanged entities: indexed (their names weigh the tokens) but never matched by a delta run. */
const UNCHANGED = [entity('3', 'individual', 'BLYTHE, Quentin'), entity('4', 'individual', 'WEN, Xu')];

/** A row's birth date and gender, when it gives them. */
type Secondary = { readonly date_of_birth: string; readonly gender: 'MALE' | 'FEMALE' };

/** Rows as a full run would describe them: [kind, external_id, name, secondary fields]. */
const ROWS: [RowKind, string, string, Secondary?][] = [
  [ROW_KIND.INDIVIDUAL, 'r-0', 'Ivan Kovalenko'],
  [ROW_KIND.INDIVIDUAL, 'r-1', 'Xu Wen'],
  [ROW_KIND.NONE, 'r-2', ''],
  [ROW_KIND.ORGANIZATION, 'r-3', 'Zorbex Trading'],
  [ROW_KIND.ORGANIZATION, 'r-4', 'Ivan Kovalenko'],
  [ROW_KIND.ALWAYS, 'r-5', ''],
  [ROW_KIND.INDIVIDUAL, 'r-6', 'Quentin Blythe'],
  // Near Oksana Petrenko's name, but a man born thirty years after her: no full run can match them.
  [ROW_KIND.INDIVIDUAL, 'r-7', 'Oksana Petrenka', { date_of_birth: '1990-07-08', gender: 'MALE' }],
  [ROW_KIND.INDIVIDUAL, 'r-8', 'Oksana Petrenka'],
];

const preparing = buildEntityIndex([]);

function addRow(collector: ChunkSourcesCollector, [kind, id, name, secondary]: (typeof ROWS)[number]): void {
  if (kind !== ROW_KIND.INDIVIDUAL && kind !== ROW_KIND.ORGANIZATION) {
    collector.add(kind, id, [], []);
    return;
  }
  // What screen-rows records: the prepared name's tokens, and the query's secondary fields.
  const q =
    kind === ROW_KIND.INDIVIDUAL
      ? prepareIndividualQuery(preparing, IndividualQuery.parse({ full_name: name, ...secondary }))
      : prepareOrganizationQuery(preparing, OrganizationQuery.parse({ name, country: 'PAN' }));
  collector.add(
    kind,
    id,
    q.name.tokens,
    q.name.classes,
    secondaryFieldsOf(featureBoostOf(q), queryTraitsOf(q)),
  );
}

/** Writes ROWS in chunks of `size` through one worker's collector, as a full run does. */
async function writeSidecar(base: string, size: number): Promise<void> {
  const writer = await RowSourcesWriter.open(base, null);
  const sent = new SentSources();
  for (let from = 0; from < ROWS.length; from += size) {
    const chunk = ROWS.slice(from, from + size);
    const collector = new ChunkSourcesCollector(chunk.length, sent);
    for (const row of chunk) addRow(collector, row);
    await writer.write(collector.finish());
  }
  await writer.finish(IDENTITY, `${base}.out`, null);
  await writer.close();
}

/** The postings and manifest a full run would have written over the sidecar's files as they are now. */
function rebuildPostings(base: string): void {
  const files = rowSourcesFiles(base);
  const manifest = JSON.parse(readFileSync(files.manifest, 'utf8'));
  const text = readFileSync(files.strings, 'utf8');
  const postings = encodeRowPostings(
    buildRowPostings(readFileSync(files.rows), new SourceTable(text), manifest.rows, null),
  );
  writeFileSync(files.postings, postings);
  const lengths = { text_bytes: Buffer.byteLength(text), postings_bytes: postings.length };
  writeFileSync(files.manifest, JSON.stringify({ ...manifest, ...lengths }));
}

async function trusted(base: string): Promise<TrustedRowSources> {
  const found = await locateRowSources([base], IDENTITY);
  if (!('manifest' in found)) throw new Error(found.reason);
  return found;
}

/** The rows a delta run's workers select, in slices of 3 rows, as the run hands them out. */
async function selectedIds(sidecar: TrustedRowSources, withdrawn: readonly string[]): Promise<string[]> {
  const entities = [...CHANGED, ...UNCHANGED];
  const state = prepareScreening(
    indexLists({ json: JSON.stringify(entities), snapshot: null, onlyJson: null }),
    {
      cfg: DEFAULT_MATCH_CONFIG,
      limit: 10,
      encoding: 'jsonl',
      previous: [],
      only: CHANGED.map((e) => entityKey(e.list, e.entity_id)),
      csv: null,
      recordSources: false,
      gate: { strings: await readSidecarStrings(sidecar), withdrawals: withdrawn.map(fnv1a) },
      review: null,
    },
  );
  const selected = new Uint8Array(sidecar.manifest.rows);
  const strings = await readSidecarStrings(sidecar);
  const { slices } = await gateSlices(sidecar, strings, CHANGED, new Set(withdrawn.map(fnv1a)), 3);
  for (const slice of slices) {
    const verdicts = selectSlice(state, slice).selected;
    slice.rows.forEach((row, i) => (selected[row] = verdicts[i]!));
  }
  return ROWS.filter((_, i) => selected[i] === 1).map(([, id]) => id);
}

describe('the token sidecar', () => {
  const dir = tempFolder('warden-sources-');

  it('selects the rows that could match a changed name in their own scope, and the always rows', async () => {
    const base = join(dir, 'a.sources');
    await writeSidecar(base, 3);
    const sidecar = await trusted(base);
    expect(sidecar).toMatchObject({ base, manifest: { rows: ROWS.length } });
    // r-4 is an organization row: an individual's name is out of its scope. r-1 and r-6 match
    // unchanged entities only.
    // r-7 is near a changed name, but the birth year and gender it gives rule the match out.
    expect(await selectedIds(sidecar, [])).toEqual(['r-0', 'r-3', 'r-5', 'r-8']);
    // Earlier matches to withdraw bring their rows back, by external_id.
    expect(await selectedIds(sidecar, ['r-6', 'r-2'])).toEqual(['r-0', 'r-3', 'r-5', 'r-6', 'r-8']);
  });

  it('gates only the rows sharing a key with a changed name, in slices that cover the portfolio in order', async () => {
    const base = join(dir, 'f.sources');
    await writeSidecar(base, 7);
    const sidecar = await trusted(base);
    const strings = await readSidecarStrings(sidecar);
    const { slices, gated } = await gateSlices(sidecar, strings, CHANGED, new Set(), 2);
    // r-1 (Xu Wen) and r-6 (Quentin Blythe) share no key with a changed name; r-2 is not screened;
    // r-4, an organization, shares its tokens with an individual's name only, which its search never meets.
    const ids = slices.flatMap((s) => [...s.rows].map((row) => ROWS[row]![1]));
    expect(ids).toEqual(['r-0', 'r-3', 'r-5', 'r-7', 'r-8']);
    expect(gated).toBe(5);
    expect(slices.map((s) => [s.first, s.end])).toEqual([
      [0, 5],
      [5, 8],
      [8, ROWS.length],
    ]);
    // Each slice owns its bytes: posting one to a worker does not carry the whole file.
    for (const slice of slices) expect(slice.bytes.buffer.byteLength).toBe(slice.bytes.byteLength);
    // A withdrawal brings its row in; nothing changed and nothing to withdraw leaves no slice.
    const withdrawn = await gateSlices(sidecar, strings, [], new Set([fnv1a('r-6')]), 2);
    expect(withdrawn.slices.flatMap((s) => [...s.rows])).toEqual([5, 6]);
    expect((await gateSlices(sidecar, strings, UNCHANGED.slice(1), new Set(), 2)).gated).toBe(2);
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

  it('screens a row whose token hash has several strings', async () => {
    const base = join(dir, 'c.sources');
    await writeSidecar(base, 7);
    const files = rowSourcesFiles(base);
    // Give r-6's first token ("quentin") a second string: the hash no longer says which token it was.
    const line = `${fnv1a('quentin').toString(16).padStart(8, '0')} kovalenko\n`;
    writeFileSync(files.strings, readFileSync(files.strings, 'utf8') + line);
    rebuildPostings(base);
    expect(await selectedIds(await trusted(base), [])).toContain('r-6');
  });

  it('screens a row whose token hash has no string (a damaged sidecar) instead of failing', async () => {
    const base = join(dir, 'e.sources');
    await writeSidecar(base, 7);
    const files = rowSourcesFiles(base);
    // Drop "quentin" (r-6's first token) from the text file, keeping its length for the manifest.
    const hex = fnv1a('quentin').toString(16).padStart(8, '0');
    const text = readFileSync(files.strings, 'utf8');
    writeFileSync(files.strings, text.replace(`${hex} quentin\n`, `${'0'.repeat(8)} quentin\n`));
    rebuildPostings(base);
    expect(await selectedIds(await trusted(base), [])).toContain('r-6');
  });

  it('numbers each distinct token once, across repeated lines and the table growing', () => {
    const tokens = Array.from({ length: 5_000 }, (_, i) => `t${i}`);
    const line = (hash: number, token: string) => `${hash.toString(16).padStart(8, '0')} ${token}\n`;
    const lines = [...tokens, ...tokens.slice(0, 100)].map((t) => line(fnv1a(t), t));
    const table = new SourceTable([...lines, line(fnv1a('t7'), 'other')].join(''));
    expect(table.strings).toHaveLength(tokens.length);
    for (const t of tokens) if (t !== 't7') expect(table.strings[table.tokenOf(fnv1a(t))]).toBe(t);
    expect(table.tokenOf(fnv1a('t7'))).toBe(AMBIGUOUS);
    // A damaged sidecar: a row's hash that no line gives.
    expect(table.tokenOf(fnv1a('absent'))).toBe(AMBIGUOUS);
  });

  it('records a row whose tokens the files cannot hold as one to always screen', () => {
    const collector = new ChunkSourcesCollector(2, new SentSources());
    collector.add(ROW_KIND.INDIVIDUAL, 'r-0', ['line\nbreak', 'ivan'], [0, 0]);
    collector.add(ROW_KIND.INDIVIDUAL, 'r-1', ['ivan'], [0], secondaryFieldsOf(0.08, 0));
    const chunk = collector.finish();
    expect([...chunk.heads]).toEqual([ROW_KIND.ALWAYS, (1 << 2) | ROW_KIND.INDIVIDUAL]);
    expect([...chunk.hashes]).toEqual([fnv1a('ivan')]);
    expect([...chunk.secondary]).toEqual([0, 8]);
    expect(chunk.strings).toBe(`${fnv1a('ivan').toString(16).padStart(8, '0')} ivan\n`);
  });

  it('continues from a checkpointed position after a crash, dropping what came after it', async () => {
    const base = join(dir, 'd.sources');
    const reference = join(dir, 'ref.sources');
    await writeSidecar(reference, 2);
    const writer = await RowSourcesWriter.open(base, null);
    const sent = new SentSources();
    let collector = new ChunkSourcesCollector(4, sent);
    ROWS.slice(0, 4).forEach((row) => addRow(collector, row));
    await writer.write(collector.finish());
    const position = await writer.sync();
    collector = new ChunkSourcesCollector(2, sent);
    ROWS.slice(4, 6).forEach((row) => addRow(collector, row));
    await writer.write(collector.finish());
    await writer.sync();
    await writer.close(); // the "crash": two rows past the checkpoint are on disk

    const resumed = await RowSourcesWriter.open(base, position);
    collector = new ChunkSourcesCollector(ROWS.length - 4, new SentSources());
    ROWS.slice(4).forEach((row) => addRow(collector, row));
    await resumed.write(collector.finish());
    await resumed.finish(IDENTITY, `${base}.out`, null);
    await resumed.close();
    expect(readFileSync(rowSourcesFiles(base).rows)).toEqual(readFileSync(rowSourcesFiles(reference).rows));
    expect(await selectedIds(await trusted(base), [])).toEqual(['r-0', 'r-3', 'r-5', 'r-8']);
  });
});
