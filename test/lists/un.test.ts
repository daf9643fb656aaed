import { createReadStream } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/model/entity.js';
import type { ListParseResult } from '../../src/lists/list-parse-result.js';
import { parseUnList } from '../../src/lists/un.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

function unXml(records: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST dateGenerated="2026-02-27T00:00:09.554Z"><INDIVIDUALS>${records}</INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>`;
}

const PERSON = `<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>ERIC</FIRST_NAME><SECOND_NAME>BADEGE</SECOND_NAME>
<UN_LIST_TYPE>DRC</UN_LIST_TYPE><REFERENCE_NUMBER>CDi.001</REFERENCE_NUMBER><LISTED_ON>2012-12-31</LISTED_ON>
<GENDER>Male</GENDER><NATIONALITY><VALUE>Democratic Republic of the Congo</VALUE></NATIONALITY>
<INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Commandant Eric</ALIAS_NAME></INDIVIDUAL_ALIAS>
<INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>APPROXIMATELY</TYPE_OF_DATE><YEAR>1971</YEAR></INDIVIDUAL_DATE_OF_BIRTH>
<INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1967</FROM_YEAR><TO_YEAR>1969</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
<INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><NOTE>Nov. 1973 </NOTE></INDIVIDUAL_DATE_OF_BIRTH>
<INDIVIDUAL_PLACE_OF_BIRTH><CITY>Goma</CITY><COUNTRY>Democratic Republic of the Congo</COUNTRY></INDIVIDUAL_PLACE_OF_BIRTH>
<INDIVIDUAL_DOCUMENT><TYPE_OF_DOCUMENT>Passport</TYPE_OF_DOCUMENT><NUMBER>OB 0243318</NUMBER><ISSUING_COUNTRY>Democratic Republic of the Congo</ISSUING_COUNTRY></INDIVIDUAL_DOCUMENT>
</INDIVIDUAL>`;

describe('parseUnList on inline XML', () => {
  it('maps an INDIVIDUAL', async () => {
    const { entities, issues, publishedAt } = await parseUnList(unXml(PERSON));
    expect(issues).toEqual([]);
    expect(publishedAt).toBe('2026-02-27');
    expect(entities[0]).toMatchObject({
      list: 'un',
      entity_id: 'CDi.001',
      type: 'individual',
      name: 'ERIC BADEGE',
      aliases: [{ name: 'Commandant Eric', kind: 'weak', script: null }],
      birth_dates: [
        { date: '1971', circa: true, until: null },
        { date: '1967', circa: false, until: '1969' },
        { date: '1973-11', circa: false, until: null },
      ],
      birth_places: ['Goma, Democratic Republic of the Congo'],
      nationalities: ['COD'],
      gender: 'male',
      documents: [{ type: 'Passport', number: 'OB 0243318', country: 'COD', note: null }],
      programs: ['DRC'],
      listed_on: '2012-12-31',
    });
  });

  it('reports a record without REFERENCE_NUMBER and goes on', async () => {
    const { entities, issues } = await parseUnList(unXml(PERSON.replace('CDi.001', '') + PERSON));
    expect(entities).toHaveLength(1);
    expect(issues).toEqual([
      { location: 'INDIVIDUAL DATAID=1', reason: expect.stringContaining('entity_id') },
    ]);
  });

  it.each([
    ['cut mid-document', unXml(PERSON).slice(0, 400)],
    ['another root', '<Sanctions></Sanctions>'],
  ])('a file %s is INVALID_LIST_FILE', async (_case, xml) => {
    await expect(parseUnList(xml)).rejects.toMatchObject({ code: 'INVALID_LIST_FILE' });
  });
});

describeWithDatasets('parseUnList on the real consolidated list of 2026-02-27', () => {
  let result: ListParseResult;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    result = await parseUnList(createReadStream(sharedPath('un', 'consolidated_2026-02-27.xml')));
    byId = new Map(result.entities.map((e) => [e.entity_id, e]));
  });

  it('has 730 individuals and 273 entities, no issue, generated 2026-02-27', () => {
    expect(result.entities.filter((e) => e.type === 'individual')).toHaveLength(730);
    expect(result.entities.filter((e) => e.type === 'organization')).toHaveLength(273);
    expect(result.issues).toEqual([]);
    expect(result.publishedAt).toBe('2026-02-27');
  });

  it('IQi.001 is SADDAM HUSSEIN AL-TIKRITI, born 1937-04-28, Iraqi, with his Arabic name', () => {
    expect(byId.get('IQi.001')).toMatchObject({
      name: 'SADDAM HUSSEIN AL-TIKRITI',
      birth_dates: [{ date: '1937-04-28', circa: false, until: null }],
      nationalities: ['IRQ'],
      programs: ['Iraq'],
    });
    expect(byId.get('IQi.001')?.aliases).toContainEqual({
      name: 'صدام حسين التكريتي',
      kind: 'native',
      script: 'Arabic',
    });
    expect(byId.get('IQi.001')?.aliases).toContainEqual({ name: 'Abu Ali', kind: 'weak', script: null });
  });

  it('KPi.066 KIM JONG SIK was born between 1967 and 1969', () => {
    expect(byId.get('KPi.066')?.birth_dates).toEqual([{ date: '1967', circa: false, until: '1969' }]);
    expect(byId.get('KPi.066')?.nationalities).toEqual(['PRK']);
  });

  it('QDi.006 AIMAN MUHAMMED RABI AL-ZAWAHIRI joins four name parts', () => {
    expect(byId.get('QDi.006')?.name).toBe('AIMAN MUHAMMED RABI AL-ZAWAHIRI');
  });

  it('CDe.001 ADF has its a.k.a. and f.k.a. names', () => {
    expect(byId.get('CDe.001')?.aliases).toEqual(
      expect.arrayContaining([
        { name: 'Allied Democratic Forces', kind: 'aka', script: null },
        { name: 'NALU', kind: 'fka', script: null },
      ]),
    );
  });
});
