import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { rowOf, type PortfolioRow } from '../../src/batch/portfolio-row.js';
import { resolveColumns, rowFromFields } from '../../src/batch/sources/columns.js';
import { CsvRecordFramer, RecordShape } from '../../src/batch/sources/csv-framer.js';
import {
  headerDelimiter,
  rowOfLine,
  rowsOfRecord,
  type CsvLayout,
} from '../../src/batch/sources/csv-record.js';

const HEADER = ['external_id', 'full_name', 'entity_type', 'birth_date', 'nationality'];
const LAYOUT: CsvLayout = { at: resolveColumns(HEADER), width: HEADER.length, delimiter: ',' };

/** What papaparse alone makes of one line (the reader before the split fast path). */
function byPapaparse(line: string) {
  const parsed = Papa.parse<string[]>(line, { delimiter: ',', newline: '\n', quoteChar: '"', header: false });
  return rowFromFields(parsed.data[0]!, LAYOUT.at);
}

describe('rowOfLine: one CSV line, split in a worker', () => {
  it.each([
    'c-1,Ivan Petrov,PERSON,1970-01-01,RUS',
    'c-2,Ivan Petrov,,,',
    'c-3, spaced name ,PERSON,,',
    'c-4,Jo\rhn,PERSON,,',
    'c-5,,,,',
    'c-6,"MADURO MOROS, Nicolas",PERSON,,VEN',
    'c-7,"Say ""hi""",,,',
    'c-8,Mid"quote,,,',
  ])('%s reads as papaparse reads it', (line) => {
    expect(rowOfLine(line, LAYOUT)).toEqual(byPapaparse(line));
  });

  it('says so when a line has more fields than the header', () => {
    expect(rowOfLine('c-1,Ivan,Petrov,PERSON,,RUS', LAYOUT).problem).toContain('has 6 fields');
  });

  it('keeps the external_id of a line with a broken quote', () => {
    expect(rowOfLine('c-9,"Broken,PERSON,,', LAYOUT)).toMatchObject({
      external_id: 'c-9',
      problem: expect.stringContaining('broken'),
    });
  });
});

describe('records that are not one clean line', () => {
  it('reads a quoted newline as part of the field, in the main thread', () => {
    const text = 'c-1,"Ivan\nPetrov",,,\n';
    const shapes: number[] = [];
    new CsvRecordFramer().pushBytes(Buffer.from(text), (_b, _s, _e, shape) => shapes.push(shape));
    expect(shapes).toEqual([RecordShape.MULTILINE]);
    const records = new CsvRecordFramer().push(text);
    const rows: PortfolioRow[] = [];
    rowsOfRecord(records[0]!, LAYOUT, rows);
    expect(rows).toEqual([rowOf({ external_id: 'c-1', full_name: 'Ivan\nPetrov' })]);
  });
});

describe.each([',', ';', '\t'] as const)(
  'rowOfLine against papaparse, on generated lines (%j)',
  (delimiter) => {
    it('reads every line of quotes, delimiters and doubled quotes as papaparse does', () => {
      const layout: CsvLayout = { ...LAYOUT, delimiter };
      const pieces = [
        'a',
        'b c',
        '',
        ' ',
        '"',
        '""',
        ',',
        ';',
        '\t',
        'x"y',
        '"q"',
        `"q${delimiter}r"`,
        '"s""t"',
        '"u"v',
        'é',
        '"w" ',
      ];
      let seed = 7;
      const pick = () => pieces[(seed = (seed * 1103515245 + 12345) & 0x7fffffff) % pieces.length]!;
      for (let n = 0; n < 3000; n++) {
        const line = [`c-${n}`, `${pick()}${pick()}`, pick(), pick()].join(delimiter);
        const parsed = Papa.parse<string[]>(line, { delimiter, newline: '\n', quoteChar: '"' });
        const row = rowOfLine(line, layout);
        if (parsed.errors.length > 0 || parsed.data.length !== 1) {
          expect(row.problem, line).toContain('broken');
          continue;
        }
        const fields = parsed.data[0]!;
        const name = { ',': 'comma', ';': 'semicolon', '\t': 'tab' }[delimiter];
        const problem =
          fields.length > layout.width
            ? `the CSV record has ${fields.length} fields but the header has ${layout.width} (an unquoted ${name}?)`
            : null;
        expect(row, line).toEqual(rowFromFields(fields, layout.at, problem));
      }
    });

    it('frames a quoted line break after the delimiter as one record', () => {
      const text = ['c-1', '"Ivan\nPetrov"', '', '', ''].join(delimiter) + '\n';
      const records = new CsvRecordFramer(delimiter).push(text);
      const rows: PortfolioRow[] = [];
      rowsOfRecord(records[0]!, { ...LAYOUT, delimiter }, rows);
      expect(records).toHaveLength(1);
      expect(rows).toEqual([rowOf({ external_id: 'c-1', full_name: 'Ivan\nPetrov' })]);
    });
  },
);

describe('headerDelimiter', () => {
  it.each([
    ['external_id,full_name', ','],
    ['external_id;full_name;birth_date', ';'],
    ['external_id\tfull_name', '\t'],
    ['full_name', ','],
    ['"id;x",full_name', ','],
  ])('%j is separated by %j', (line, delimiter) => {
    expect(headerDelimiter(line)).toBe(delimiter);
  });
});

describe('cells', () => {
  it.each(['', ' ', '\t', '\u00a0', '\u1680', '\u2003', '\u3000', '\ufeff'])(
    'a cell of only %j is absent',
    (blank) => {
      expect(rowFromFields(['c-1', blank], LAYOUT.at).full_name).toBeNull();
    },
  );

  it('keeps a value with spaces around it as written (validation trims it)', () => {
    expect(rowFromFields(['c-1', ' Ivan '], LAYOUT.at).full_name).toBe(' Ivan ');
  });
});
