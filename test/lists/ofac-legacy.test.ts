import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../src/model/entity.js';
import { WardenError } from '../../src/model/errors.js';
import { parseOfacLegacy, splitOfacPrograms } from '../../src/lists/ofac-legacy.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const EOF_LINE = '\x1A';

function sdnRow(...cells: string[]): string {
  return cells.join(',');
}

const SDN = [
  sdnRow('36', '"AEROCARIBBEAN AIRLINES"', '-0- ', '"CUBA"', ...Array(8).fill('-0- ')),
  sdnRow('306', '"BANCO NACIONAL DE CUBA"', '-0- ', '"CUBA"', ...Array(7).fill('-0- '), `"a.k.a. 'BNC'."`),
  sdnRow(
    '4238',
    '"MAR AZUL"',
    '"vessel"',
    '"CUBA"',
    '-0- ',
    '"CL2192"',
    '"Tug"',
    '-0- ',
    '"212"',
    '"Cuba"',
    '-0- ',
    '-0- ',
  ),
  sdnRow(
    '22790',
    '"MADURO MOROS, Nicolas"',
    '"individual"',
    '"VENEZUELA] [IRAN-CON-ARMS-EO"',
    ...Array(7).fill('-0- '),
    '"DOB 23 Nov 1962; POB Caracas, Ven"',
  ),
  EOF_LINE,
].join('\r\n');

describe('parseOfacLegacy on inline files', () => {
  const { entities, issues } = parseOfacLegacy({
    sdn: SDN,
    alt: '36,12,"aka","AERO-CARIBBEAN",-0- \r\n306,220,"fka","NATIONAL BANK OF CUBA",-0- \r\n',
    add: '22790,34442,-0- ,"Caracas, Capital District","Venezuela",-0- \r\n',
    comments: '22790,"ezuela; Gender Male."\n',
  });
  const byId = new Map(entities.map((e) => [e.entity_id, e]));

  it('reads every row, skipping the 0x1A end-of-file line', () => {
    expect(entities.map((e) => e.entity_id)).toEqual(['36', '306', '4238', '22790']);
    expect(issues).toEqual([]);
  });

  it.each([
    ['36', 'organization'],
    ['306', 'organization'],
    ['4238', 'vessel'],
    ['22790', 'individual'],
  ])('ent_num %s is an %s (-0- → organization)', (id, type) => {
    expect(byId.get(id)?.type).toBe(type);
  });

  it('joins alt.csv names with their kind, then the weak names of the remarks', () => {
    expect(byId.get('306')?.aliases).toEqual([
      { name: 'NATIONAL BANK OF CUBA', kind: 'fka', script: null },
      { name: 'BNC', kind: 'weak', script: null },
    ]);
  });

  it('appends the sdn_comments.csv continuation before reading the remarks', () => {
    const maduro = byId.get('22790') as Entity;
    expect(maduro.birth_places).toEqual(['Caracas, Venezuela']);
    expect(maduro.gender).toBe('male');
    expect(maduro.programs).toEqual(['VENEZUELA', 'IRAN-CON-ARMS-EO']);
    expect(maduro.addresses).toEqual([
      expect.objectContaining({
        city: 'Caracas, Capital District',
        country_name: 'Venezuela',
        country: 'VEN',
      }),
    ]);
  });

  it('keeps vessel columns as labelled remarks', () => {
    expect(byId.get('4238')?.remarks).toBe('Call Sign CL2192; Vessel Type Tug; GRT 212; Vessel Flag Cuba');
  });
});

describe('parseOfacLegacy on broken input', () => {
  it.each([
    ['a row with 3 columns', `${SDN}\r\n99,"SHORT",-0- `, 'sdn.csv line 6', 'expected 12 columns'],
    ['a bad ent_num', SDN.replace('36,"AERO', 'X36,"AERO'), 'sdn.csv line 1', 'not a positive integer'],
    ['an unknown type', SDN.replace('"vessel"', '"spaceship"'), 'sdn.csv line 3', 'SDN_Type "spaceship"'],
    ['a repeated ent_num', SDN.replace('306,"BANCO', '36,"BANCO'), 'sdn.csv line 2', 'appears twice'],
  ])('%s → an issue with its line, and the import goes on', (_case, sdn, location, reason) => {
    const { entities, issues } = parseOfacLegacy({ sdn });
    expect(issues).toEqual([{ location, reason: expect.stringContaining(reason) }]);
    expect(entities.length).toBeGreaterThanOrEqual(3);
  });

  it('reports alt.csv rows whose ent_num is not in sdn.csv', () => {
    const { issues } = parseOfacLegacy({ sdn: SDN, alt: '1,2,"aka","NOBODY",-0- \r\n' });
    expect(issues).toEqual([
      { location: 'alt.csv line 1', reason: "ent_num 1 is not in the list's main file" },
    ]);
  });

  it.each([
    [
      'a file whose rows all have the wrong width',
      'id,name,type\r\n1,ACME,organization\r\n',
      'no row has the 12 columns',
    ],
    ['an empty sdn.csv', '', 'is empty'],
  ])('%s → INVALID_LIST_FILE', (_case, sdn, message) => {
    expect(() => parseOfacLegacy({ sdn })).toThrow(WardenError);
    try {
      parseOfacLegacy({ sdn });
    } catch (error) {
      expect(error).toMatchObject({ code: 'INVALID_LIST_FILE', message: expect.stringContaining(message) });
    }
  });

  it('refuses an alt.csv that is not one', () => {
    expect(() => parseOfacLegacy({ sdn: SDN, alt: SDN })).toThrow(/alt.csv is not an OFAC legacy list file/);
  });
});

