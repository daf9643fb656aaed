import { createReadStream } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/model/entity.js';
import type { ListParseResult } from '../../src/lists/list-parse-result.js';
import { parsePepCsv } from '../../src/lists/pep.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const HEADER =
  'source,bioguide,wikidata,opensecrets,fec,official_full,first,middle,last,suffix,nickname,other_names,birthday,gender,position,state,district,party,term_start,term_end';

describe('parsePepCsv on inline rows', () => {
  it('maps a member of Congress, nickname included', async () => {
    const csv = `${HEADER}\nlegislators-current,S000033,Q359442,N00000528,H8VT01016,Bernard Sanders,Bernard,,Sanders,,Bernie,,1941-09-08,M,US Senator,VT,,Independent,2025-01-03,2031-01-03\n`;
    const { entities, issues } = await parsePepCsv(csv);
    expect(issues).toEqual([]);
    expect(entities[0]).toMatchObject({
      list: 'pep-us',
      entity_id: 'S000033',
      type: 'individual',
      name: 'Bernard Sanders',
      aliases: [{ name: 'Bernie Sanders', kind: 'aka', script: null }],
      birth_dates: [{ date: '1941-09-08' }],
      gender: 'male',
      pep: { position: 'US Senator', country: 'USA', since: '2025-01-03', until: '2031-01-03' },
      categories: ['PEP'],
    });
  });

  it('gives a person without bioguide a stable id from name and birth date', async () => {
    const csv = `${HEADER}\nexecutive,,,,,,Donald,,Trump,,,,1946-06-14,M,US President,,,Republican,2025-01-20,2029-01-20\n`;
    const { entities } = await parsePepCsv(csv);
    expect(entities[0]).toMatchObject({ entity_id: 'donald-trump-1946-06-14', name: 'Donald Trump' });
  });

  it('refuses a CSV without the position column', async () => {
    await expect(parsePepCsv('bioguide,first,last\nX,A,B\n')).rejects.toMatchObject({
      code: 'INVALID_LIST_FILE',
      message: expect.stringContaining('"position"'),
    });
  });
});

describeWithDatasets('parsePepCsv on the real US PEP list of 2026-06-15', () => {
  let result: ListParseResult;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    result = await parsePepCsv(
      createReadStream(sharedPath('pep', 'us_congress_and_executive_peps_2026-06-15.csv')),
    );
    byId = new Map(result.entities.map((e) => [e.entity_id, e]));
  });

  it('has 617 PEPs with distinct ids, no issue', () => {
    expect(result.entities).toHaveLength(617);
    expect(byId.size).toBe(617);
    expect(result.issues).toEqual([]);
  });

  it('C000127 is Senator Maria Cantwell, born 1958-10-13', () => {
    expect(byId.get('C000127')).toMatchObject({
      name: 'Maria Cantwell',
      gender: 'female',
      birth_dates: [{ date: '1958-10-13' }],
      pep: { position: 'US Senator', country: 'USA' },
    });
  });

  it('counts 100 senators and 437 representatives', () => {
    const count = (position: string): number =>
      result.entities.filter((e) => e.pep?.position === position).length;
    expect([count('US Senator'), count('US Representative')]).toEqual([100, 437]);
  });
});
