/**
 * A CSV record's text. Portfolios should be UTF-8, but a spreadsheet's "CSV" export on Windows is
 * Windows-1252, and decoding its accented names as UTF-8 would screen "Jos� Mar�a" instead of "José
 * María", silently. A record whose bytes are not valid UTF-8 is read as Windows-1252 instead, record
 * by record, so a file that mixes the two (rows appended by another tool) reads right too.
 */
import { isUtf8 } from 'node:buffer';

/**
 * Windows-1252's characters for the bytes 0x80–0x9f (the five it leaves undefined stay C1 controls);
 * every other byte is the Latin-1 character of the same number. Node's TextDecoder('windows-1252')
 * reads these bytes as C1 controls, as Latin-1 does.
 */
const CP1252_80_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const C1 = /[\u0080-\u009f]/g;

/** `bytes[start, end)` as UTF-8 text, or as Windows-1252 when they are not valid UTF-8. */
export function recordText(bytes: Buffer, start: number, end: number): string {
  const text = bytes.toString('utf8', start, end);
  // A valid record may hold U+FFFD itself: only invalid bytes make it Windows-1252.
  if (!text.includes('\ufffd') || isUtf8(bytes.subarray(start, end))) return text;
  return bytes.toString('latin1', start, end).replace(C1, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]!);
}
