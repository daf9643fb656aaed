import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/model/entity.js';
import type { ListParseResult } from '../../src/lists/list-parse-result.js';
import { parseUkOfsi } from '../../src/lists/uk-ofsi.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const HEADER =
  'Name 6,Name 1,Name 2,Name 3,Name 4,Name 5,Title,Name Non-Latin Script,Non-Latin Script Type,Non-Latin Script Language,DOB,Town of Birth,Country of Birth,Nationality,Passport Number,Passport Details,National Identification Number,National Identification Details,Position,Address 1,Address 2,Address 3,Address 4,Address 5,Address 6,Post/Zip Code,Country,Other Information,Group Type,Alias Type,Alias Quality,Regime,Listed On,UK Sanctions List Date Designated,Last Updated,Group ID';

/** A row with the given cells; all others empty. */
function row(cells: Record<string, string>): string {
  return HEADER.split(',')
    .map((column) => {
      const value = cells[column] ?? '';
      return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(',');
}

const GROUP = {
  DOB: '07/02/1966',
  Nationality: 'Libya',
  'Passport Number': '(1) 223611 (2) C00146605',
  'Passport Details': '(1) Libya number (2) British passport number',
  'Other Information': '(UK Sanctions List Ref):AQD0089. (Gender):Male',
  'Group Type': 'Individual',
  Regime: "ISIL (Da'esh) and Al-Qaida",
  'Listed On': '07/03/2016',
  'Group ID': '13312',
};

const CSV = [
  'Last Updated,10/04/2025',
  HEADER,
  row({ ...GROUP, 'Name 6': 'AA', 'Alias Type': 'AKA', 'Alias Quality': 'Low quality' }),
  row({ ...GROUP, 'Name 6': 'AZZOUZ', 'Name 1': 'ABD AL-BASET', 'Alias Type': 'Primary name' }),
  row({
    ...GROUP,
    'Name 6': 'AZOUZ',
    'Name 1': 'Abdelbassed',
    'Alias Type': 'AKA',
    'Alias Quality': 'Good quality',
  }),
  row({
    ...GROUP,
    'Name 6': 'AZZOUZ',
    'Name 1': 'ABD AL-BASET',
    'Alias Type': 'Primary name',
    DOB: '00/00/1965',
  }),
  row({ 'Name 6': 'SAM JONG 2', 'Group Type': 'Ship', 'Alias Type': 'Primary name', 'Group ID': '13651' }),
  row({ 'Name 6': 'AKTIVA', 'Group Type': 'Ship', 'Alias Type': 'FKA', 'Group ID': '13651' }),
  row({ 'Name 6': 'BROKEN', 'Group Type': 'Individual', 'Alias Type': 'Primary name', 'Group ID': 'x' }),
  '',
].join('\r\n');

describe('parseUkOfsi on an inline file', () => {
  let result: ListParseResult;
  beforeAll(async () => {
    result = await parseUkOfsi(CSV);
  });

  it('makes one entity per Group ID and reads the date of line 1', () => {
    expect(result.entities.map((e) => e.entity_id)).toEqual(['13312', '13651']);
    expect(result.publishedAt).toBe('2025-04-10');
  });

  it('takes the Primary name row as the name, the others as aliases with their quality', () => {
    const person = result.entities[0] as Entity;
    expect(person.name).toBe('AZZOUZ, ABD AL-BASET');
    expect(person.aliases).toEqual([
      { name: 'AA', kind: 'weak', script: null },
      { name: 'AZOUZ, Abdelbassed', kind: 'aka', script: null },
    ]);
  });

  it('collects the distinct dates of birth, documents and facts of all the rows', () => {
    expect(result.entities[0]).toMatchObject({
      type: 'individual',
      birth_dates: [{ date: '1966-02-07' }, { date: '1965' }],
      nationalities: ['LBY'],
      gender: 'male',
      documents: [
        { type: 'Passport', number: '223611', note: 'Libya number' },
        { type: 'Passport', number: 'C00146605', note: 'British passport number' },
      ],
      programs: ["ISIL (Da'esh) and Al-Qaida"],
      listed_on: '2016-03-07',
    });
  });

  it('maps Ship to vessel and FKA to fka', () => {
    expect(result.entities[1]).toMatchObject({ type: 'vessel', aliases: [{ name: 'AKTIVA', kind: 'fka' }] });
  });

  it('reports the broken row with its line', () => {
    expect(result.issues).toEqual([{ location: 'line 9', reason: 'Group ID "x" is not a number' }]);
  });

  it('refuses a file without the Group ID and Alias Type columns', async () => {
    await expect(
      parseUkOfsi('Last Updated,10/04/2025\r\nName 6,Group Type\r\nX,Entity\r\n'),
    ).rejects.toMatchObject({
      code: 'INVALID_LIST_FILE',
      message: expect.stringMatching(/missing the required columns "Alias Type", "Group ID"/),
    });
  });
});

describeWithDatasets('parseUkOfsi on the real OFSI list of 2025-04-10', () => {
  let result: ListParseResult;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    const path = sharedPath('uk', 'ofsi_conlist_2025-04-10.csv.gz');
    result = await parseUkOfsi(createReadStream(path).pipe(createGunzip()));
    byId = new Map(result.entities.map((e) => [e.entity_id, e]));
  });

  it('has 4,686 Group IDs, no issue, last updated 2025-04-10', () => {
    expect(result.entities).toHaveLength(4_686);
    expect(result.issues).toEqual([]);
    expect(result.publishedAt).toBe('2025-04-10');
  });

  it('has 3,662 individuals, 1,009 organizations and 15 ships', () => {
    const count = (type: string): number => result.entities.filter((e) => e.type === type).length;
    expect([count('individual'), count('organization'), count('vessel')]).toEqual([3_662, 1_009, 15]);
  });

  it('14241 is ABAKAROV, Khizri Magomedovich, born 1960-06-28, with his Cyrillic name', () => {
    const person = byId.get('14241');
    expect(person).toMatchObject({
      name: 'ABAKAROV, Khizri Magomedovich',
      nationalities: ['RUS'],
      programs: ['Russia'],
    });
    expect(person?.birth_dates).toContainEqual({ date: '1960-06-28', circa: false, until: null });
    expect(person?.aliases).toContainEqual({
      name: 'Хизри Магомедович Абакаров',
      kind: 'native',
      script: 'Cyrillic',
    });
  });

  it('13312 AZZOUZ has the weak alias AA and two passports', () => {
    expect(byId.get('13312')?.aliases).toContainEqual({ name: 'AA', kind: 'weak', script: null });
    expect(byId.get('13312')?.documents.map((d) => d.number)).toEqual(['223611', 'C00146605']);
  });
});