describe('splitOfacPrograms', () => {
  it.each([
    ['CUBA', ['CUBA']],
    ['VENEZUELA] [IRAN-CON-ARMS-EO', ['VENEZUELA', 'IRAN-CON-ARMS-EO']],
    ['SDGT] [IFSR] [IRGC', ['SDGT', 'IFSR', 'IRGC']],
  ])('%s', (text, programs) => {
    expect(splitOfacPrograms(text)).toEqual(programs);
  });
});

function readFolder(folder: string, names: [string, string, string, string]) {
  const read = (name: string): string => readFileSync(sharedPath('ofac', folder, name), 'utf8');
  const [sdn, alt, add, comments] = names;
  return { sdn: read(sdn), alt: read(alt), add: read(add), comments: read(comments) };
}

describeWithDatasets('parseOfacLegacy on the real OFAC files', () => {
  const result = parseOfacLegacy(
    readFolder('sdn_2023-12-28', ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv']),
  );
  const byId = new Map(result.entities.map((e) => [e.entity_id, e]));
  const aliasCount = (kinds: string[]): number =>
    result.entities.reduce((n, e) => n + e.aliases.filter((a) => kinds.includes(a.kind)).length, 0);

  it('2023-12-28: 13,821 entities, no issue', () => {
    expect(result.entities).toHaveLength(13_821);
    expect(result.issues).toEqual([]);
  });

  it('2023-12-28: 6,646 individuals, 6,033 organizations, 764 vessels, 378 aircraft', () => {
    const counts = Object.fromEntries(
      ['individual', 'organization', 'vessel', 'aircraft'].map((t) => [t, 0]),
    );
    for (const e of result.entities) counts[e.type] = (counts[e.type] ?? 0) + 1;
    expect(counts).toEqual({ individual: 6_646, organization: 6_033, vessel: 764, aircraft: 378 });
  });

  it('2023-12-28: 17,091 aliases from alt.csv (16,507 aka, 567 fka, 17 nka), weak ones counted apart', () => {
    expect(aliasCount(['aka', 'fka', 'nka'])).toBe(17_091);
    expect(aliasCount(['fka'])).toBe(567);
    expect(aliasCount(['nka'])).toBe(17);
    expect(aliasCount(['weak'])).toBeGreaterThan(3_000);
  });

  it('22790 is MADURO MOROS, Nicolas, born 1962-11-23 in Caracas, Venezuelan, cedula 5892464', () => {
    const maduro = byId.get('22790');
    expect(maduro).toMatchObject({
      type: 'individual',
      name: 'MADURO MOROS, Nicolas',
      birth_dates: [{ date: '1962-11-23', circa: false, until: null }],
      birth_places: ['Caracas, Venezuela'],
      gender: 'male',
      programs: ['VENEZUELA', 'IRAN-CON-ARMS-EO'],
    });
    // OFAC writes "citizen Venezuela" for him: it is a citizenship, not a "nationality" statement.
    expect(maduro?.citizenships).toEqual(['VEN']);
    expect(maduro?.documents).toContainEqual({
      type: 'Cedula No.',
      number: '5892464',
      country: 'VEN',
      note: null,
    });
  });

  it('25308 YAN, Xiaobing has his XBT addresses with their asset', () => {
    expect(byId.get('25308')?.crypto_addresses).toContainEqual({
      asset: 'XBT',
      address: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h',
    });
  });

  it("306 BANCO NACIONAL DE CUBA has a.k.a. 'BNC' as a weak alias", () => {
    expect(byId.get('306')?.aliases).toContainEqual({ name: 'BNC', kind: 'weak', script: null });
  });

  it('add.csv gives 16,338 addresses (its other 2,652 rows are all -0-)', () => {
    expect(result.entities.reduce((n, e) => n + e.addresses.length, 0)).toBe(16_338);
  });

  it('2024-05-03 sdn.csv alone parses to 14,965 entities', () => {
    const sdn = readFileSync(sharedPath('ofac', 'sdn_2024-05-03', 'sdn.csv'), 'utf8');
    const { entities, issues } = parseOfacLegacy({ sdn });
    expect(entities).toHaveLength(14_965);
    expect(issues).toEqual([]);
  });

  it('the consolidated non-SDN files parse to 442 entities of list ofac-cons', () => {
    const files = readFolder('consolidated_non_sdn_2025-12-19', [
      'cons_prim.csv',
      'cons_alt.csv',
      'cons_add.csv',
      'cons_comments.csv',
    ]);
    const { entities, issues } = parseOfacLegacy(files, { list: 'ofac-cons' });
    expect(entities).toHaveLength(442);
    expect(issues).toEqual([]);
    expect(new Set(entities.map((e) => e.list))).toEqual(new Set(['ofac-cons']));
  });
});
