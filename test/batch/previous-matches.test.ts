import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPreviousMatches } from '../../src/batch/previous-matches.js';
import { tempFolder } from './support/batch-fixtures.js';

const line = (id: string, entities: readonly string[]) =>
  JSON.stringify({
    external_id: id,
    risk_level: entities.length > 0 ? 'HIGH' : 'NONE',
    matches: entities.map((entity_id) => ({ list: 'ofac-sdn', entity_id, name: 'A "quoted" name' })),
  });

describe('readPreviousMatches from a JSONL output', () => {
  const dir = tempFolder('warden-previous-');

  it('finds every row matched to a wanted entity, across read chunks, and a last line without newline', async () => {
    // ~3 MB: the reader's chunks (1 MiB) cut lines, and match lines, anywhere.
    const lines: string[] = [];
    const expected = new Map<string, string[]>();
    for (let i = 0; i < 40_000; i++) {
      const id = `C${String(i).padStart(8, '0')}`;
      const entities = i % 997 === 0 ? ['17', String(i % 5)] : i % 301 === 0 ? ['99'] : [];
      lines.push(line(id, entities));
      const hits = entities.filter((e) => e === '17' || e === '3');
      if (hits.length > 0) expected.set(id, hits);
    }
    // Ids written with JSON escapes or in UTF-8, and one a wanted id is a prefix of.
    lines.push(line('ESCAPED', ['a"b\\c']), line('UTF8', ['Ж-7']), line('PREFIX', ['170']));
    expected.set('ESCAPED', ['a"b\\c']).set('UTF8', ['Ж-7']);
    lines.push(line('LAST', ['3']));
    expected.set('LAST', ['3']);
    const path = join(dir, 'out.jsonl');
    writeFileSync(path, lines.join('\n'));
    const found = await readPreviousMatches(
      path,
      new Map([
        ['ofac-sdn:17', 'removed'],
        ['ofac-sdn:3', 'changed'],
        ['ofac-sdn:a"b\\c', 'changed'],
        ['ofac-sdn:Ж-7', 'removed'],
      ]),
    );
    expect(new Map([...found].map(([id, matches]) => [id, matches.map((m) => m.entity_id)]))).toEqual(
      expected,
    );
    expect(found.get('LAST')).toEqual([{ list: 'ofac-sdn', entity_id: '3', change: 'changed' }]);
  });
});
