import { describe, expect, it } from 'vitest';
import { parseGenericCsv } from '../../src/lists/generic-csv.js';

const options = { list: 'house' };

describe('parseGenericCsv', () => {
  it('reads the required and optional columns', async () => {
    const csv = [
      'id,name,type,aliases,birth_date,nationality,gender,program',
      'P1,"DOE, John",individual,Johnny Doe|J. Doe,1970-01-31,usa,male,FRAUD',
      'O1,ACME LTD,organization,,,,,',
      'V1,SEA STAR,Vessel,,,,,',
    ].join('\n');
    const { entities, issues } = await parseGenericCsv(csv, options);
    expect(issues).toEqual([]);
    expect(entities[0]).toMatchObject({
      list: 'house',
      entity_id: 'P1',
      type: 'individual',
      name: 'DOE, John',
      aliases: [
        { name: 'Johnny Doe', kind: 'aka', script: null },
        { name: 'J. Doe', kind: 'aka', script: null },
      ],
      birth_dates: [{ date: '1970-01-31' }],
      nationalities: ['USA'],
      gender: 'male',
      programs: ['FRAUD'],
    });
    expect(entities.map((e) => e.type)).toEqual(['individual', 'organization', 'vessel']);
  });

  it('takes a header with only id,name,type', async () => {
    const { entities } = await parseGenericCsv('type,name,id\naircraft,EP-GOL,A1\n', options);
    expect(entities[0]).toMatchObject({ entity_id: 'A1', type: 'aircraft', name: 'EP-GOL' });
  });

  it.each([
    ['5,,individual', 'name is empty'],
    [',X,individual', 'id is empty'],
    ['5,X,person', 'type "person" is not one of individual, organization, vessel, aircraft'],
    ['5,X,individual,,1970-13-01', 'birth_date "1970-13-01" is not a date written YYYY-MM-DD or YYYY'],
    ['5,X,individual,,31/01/1970', 'birth_date "31/01/1970" is not a date'],
    ['5,X,individual,,,VE', 'nationality "VE" is not an ISO 3166 alpha-3 code'],
    ['5,X,individual,,,,unknown', 'gender "unknown" is not male or female'],
    ['5,X,individual,,,,,,extra', 'has 9 fields but the header has 8'],
    ['1,Y,organization', 'id "1" appears twice'],
  ])('a bad row %j → an issue on its line; the others are kept', async (bad, reason) => {
    const csv = `id,name,type,aliases,birth_date,nationality,gender,program\n1,OK,organization\n${bad}\n2,FINE,vessel\n`;
    const { entities, issues } = await parseGenericCsv(csv, options);
    expect(issues).toEqual([{ location: 'line 3', reason: expect.stringContaining(reason) }]);
    expect(entities.map((e) => e.entity_id)).toEqual(['1', '2']);
  });

  it.each([
    ['id,full_name,kind\n1,X,individual\n', '"name", "type"'],
    ['name\nX\n', '"id", "type"'],
  ])('missing columns → INVALID_LIST_FILE naming them (%j)', async (csv, names) => {
    await expect(parseGenericCsv(csv, options)).rejects.toMatchObject({
      code: 'INVALID_LIST_FILE',
      message: `The list CSV is missing the required columns ${names}.`,
    });
  });

  it('an empty file → INVALID_LIST_FILE', async () => {
    await expect(parseGenericCsv('', options)).rejects.toMatchObject({ code: 'INVALID_LIST_FILE' });
  });
});
