import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_CHARS, normalizeName, normalizeText, splitCommaName } from '../../src/names/normalize.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

describe('normalizeName', () => {
  it.each([
    ['AL-QAIDA', 'al qaida'],
    ['AL QAIDA', 'al qaida'],
    ["O'Brien", 'obrien'],
    ['O’Brien', 'obrien'],
    ["Ba'ath", 'baath'],
    ['  John   SMITH  ', 'john smith'],
    ['MÜLLER, Jürgen', 'muller jurgen'],
    ['Ñandú', 'nandu'],
    ['Straße', 'strasse'],
    ['Владимир Путин', 'vladimir putin'],
    ['Ελληνικά', 'ellinika'],
    ['صدام حسين', 'sadam hussein'],
    ['Ким Чен Ын', 'kim jong un'],
    ['Евгений Пригожин', 'yevgeniy prigozhin'],
    ['Володимир Зеленський', 'volodimir zelenskiy'],
    ['Олексій Резніков', 'oleksiy reznikov'],
    ['Ευάγγελος Βενιζέλος', 'evangelos venizelos'],
    ['Acme S.A.', 'acme sa'],
    ['L.L.C.', 'llc'],
    ['J.Smith', 'j smith'],
    ['Johnson & Johnson', 'johnson and johnson'],
    ['ﬁrst', 'first'],
    ['Ｆｕｌｌ　Ｗｉｄｔｈ', 'full width'],
    ['a\u0000b\u0007c\td', 'a b c d'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeName(raw)).toBe(expected);
  });

  it('writes Chinese, Japanese and Korean as lists spell them', () => {
    expect(normalizeName('习近平')).toBe('xi jinping');
    expect(normalizeName('弗拉基米尔·普京')).toBe('vlajimir pujin');
    expect(normalizeName('김정은')).toBe('kim jongun');
    expect(normalizeName('あさはら しょうこう')).toBe('asahara shoko');
  });

  it('reads a whole name as Ukrainian when one of its words has a Ukrainian letter', () => {
    expect(normalizeName('Зеленський Віктор')).toBe('zelenskyy viktor');
    expect(normalizeName('Зеленський')).toBe('zelenskiy');
  });

  it.each([[''], ['   '], ['\u0000\u0001'], ['---'], ['\u200b']])('gives an empty name for %j', (raw) => {
    expect(normalizeName(raw)).toBe('');
  });

  it('bounds the work on absurd inputs', () => {
    const started = performance.now();
    const out = normalizeName('Ж'.repeat(10_000));
    expect(out.length).toBeLessThanOrEqual(MAX_NAME_CHARS * 2);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('never splits a surrogate pair when truncating', () => {
    const raw = `${'a'.repeat(MAX_NAME_CHARS - 1)}😀tail`;
    expect(() => normalizeName(raw)).not.toThrow();
    expect(normalizeName(raw).startsWith('a')).toBe(true);
  });

  it('tolerates non-string input from untyped callers', () => {
    expect(normalizeName(undefined as unknown as string)).toBe('');
  });
});

describe('normalizeName word by word', () => {
  it.each([
    'A- -B',
    'x\u00a0y\u2002z',
    'S.A. de C.V.',
    "Ba'ath  Party ’",
    '珈 葛 习近平',
    'Ａｌｉ　Ｈａｓｓａｎ',
    '&Co - & -',
    'e\u0301 \u0301a',
    'ﷺ Muhammad',
    'Ким Чен Ын',
    'Зеленський Віктор',
    'الزمر, عبود عبداللطيف',
    'オサマ・ビンラディン 弗拉基米尔·普京',
  ])('%j as normalizeText gives it whole', (raw) => {
    expect(normalizeName(raw)).toBe(normalizeText(raw));
    // The second time from the word cache.
    expect(normalizeName(raw)).toBe(normalizeText(raw));
  });
});

describeWithDatasets('normalizeName word by word on real lists', () => {
  it('equals the whole-name normalization on every line of the OFAC, UN and UK lists', () => {
    const texts = [
      readFileSync(sharedPath('ofac/sdn_advanced_2025-11-19/names.csv'), 'utf8'),
      readFileSync(sharedPath('un/consolidated_2026-02-27.xml'), 'utf8'),
      gunzipSync(readFileSync(sharedPath('uk/ofsi_conlist_2025-04-10.csv.gz'))).toString('utf8'),
    ];
    const lines = texts.flatMap((text) => text.split('\n')).filter((line) => line.length <= MAX_NAME_CHARS);
    const differ = lines.filter((line) => normalizeName(line) !== normalizeText(line));
    expect(lines.length).toBeGreaterThan(100_000);
    expect(differ.slice(0, 5)).toEqual([]);
  });
});

describe('splitCommaName', () => {
  it.each([
    ['MADURO MOROS, Nicolas', { surname: 'MADURO MOROS', given: 'Nicolas' }],
    ['KOVALENKO, Ivan Petrovych', { surname: 'KOVALENKO', given: 'Ivan Petrovych' }],
    ['John Smith', undefined],
    ['ACME, INC., LONDON BRANCH', undefined],
    [', John', undefined],
    ['SMITH,', undefined],
  ])('%j', (raw, expected) => {
    expect(splitCommaName(raw)).toEqual(expected);
  });
});
