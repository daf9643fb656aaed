/**
 * The slow one: the real OFAC SDN advanced XML of 2025-11-19 (121 MB once bunzipped), streamed.
 * Prints (never asserts) how long the parse took and the process's peak RSS.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { beforeAll, expect, it } from 'vitest';
import type { Entity } from '../../src/model/entity.js';
import type { ListParseResult } from '../../src/lists/list-parse-result.js';
import { parseOfacAdvanced } from '../../src/lists/ofac-advanced.js';
import { openListFile } from '../../src/lists/read-source.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

type Row = Record<string, string>;

function readCsv(path: string): Row[] {
  return Papa.parse<Row>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data;
}

describeWithDatasets('parseOfacAdvanced on the real sdn_advanced.xml.bz2 of 2025-11-19', () => {
  let result: ListParseResult;
  let byId: Map<string, Entity>;
  let names: Row[];

  beforeAll(async () => {
    const started = performance.now();
    result = await parseOfacAdvanced(
      openListFile(sharedPath('ofac', 'sdn_advanced_2025-11-19', 'sdn_advanced.xml.bz2')),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const rssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      `OFAC advanced XML (bz2): ${result.entities.length} entities in ${seconds} s, peak RSS ${rssMiB} MiB`,
    );
    byId = new Map(result.entities.map((e) => [e.entity_id, e]));
    names = readCsv(sharedPath('ofac', 'sdn_advanced_2025-11-19', 'names.csv'));
  }, 300_000);

  it('has 18,367 parties, no issue, issued 2025-11-19', () => {
    expect(result.entities).toHaveLength(18_367);
    expect(result.issues).toEqual([]);
    expect(result.publishedAt).toBe('2025-11-19');
  });

  it('has 9,359 organizations, 7,303 individuals, 1,370 vessels and 335 aircraft', () => {
    const count = (type: string): number => result.entities.filter((e) => e.type === type).length;
    expect([count('organization'), count('individual'), count('vessel'), count('aircraft')]).toEqual([
      9_359, 7_303, 1_370, 335,
    ]);
  });

  it('assembles primary names as names.csv does for at least 99.5% of the parties', () => {
    const expected = new Map(
      names
        .filter((r) => r.alias_role === 'primary' && r.doc_name_status === 'primary_latin')
        .map((r) => [r.ent_num, r.full_name]),
    );
    const same = result.entities.filter((e) => expected.get(e.entity_id) === e.name).length;
    console.log(`primary names equal to names.csv: ${same} of ${result.entities.length}`);
    expect(same / result.entities.length).toBeGreaterThanOrEqual(0.995);
  });

  it('keeps every one of the 48,482 names of names.csv (primary + aliases)', () => {
    expect(result.entities.reduce((n, e) => n + 1 + e.aliases.length, 0)).toBe(names.length);
    const weak = names.filter((r) => r.low_quality === 'true').length;
    expect(result.entities.reduce((n, e) => n + e.aliases.filter((a) => a.kind === 'weak').length, 0)).toBe(
      weak,
    );
  });

  it('joins the programs of SanctionsEntries as names.csv lists them', () => {
    const programs = new Map(
      names.map((r) => [r.ent_num, [...new Set((r.programs ?? '').split(';'))].sort().join(';')]),
    );
    const differing = result.entities.filter(
      (e) => [...e.programs].sort().join(';') !== programs.get(e.entity_id),
    );
    expect(differing.map((e) => e.entity_id)).toEqual([]);
  });

  it('has the 761 Digital Currency Address features, each with its asset', () => {
    const expected = readCsv(sharedPath('crypto', 'ofac_sdn_digital_currency_addresses_2025-11-19.csv'))
      .map((r) => `${r.ent_num} ${r.asset} ${r.address}`)
      .sort();
    const found = result.entities
      .flatMap((e) => e.crypto_addresses.map((c) => `${e.entity_id} ${c.asset} ${c.address}`))
      .sort();
    expect(found).toHaveLength(761);
    expect(found).toEqual(expected);
  });

  it('22790 is MADURO MOROS, Nicolas, born 1962-11-23 in Caracas, a Venezuelan citizen with cedula 5892464', () => {
    expect(byId.get('22790')).toMatchObject({
      type: 'individual',
      name: 'MADURO MOROS, Nicolas',
      birth_dates: [{ date: '1962-11-23', circa: false, until: null }],
      birth_places: ['Caracas, Venezuela'],
      citizenships: ['VEN'],
      gender: 'male',
      documents: [{ type: 'Cedula No.', number: '5892464', country: 'VEN' }],
      programs: ['VENEZUELA', 'IRAN-CON-ARMS-EO'],
    });
  });

  it('8868 SHALISH was born circa 1956, which OFAC stores as the range 1955–1957', () => {
    expect(byId.get('8868')?.birth_dates).toEqual([{ date: '1955', circa: false, until: '1957' }]);
  });
});
