import { describe, expect, it } from 'vitest';
import { prepareName } from '../../src/names/prepare.js';
import { TokenClass } from '../../src/names/types.js';
import { Vocabulary } from '../../src/names/vocabulary.js';

describe('prepareName', () => {
  it.each([
    ['AL-BAGHDADI, Abu Bakr', 'individual', ['abu', 'bakr', 'al', 'baghdadi']],
    ['MADURO MOROS, Nicolas', 'individual', ['nicolas', 'maduro', 'moros']],
    ['MADURO MOROS, Nicolas', 'any', ['nicolas', 'maduro', 'moros']],
    ['ACME, INC.', 'any', ['acme', 'inc']],
    ['ANGLO-CARIBBEAN CO., LTD.', 'organization', ['anglo', 'caribbean', 'ltd']],
    ['AL-ZAWAHIRI, Dr. Ayman', 'individual', ['ayman', 'al', 'zawahiri']],
  ] as const)('puts %j (%s) in reading order', (raw, kind, expected) => {
    expect(prepareName(raw, kind).tokens).toEqual(expected);
  });

  it('gives equal exact keys to transposed names', () => {
    expect(prepareName('Abu Bakr al Baghdadi', 'individual').exactKey).toBe(
      prepareName('AL-BAGHDADI Abu Bakr', 'individual').exactKey,
    );
  });

  it('interns tokens: equal tokens get equal ids in one vocabulary', () => {
    const vocabulary = new Vocabulary();
    const a = prepareName('John Smith', 'individual', vocabulary);
    const b = prepareName('Smith, John', 'individual', vocabulary);
    expect([...b.ids]).toEqual([...a.ids]);
    expect(vocabulary.size).toBe(2);
  });

  it('does not grow a sealed vocabulary: unknown tokens get id -1', () => {
    const vocabulary = new Vocabulary();
    prepareName('John Smith', 'individual', vocabulary);
    vocabulary.seal();
    const q = prepareName('John Doe', 'individual', vocabulary);
    expect(q.ids[0]).toBeGreaterThanOrEqual(0);
    expect(q.ids[1]).toBe(-1);
    expect(vocabulary.size).toBe(2);
  });

  it('keeps phonetic keys, stems and merged neighbours', () => {
    const p = prepareName('Mohammed Albaghdadi', 'individual');
    expect(p.phonetic[0]).toBe(prepareName('Muhammad', 'individual').phonetic[0]);
    expect(p.stems).toEqual(['mohammed', 'baghdadi']);
    expect(p.merged).toEqual(['mohammedalbaghdadi']);
  });

  it('weighs weak tokens below ordinary ones', () => {
    const p = prepareName('the al rafidain bank ltd', 'organization');
    const weight = (token: string): number => p.weights[p.tokens.indexOf(token)] ?? 0;
    expect(weight('rafidain')).toBeGreaterThan(weight('bank'));
    expect(weight('bank')).toBeGreaterThan(weight('al'));
    expect(weight('al')).toBeGreaterThan(weight('ltd'));
    expect(p.classes[p.tokens.indexOf('ltd')]).toBe(TokenClass.LEGAL_FORM);
    expect(p.legalForm).toBe('ltd');
  });

  it('marks names without an ordinary token as uninformative', () => {
    expect(prepareName('CORP', 'organization').informative).toBe(false);
    expect(prepareName('the ltd', 'organization').informative).toBe(false);
    expect(prepareName('Acme Corp', 'organization').informative).toBe(true);
  });

  it.each([[''], ['   '], ['\u0000\u0007'], ['x'.repeat(10_000)], ['Ж '.repeat(5_000)]])(
    'never throws on %#',
    (raw) => {
      expect(() => prepareName(raw, 'any')).not.toThrow();
    },
  );
});
