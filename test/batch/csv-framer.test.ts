import { describe, expect, it } from 'vitest';
import { CsvRecordFramer, MAX_RECORD_BYTES, RecordShape } from '../../src/batch/sources/csv-framer.js';

function frame(pieces: readonly string[]): { text: string; broken: boolean }[] {
  const framer = new CsvRecordFramer();
  const out = pieces.flatMap((p) => framer.push(p));
  return [...out, ...framer.end()].map((r) => ({ text: r.text, broken: r.broken }));
}

describe('CsvRecordFramer', () => {
  it.each([
    ['plain lines', ['a,b\n1,2\n'], ['a,b', '1,2']],
    ['CRLF and a last line without newline', ['a,b\r\n1,2'], ['a,b', '1,2']],
    ['a quoted newline stays in its record', ['1,"multi\nline",x\n2,y\n'], ['1,"multi\nline",x', '2,y']],
    ['an escaped quote', ['1,"say ""hi""",x\n'], ['1,"say ""hi""",x']],
    ['a quote inside an unquoted field is literal', ['1,Bad" name,x\n2,ok\n'], ['1,Bad" name,x', '2,ok']],
    ['blank lines are skipped', ['a\n\n  \nb\n'], ['a', 'b']],
    ['records split across pieces', ['1,"ab', 'c"', ',d\n2', ',e\n'], ['1,"abc",d', '2,e']],
    ['an escaped quote split across pieces', ['1,"a', '"', '"b",d\n'], ['1,"a""b",d']],
  ])('%s', (_name, pieces, records) => {
    expect(frame(pieces).map((r) => r.text)).toEqual(records);
  });

  it('cuts an unterminated quote at its line at the end of input, and frames the lines after it', () => {
    const records = frame(['1,"Bad name,PERSON\n2,Good,PERSON\n3,Also good,PERSON\n']);
    expect(records).toEqual([
      { text: '1,"Bad name,PERSON', broken: true },
      { text: '2,Good,PERSON', broken: false },
      { text: '3,Also good,PERSON', broken: false },
    ]);
  });

  it('gives up on a quoted field longer than any valid record without reading the rest of the file', () => {
    const good = Array.from({ length: 5000 }, (_, i) => `${i},Name ${i}\n`).join('');
    expect(Buffer.byteLength(good)).toBeGreaterThan(MAX_RECORD_BYTES);
    const records = frame(['x,"never closed\n', good, '"', '\n']);
    expect(records[0]).toEqual({ text: 'x,"never closed', broken: true });
    expect(records.slice(1, 5001).map((r) => r.text)).toEqual(good.trimEnd().split('\n'));
  });

  it('frames the same records wherever the input is cut, quoted or not', () => {
    const records = [
      'id,name',
      '1,Plain Name',
      '2,"Quoted, with comma"',
      '3,"multi\nline",x',
      '4,Bad" quote,y',
      '5,"say ""hi"""',
      '6,last',
    ];
    const text = `${records.join('\n')}\r\n`;
    expect(frame([text]).map((r) => r.text)).toEqual(records);
    for (let cut = 1; cut < text.length; cut++) {
      expect(frame([text.slice(0, cut), text.slice(cut)]).map((r) => r.text)).toEqual(records);
    }
  });

  it('frames bytes cut anywhere, even inside a character, into the same records and shapes', () => {
    const records = ['id,name', '1,Ŝtefan Ĉapek', '2,"珈, 葛"', '3,"Иван\nПетров",x', '4,"صدام حسين'];
    const bytes = Buffer.from(`\uFEFF${records.join('\n')}\n`, 'utf8');
    const expected = [
      ...records.slice(0, 3).map((text) => ({ text, shape: RecordShape.LINE })),
      { text: records[3], shape: RecordShape.MULTILINE },
      { text: records[4], shape: RecordShape.BROKEN },
    ];
    const mismatches: number[] = [];
    for (let cut = 0; cut <= bytes.length; cut++) {
      const framer = new CsvRecordFramer();
      const seen: { text: string; shape: number }[] = [];
      const visit = (b: Buffer, start: number, end: number, shape: number) =>
        seen.push({ text: b.toString('utf8', start, end), shape });
      framer.pushBytes(bytes.subarray(0, cut), visit);
      framer.pushBytes(bytes.subarray(cut), visit);
      framer.endBytes(visit);
      if (JSON.stringify(seen) !== JSON.stringify(expected)) mismatches.push(cut);
    }
    expect(mismatches).toEqual([]);
  });

  it('skips lines of Unicode spaces as it skips blank ones', () => {
    expect(frame(['a\n\u00a0\u3000\nb\n']).map((r) => r.text)).toEqual(['a', 'b']);
  });

  it('frames the same records fed one byte at a time, records spanning many pieces included', () => {
    const text = `id,name\n1,"multi\nline, quoted",x\n2,${'Long'.repeat(5000)}\n3,"Ĉapek ""Karel""",y\n4,last`;
    const whole = frame([text]);
    const framer = new CsvRecordFramer();
    const seen: { text: string; broken: boolean }[] = [];
    const visit = (b: Buffer, start: number, end: number, shape: number) =>
      seen.push({ text: b.toString('utf8', start, end), broken: shape === RecordShape.BROKEN });
    const bytes = Buffer.from(text, 'utf8');
    for (let i = 0; i < bytes.length; i++) framer.pushBytes(bytes.subarray(i, i + 1), visit);
    framer.endBytes(visit);
    expect(seen).toEqual(whole);
    expect(whole.map((r) => r.text.slice(0, 2))).toEqual(['id', '1,', '2,', '3,', '4,']);
  });

  it('knows where each record starts in the input, however the input is cut and with a byte order mark', () => {
    const text = '\ufeffid,name\r\n1,"Bout,\nViktor"\n\n2,Ivan Ivanov\r\n3,"unterminated\n4,last';
    const input = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 3, 5, input.length]) {
      const framer = new CsvRecordFramer();
      const starts: string[] = [];
      const visit = (bytes: Buffer, start: number, end: number) => {
        const at = framer.offsetOf(start);
        // The input from there frames the record first.
        expect(input.subarray(at, at + end - start).equals(bytes.subarray(start, end))).toBe(true);
        starts.push(input.toString('utf8', at, at + 2));
      };
      for (let at = 0; at < input.length; at += size) framer.pushBytes(input.subarray(at, at + size), visit);
      framer.endBytes(visit);
      expect(starts, `pieces of ${size}`).toEqual(['id', '1,', '2,', '3,', '4,']);
    }
  });
});
