import { describe, expect, it } from 'vitest';
import { recordText } from '../../src/batch/sources/record-text.js';

const textOf = (bytes: Buffer) => recordText(bytes, 0, bytes.length);

describe('recordText', () => {
  it('reads valid UTF-8 as UTF-8, a replacement character in it included', () => {
    for (const text of ['c-1,Ivan Petrov', 'c-2,José María García', 'c-3,Мао Цзэдун', 'c-4,Jos\ufffd']) {
      expect(textOf(Buffer.from(text, 'utf8'))).toBe(text);
    }
  });

  it('reads a record that is not valid UTF-8 as Windows-1252', () => {
    // A Windows spreadsheet's CSV export: one byte per accented letter.
    expect(textOf(Buffer.from('c-2,José María García,Zoë Ñúñez', 'latin1'))).toBe(
      'c-2,José María García,Zoë Ñúñez',
    );
    // 0x80–0x9f are Windows-1252's own letters and signs, not Latin-1's C1 controls.
    expect(
      textOf(
        Buffer.from([0x8a, 0x6b, 0x6f, 0x64, 0x61, 0x2c, 0x80, 0x2c, 0x9c, 0x2c, 0x9f, 0x2c, 0x93, 0x94]),
      ),
    ).toBe('Škoda,€,œ,Ÿ,“”');
  });

  it('reads only the bytes it is given', () => {
    const bytes = Buffer.concat([
      Buffer.from('xx'),
      Buffer.from('Müller', 'latin1'),
      Buffer.from('é', 'utf8'),
    ]);
    expect(recordText(bytes, 2, 8)).toBe('Müller');
    expect(recordText(bytes, 8, bytes.length)).toBe('é');
  });
});
