import { describe, expect, it } from 'vitest';
import { parseOfacRemarks, REMARK_RULES } from '../../src/lists/ofac-remarks.js';

// Statements copied from the real sdn.csv of 2023-12-28 (ent_num in the test name).
describe('parseOfacRemarks on real remarks', () => {
  it('22790 MADURO MOROS: DOB, POB, citizenship, gender, cedula; the rest stays a remark', () => {
    const facts = parseOfacRemarks(
      'DOB 23 Nov 1962; POB Caracas, Venezuela; citizen Venezuela; Gender Male; Cedula No. 5892464 (Venezuela); President of the Bolivarian Republic of Venezuela.',
    );
    expect(facts.birth_dates).toEqual([{ date: '1962-11-23', circa: false, until: null }]);
    expect(facts.birth_places).toEqual(['Caracas, Venezuela']);
    expect(facts.citizenships).toEqual(['VEN']);
    expect(facts.gender).toBe('male');
    expect(facts.documents).toEqual([{ type: 'Cedula No.', number: '5892464', country: 'VEN', note: null }]);
    expect(facts.remarks).toBe('President of the Bolivarian Republic of Venezuela.');
  });

  it("306 BANCO NACIONAL DE CUBA: a.k.a. 'BNC' is a weak alias", () => {
    const facts = parseOfacRemarks("a.k.a. 'BNC'.");
    expect(facts.aliases).toEqual([{ name: 'BNC', kind: 'weak', script: null }]);
    expect(facts.remarks).toBeNull();
  });

  it('25308 YAN, Xiaobing: digital currency addresses keep their asset and case', () => {
    const facts = parseOfacRemarks(
      "DOB 25 Mar 1977; POB Wuhan City, Hubei, China; citizen China; Gender Male; Digital Currency Address - XBT 12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h; alt. Digital Currency Address - XBT 1Kuf2Rd8mDyAViwBozGTNYnvWL8uYFrkVo; Citizen's Card Number 421002197703250019 (China); a.k.a. 'ZHOU, William'; a.k.a. 'YAN, Steven'.",
    );
    expect(facts.crypto_addresses).toEqual([
      { asset: 'XBT', address: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h' },
      { asset: 'XBT', address: '1Kuf2Rd8mDyAViwBozGTNYnvWL8uYFrkVo' },
    ]);
    expect(facts.aliases.map((a) => a.name)).toEqual(['ZHOU, William', 'YAN, Steven']);
    expect(facts.documents).toEqual([
      { type: "Citizen's Card Number", number: '421002197703250019', country: 'CHN', note: null },
    ]);
  });

  it('several DOBs, alt. nationality and an ETH address', () => {
    const facts = parseOfacRemarks(
      'DOB 1962; alt. DOB 1964; nationality Russia; alt. nationality Ukraine; alt. Digital Currency Address - ETH 0x098B716B8Aaf21512996dC57EB0615e2383E2f96',
    );
    expect(facts.birth_dates.map((b) => b.date)).toEqual(['1962', '1964']);
    expect(facts.nationalities).toEqual(['RUS', 'UKR']);
    expect(facts.crypto_addresses).toEqual([
      { asset: 'ETH', address: '0x098B716B8Aaf21512996dC57EB0615e2383E2f96' },
    ]);
  });
});

describe('birth date statements', () => {
  it.each([
    ['DOB 23 Nov 1962', { date: '1962-11-23', circa: false, until: null }],
    ['DOB Nov 1962', { date: '1962-11', circa: false, until: null }],
    ['DOB 1962', { date: '1962', circa: false, until: null }],
    ['DOB circa 1962', { date: '1962', circa: true, until: null }],
    ['DOB circa 07 Jul 1966', { date: '1966-07-07', circa: true, until: null }],
    ['DOB 1960 to 1962', { date: '1960', circa: false, until: '1962' }],
    ['DOB 01 Jan 1961 to 31 Dec 1962', { date: '1961', circa: false, until: '1962' }],
    ['DOB 26 Sep 1946 to 07 Dec 1946.', { date: '1946-09-26', circa: false, until: '1946-12-07' }],
    ['DOB circa 1979-1982', { date: '1979', circa: true, until: '1982' }],
    ['alt. DOB 1951.', { date: '1951', circa: false, until: null }],
  ])('%s', (statement, birthDate) => {
    expect(parseOfacRemarks(statement).birth_dates).toEqual([birthDate]);
  });

  it.each([['DOB 31 Feb 1962'], ['DOB 1962 to 1960'], ['DOB unknown'], ['DOBB 1962']])(
    'near miss %j stays a remark',
    (statement) => {
      const facts = parseOfacRemarks(statement);
      expect(facts.birth_dates).toEqual([]);
      expect(facts.remarks).toBe(statement);
    },
  );
});

describe('other statements', () => {
  it.each([
    ['Gender Female', 'gender', 'female'],
    ['POB Moscow, Russia', 'birth_places', ['Moscow, Russia']],
    ['Alt. POB: Keren Eritrea', 'birth_places', ['Keren Eritrea']],
    ['citizen Korea, North', 'citizenships', ['PRK']],
    ['nationality Congo, Democratic Republic of the', 'nationalities', ['COD']],
    ["f.k.a. 'ANA I'", 'aliases', [{ name: 'ANA I', kind: 'weak', script: null }]],
    [
      'Digital Currency Address - XMR 5be5543ff73456ab9f2d',
      'crypto_addresses',
      [{ asset: 'XMR', address: '5be5543ff73456ab9f2d' }],
    ],
  ] as const)('%s', (statement, field, value) => {
    expect(parseOfacRemarks(statement)[field]).toEqual(value);
  });

  it.each([
    ['nationality possibly Palestinian'],
    ['Nationality of Registration Korea, North'],
    ['Linked To: LAZARUS GROUP'],
    ['Website www.sberbank.ru'],
    ['Email Address info@aqsatv.ps'],
    ['Organization Established Date 1969'],
    ["a.k.a. 'WHOIS HACKIN"],
  ])('near miss %j stays a remark', (statement) => {
    const facts = parseOfacRemarks(statement);
    expect(facts.remarks).toBe(statement);
    expect([facts.nationalities, facts.aliases, facts.documents, facts.birth_dates].flat()).toEqual([]);
  });

  it('keeps unread statements in order, joined with "; "', () => {
    expect(parseOfacRemarks('Linked To: A; DOB 1962; Website b.com.').remarks).toBe(
      'Linked To: A; Website b.com.',
    );
  });

  it('has no remarks for an empty cell', () => {
    expect(parseOfacRemarks(null)).toMatchObject({ remarks: null, aliases: [], birth_dates: [] });
  });

  it('names every rule', () => {
    expect(REMARK_RULES.map((r) => r.name)).toContain('identity document');
  });
});
