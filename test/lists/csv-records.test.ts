import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsvRecords, streamCsvRecords } from '../../src/lists/csv-records.js';

const TEXT = 'a,b\r\n"multi\r\nline",c\r\n\r\nd,e\r\n\x1A';

async function collect(input: Parameters<typeof streamCsvRecords>[0]) {
  const out = [];
  for await (const record of streamCsvRecords(input)) out.push(record);
  return out;
}

describe('CSV records', () => {
  const expected = [
    { fields: ['a', 'b'], line: 1 },
    { fields: ['multi\r\nline', 'c'], line: 2 },
    { fields: ['d', 'e'], line: 5 },
  ];

  it('gives each record the line it starts on, past quoted line breaks and blank lines', () => {
    expect(readCsvRecords(TEXT)).toEqual(expected);
  });

  it('streams the same records from chunks, even a character split across chunks', async () => {
    const bytes = Buffer.from('name\nJosé\n', 'utf8');
    const split = bytes.indexOf(0xc3) + 1;
    expect(await collect(Readable.from([bytes.subarray(0, split), bytes.subarray(split)]))).toEqual([
      { fields: ['name'], line: 1 },
      { fields: ['José'], line: 2 },
    ]);
    expect(await collect(Readable.from([TEXT.slice(0, 9), TEXT.slice(9)]))).toEqual(expected);
  });

  it('cuts a large stream only between records, with the same records and lines as a whole read', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) =>
      i % 7 === 0 ? `${i},"quoted, ""with"" a\r\nline break",x` : `${i},plain,y`,
    );
    const text = `id,text,z\r\n${rows.join('\r\n')}\r\n`;
    expect(text.length).toBeGreaterThan(1 << 20);
    const chunks = Array.from({ length: Math.ceil(text.length / 65_536) }, (_, i) =>
      text.slice(i * 65_536, (i + 1) * 65_536),
    );
    const streamed = await collect(Readable.from(chunks));
    expect(streamed).toEqual(readCsvRecords(text));
    expect(streamed).toHaveLength(60_001);
    expect(streamed.at(-1)).toEqual({
      fields: ['59999', 'plain', 'y'],
      line: 60_001 + Math.ceil(60_000 / 7),
    });
  });

  it('drops a byte-order mark', async () => {
    expect(await collect(Buffer.from('\uFEFFid,name\n', 'utf8'))).toEqual([
      { fields: ['id', 'name'], line: 1 },
    ]);
  });
});
