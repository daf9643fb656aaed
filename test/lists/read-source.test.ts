import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseOfacAdvanced } from '../../src/lists/ofac-advanced.js';
import { openListFile, readLabelledAddressFile, readListSource } from '../../src/lists/read-source.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warden-lists-'));
});

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('readListSource', () => {
  it('gunzips a .csv.gz on the way to the parser', async () => {
    const path = file('house.csv.gz', gzipSync('id,name,type\n1,ACME LTD,organization\n'));
    const { entities } = await readListSource('csv', path, { listName: 'house' });
    expect(entities).toMatchObject([{ list: 'house', entity_id: '1', name: 'ACME LTD' }]);
  });

  it.each([
    ['a .gz that is not gzip', 'broken.csv.gz', Buffer.from('id,name,type\n'), /not valid gzip data/],
    ['a .bz2 that is not bzip2', 'broken.xml.bz2', Buffer.from('<Sanctions/>'), /not valid bzip2 data/],
  ])('%s → INVALID_LIST_FILE', async (_case, name, content, message) => {
    const source = name.endsWith('.bz2') ? 'ofac-advanced' : 'csv';
    await expect(readListSource(source, file(name, content))).rejects.toMatchObject({
      code: 'INVALID_LIST_FILE',
      message: expect.stringMatching(message),
    });
  });

  it('refuses a folder that holds no OFAC file', async () => {
    await expect(readListSource('ofac', dir)).rejects.toMatchObject({ code: 'INVALID_LIST_FILE' });
  });
});

describeWithDatasets('readListSource on the real files', () => {
  it('reads an OFAC consolidated folder as list ofac-cons', async () => {
    const { entities } = await readListSource('ofac', sharedPath('ofac', 'consolidated_non_sdn_2025-12-19'));
    expect(entities).toHaveLength(442);
    expect(entities[0]?.list).toBe('ofac-cons');
  });

  it('reads the UN XML and the labelled addresses', async () => {
    expect(
      (await readListSource('un', sharedPath('un', 'consolidated_2026-02-27.xml'))).entities,
    ).toHaveLength(1_003);
    expect(
      (await readLabelledAddressFile(sharedPath('crypto', 'labelled_addresses.csv'))).addresses,
    ).toHaveLength(46_289);
  });

  it('a truncated .bz2 (the first 120 KB of the advanced XML) is INVALID_LIST_FILE, not a short list', async () => {
    const whole = readFileSync(sharedPath('ofac', 'sdn_advanced_2025-11-19', 'sdn_advanced.xml.bz2'));
    const path = file('cut.xml.bz2', whole.subarray(0, 120_000));
    await expect(parseOfacAdvanced(openListFile(path))).rejects.toMatchObject({ code: 'INVALID_LIST_FILE' });
  });
});
